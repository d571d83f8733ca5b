import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./processes.ts";

const inputs = [
  "app",
  "public",
  "server/contract",
  "server/cli/build-web-server.ts",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
const fingerprintFile = path.join(projectRoot, "build", ".source-fingerprint");

function addToHash(hash: ReturnType<typeof createHash>, relative: string): void {
  const absolute = path.join(projectRoot, relative);
  if (!fs.existsSync(absolute)) return;
  if (fs.statSync(absolute).isDirectory()) {
    for (const entry of fs.readdirSync(absolute).sort()) {
      if (entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
      addToHash(hash, path.join(relative, entry));
    }
    return;
  }
  hash.update(relative);
  hash.update(fs.readFileSync(absolute));
}

/** A hash of everything the web app build is made from. */
export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const input of inputs) addToHash(hash, input);
  return hash.digest("hex");
}

export function buildIsCurrent(fingerprint: string): boolean {
  return (
    fs.existsSync(path.join(projectRoot, "build/server/index.js")) &&
    fs.existsSync(path.join(projectRoot, "build/serve.js")) &&
    fs.existsSync(fingerprintFile) &&
    fs.readFileSync(fingerprintFile, "utf8") === fingerprint
  );
}

export function recordBuild(fingerprint: string): void {
  fs.writeFileSync(fingerprintFile, fingerprint);
}
