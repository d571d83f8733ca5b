import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret from the environment, or else one generated once into DATA_DIR/secrets, so a
 * local start needs no setup and the web app (which reads the same file) agrees with it.
 */
export function readOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}
