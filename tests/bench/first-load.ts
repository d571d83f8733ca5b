/**
 * npm run bench:first-load: what the signed-in /companies page, and the home page, weigh on a first load in a fresh
 * demo workspace: the HTML and every script and stylesheet it names, gzipped, script by script; then, in a browser,
 * the scripts it fetches until it is interactive and until the network is idle, and beside them the texts it fetches
 * (JSON, through i18next's backend), which scripts held before. Run `npm run build` first (or give a copy of a build
 * with --build DIR/build/server/index.js).
 * Budgets (docs/performance.md): 20 KiB of HTML; 200 KiB of JavaScript until interactive, 250 KiB until idle. The
 * script exits with 1 when a budget is not met.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { findBrowser, NO_BROWSER } from "../e2e/browser.ts";
import { firstLoadBytes, gzipBytes, signIn, startServers } from "./workspace.ts";

const KiB = 1024;
const budgetsKiB = { interactive: 200, idle: 250 };
const executablePath = findBrowser();
if (!executablePath) {
  console.error(NO_BROWSER);
  process.exit(2);
}

// A copy of a build (DIR/build beside DIR/public and DIR/node_modules, as bench:slow-link takes it) may be weighed.
const { values: options } = parseArgs({ options: { build: { type: "string", default: "build/server/index.js" } } });
const password = "first-load-password";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-first-load-"));
const servers = await startServers({ dataDir, password, webBuilds: [options.build] });
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
let overBudget = false;
try {
  const { cookie } = await signIn(servers, password);
  const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
  for (const language of ["en", "nb"]) {
    const bytes = await firstLoadBytes(servers.appUrl, cookie, language);
    const lang = /<html[^>]*\blang="([^"]+)"/.exec(bytes.html)?.[1];
    if (lang !== language) throw new Error(`/companies came in ${lang ?? "no language"}, not ${language}`);
    console.log(
      `/companies (${language}): HTML ${kib(bytes.htmlGzip)}, JS ${kib(bytes.jsGzip)} in ${bytes.js.length} files, CSS ${kib(bytes.cssGzip)} (gzip)`,
    );
    if (language === "en") for (const file of bytes.js) console.log(`  ${kib(file.gzip).padStart(10)}  ${file.file}`);

    const loaded = await scriptsInBrowser(cookie, language, "/companies");
    const weigh = async (urls: string[]) => {
      let total = 0;
      for (const url of urls) total += (await gzipBytes(url, "")).wire;
      return total;
    };
    const interactive = await weigh(loaded.beforeInteractive);
    const idle = await weigh(loaded.all);
    const texts = await weigh(loaded.texts);
    const verdict = (value: number, budget: number) => {
      if (value > budget * KiB) overBudget = true;
      return value > budget * KiB ? `over ${budget} KiB` : `within ${budget} KiB`;
    };
    console.log(
      `/companies (${language}) in a browser: JS until interactive ${kib(interactive)} in ${loaded.beforeInteractive.length} files (${verdict(interactive, budgetsKiB.interactive)}), until the network is idle ${kib(idle)} in ${loaded.all.length} files (${verdict(idle, budgetsKiB.idle)}); texts ${kib(texts)} in ${loaded.texts.length} files, so scripts and texts until interactive ${kib(interactive + texts)}`,
    );
    if (language === "en") {
      for (const url of loaded.all.filter((url) => !loaded.beforeInteractive.includes(url)))
        console.log(`  after interactive: ${new URL(url).pathname}`);
    }
  }
  // The home page of a workspace without a home dashboard: the dashboard's grid and charts must not load there.
  const home = await firstLoadBytes(servers.appUrl, cookie, "en", "/");
  console.log(`/ (en): HTML ${kib(home.htmlGzip)}, JS ${kib(home.jsGzip)} in ${home.js.length} files (gzip)`);
  const charts = home.js.filter((file) => /(dashboard-grid|chart|nivo)/.test(file.file));
  if (charts.length > 0)
    throw new Error(`the home page loads chart code: ${charts.map((file) => file.file).join(", ")}`);
} finally {
  await browser.close();
  await servers.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (overBudget) process.exit(1);

/**
 * The scripts a browser with an empty cache fetches for the page until the network is idle, those among them that
 * had arrived when the page marked itself hydrated (`workspace:hydrated`), and the texts it fetched (all of them
 * before it hydrates).
 */
async function scriptsInBrowser(cookie: string, language: string, pagePath: string) {
  const context = await browser.newContext({ locale: language === "nb" ? "nb-NO" : "en-US" });
  try {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const index = pair.indexOf("=");
        return { name: pair.slice(0, index), value: pair.slice(index + 1), url: servers.appUrl };
      }),
    );
    const page = await context.newPage();
    const arrived = new Map<string, number>();
    const texts = new Set<string>();
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname.startsWith("/locales/")) texts.add(request.url());
      if (request.resourceType() !== "script") return;
      const timing = request.timing();
      arrived.set(request.url(), timing.startTime + timing.responseEnd);
    });
    const response = await page.goto(`${servers.appUrl}${pagePath}`, { waitUntil: "networkidle" });
    if (response?.status() !== 200) throw new Error(`${pagePath} answered ${response?.status()}`);
    // The network may fall quiet while the scripts still run: idle is counted once the page is interactive too.
    await page.waitForFunction(() => performance.getEntriesByName("workspace:hydrated", "mark").length > 0);
    await page.waitForLoadState("networkidle");
    const hydratedAt = await page.evaluate(() => {
      const mark = performance.getEntriesByName("workspace:hydrated", "mark")[0];
      return mark ? performance.timeOrigin + mark.startTime : Number.NaN;
    });
    if (!Number.isFinite(hydratedAt)) throw new Error(`${pagePath} never marked itself hydrated`);
    const all = [...arrived.keys()];
    return {
      all,
      beforeInteractive: all.filter((url) => (arrived.get(url) ?? Infinity) <= hydratedAt),
      texts: [...texts],
    };
  } finally {
    await context.close();
  }
}
