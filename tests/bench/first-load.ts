/**
 * npm run bench:first-load: what the signed-in /companies page, and the home page, weigh on a first load in a fresh
 * demo workspace: the HTML and every script and stylesheet it loads, gzipped, script by script. Run `npm run build`
 * first.
 * The budget is 200 KiB of JavaScript and 20 KiB of HTML (docs/performance.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstLoadBytes, signIn, startServers } from "./workspace.ts";

const password = "first-load-password";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-first-load-"));
const servers = await startServers({ dataDir, password });
try {
  const { cookie } = await signIn(servers, password);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const language of ["en", "nb"]) {
    const bytes = await firstLoadBytes(servers.appUrl, cookie, language);
    const lang = /<html[^>]*\blang="([^"]+)"/.exec(bytes.html)?.[1];
    if (lang !== language) throw new Error(`/companies came in ${lang ?? "no language"}, not ${language}`);
    console.log(
      `/companies (${language}): HTML ${kib(bytes.htmlGzip)}, JS ${kib(bytes.jsGzip)} in ${bytes.js.length} files, CSS ${kib(bytes.cssGzip)} (gzip)`,
    );
    if (language === "en") for (const file of bytes.js) console.log(`  ${kib(file.gzip).padStart(10)}  ${file.file}`);
  }
  // The home page of a workspace without a home dashboard: the dashboard's grid and charts must not load there.
  const home = await firstLoadBytes(servers.appUrl, cookie, "en", "/");
  console.log(`/ (en): HTML ${kib(home.htmlGzip)}, JS ${kib(home.jsGzip)} in ${home.js.length} files (gzip)`);
  const charts = home.js.filter((file) => /(dashboard-grid|chart|nivo)/.test(file.file));
  if (charts.length > 0)
    throw new Error(`the home page loads chart code: ${charts.map((file) => file.file).join(", ")}`);
} finally {
  await servers.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
