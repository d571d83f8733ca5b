/**
 * npm run bench:slow-link: `/companies`, a company's record page and a dashboard, each loaded for the first time in
 * Chromium over an emulated slow link (400 kbps down and up, 400 ms round trip, through the DevTools protocol's
 * `Network.emulateNetworkConditions`, with the cache disabled), in a fresh demo workspace on the embedded database.
 * Run `npm run build` first (or give a copy of a build with --build).
 *
 * For each page and run it counts, until the network is idle (no request in flight for --quiet ms after the
 * document's load event):
 * - the JavaScript fetched: the bodies of every script response, as they came over the wire (compressed), without
 *   their headers;
 * - the requests made, of any kind, the document's own included;
 * - the time to interactive: from the start of the navigation (`performance.timeOrigin`) to the app's
 *   `workspace:hydrated` mark, which the root route sets in its first effect, once React has hydrated the document and
 *   attached its event handlers (parts that load once reached, decision 039, are the server's HTML until then). After
 *   the network went idle the benchmark clicks the page's probe link (a row of the list, a tab of the record, the brand
 *   link on the dashboard) and stops with an error unless the app handled it (its handler prevents the browser's own
 *   navigation and navigates within the app).
 *
 * It prints median and worst of each over --runs runs, the machine's load average before and after, and the scripts
 * of the last run, writes the same to bench-results/, and exits with 1 when a median is over its budget: JavaScript
 * 250 KiB on every page, interactive in 5 s on `/companies` and the record page (docs/performance.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "playwright-core";
import { findBrowser, NO_BROWSER } from "../e2e/browser.ts";
import { projectRoot } from "../support/servers.ts";
import { signIn, startServers } from "./workspace.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    build: { type: "string", default: "build/server/index.js" },
    language: { type: "string", default: "en" },
    pages: { type: "string", default: "companies,record,dashboard" },
    "down-kbps": { type: "string", default: "400" },
    "up-kbps": { type: "string", default: "400" },
    "rtt-ms": { type: "string", default: "400" },
    quiet: { type: "string", default: "3000" },
    waterfall: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log(`npm run bench:slow-link [-- --runs 5] [--build build/server/index.js] [--language en|nb]
    [--pages companies,record,dashboard] [--down-kbps 400] [--up-kbps 400] [--rtt-ms 400] [--quiet 3000]
    [--waterfall]

Run npm run build first. To measure a copy of a build, copy its build/ to DIR/build and public/ to DIR/public and
give --build DIR/build/server/index.js (with DIR/node_modules a link to the project's). --waterfall lists every
request of each page's last run: when it started and ended after the navigation's start, and its bytes. Exits with 1
when a median is over its budget.`);
  process.exit(0);
}
const runs = Number(options.runs);
const downKbps = Number(options["down-kbps"]);
const upKbps = Number(options["up-kbps"]);
const rttMs = Number(options["rtt-ms"]);
const quietMs = Number(options.quiet);
const language = options.language;
const pageNames = options.pages.split(",").filter(Boolean);
const known = ["companies", "record", "dashboard"];
if (
  !(runs > 0) ||
  !(downKbps > 0) ||
  !(upKbps > 0) ||
  !(rttMs >= 0) ||
  !(quietMs > 0) ||
  !["en", "nb"].includes(language) ||
  pageNames.length === 0 ||
  pageNames.some((name) => !known.includes(name))
) {
  console.error(`--runs, --down-kbps, --up-kbps and --quiet must be positive, --rtt-ms zero or more, --language en or
nb, --pages some of ${known.join(",")}`);
  process.exit(2);
}
const executablePath = findBrowser();
if (!executablePath) {
  console.error(NO_BROWSER);
  process.exit(2);
}

const KiB = 1024;
const budgets: Record<string, { jsKiB: number; interactiveMs?: number }> = {
  companies: { jsKiB: 250, interactiveMs: 5000 },
  record: { jsKiB: 250, interactiveMs: 5000 },
  dashboard: { jsKiB: 250 },
};

interface Run {
  jsBytes: number;
  requests: number;
  interactiveMs: number;
  idleMs: number;
  scripts: { url: string; bytes: number }[];
  /** Every request: seconds after the document's request when it was sent and when it ended, and its body's bytes. */
  waterfall: { url: string; type: string; start: number; end: number; bytes: number }[];
}

/** One first visit of `url` over the emulated link in a fresh browser context (empty cache, the session's cookie). */
async function visit(context: BrowserContext, url: string, probe: string): Promise<Run> {
  // Builds from before the app's mark are timed by its `data-hydrated` attribute, set in the same effect.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== "true") return;
      (window as { hydratedAt?: number }).hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  // Throughputs are in bytes per second; the latency is added to each request's round trip.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: rttMs,
    downloadThroughput: (downKbps * 1000) / 8,
    uploadThroughput: (upKbps * 1000) / 8,
  });
  const requests = new Map<
    string,
    { url: string; type?: string; headerBytes: number; bytes?: number; start: number; end?: number }
  >();
  let inFlight = 0;
  let lastActivity = Date.now();
  let loaded = false;
  cdp.on("Network.requestWillBeSent", (event) => {
    // A redirect reuses its request's id; the hop is a request of its own.
    const key = requests.has(event.requestId) ? `${event.requestId}:${requests.size}` : event.requestId;
    if (!requests.has(event.requestId)) inFlight++;
    requests.set(key, { url: event.request.url, type: event.type, headerBytes: 0, start: event.timestamp });
    lastActivity = Date.now();
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.type = event.type;
      request.headerBytes = event.response.encodedDataLength;
    }
    lastActivity = Date.now();
  });
  cdp.on("Network.dataReceived", () => {
    lastActivity = Date.now();
  });
  const settle = (requestId: string) => {
    if (requests.has(requestId)) inFlight--;
    lastActivity = Date.now();
  };
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.bytes = event.encodedDataLength - request.headerBytes;
      request.end = event.timestamp;
    }
    settle(event.requestId);
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp;
    settle(event.requestId);
  });
  page.on("load", () => {
    loaded = true;
    lastActivity = Date.now();
  });

  const started = Date.now();
  const response = await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  while (!(loaded && inFlight <= 0 && Date.now() - lastActivity >= quietMs)) {
    if (Date.now() - started > 180_000) throw new Error(`${url} did not go idle in 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idleMs = lastActivity - started;
  const interactiveMs = await page.evaluate(
    () =>
      performance.getEntriesByName("workspace:hydrated", "mark")[0]?.startTime ??
      (window as { hydratedAt?: number }).hydratedAt ??
      Number.NaN,
  );
  if (!Number.isFinite(interactiveMs)) throw new Error(`${url} never marked itself hydrated`);
  const listed = [...requests.values()];
  const scripts = listed
    .filter((request) => request.type === "Script")
    .map((request) => ({ url: new URL(request.url).pathname, bytes: request.bytes ?? 0 }));

  // The app, not the browser, must handle a click: its handler prevents the browser's navigation. Checked after the
  // figures, since the navigation it starts loads more.
  const handled = await page.evaluate((selector) => {
    const link = document.querySelector<HTMLElement>(selector);
    if (!link) return `no ${selector} on the page`;
    let prevented = false;
    window.addEventListener("click", (event) => (prevented = event.defaultPrevented), { once: true });
    link.click();
    return prevented ? "" : `a click on ${selector} was left to the browser`;
  }, probe);
  if (handled) throw new Error(`${url}: ${handled}`);
  await page.close();
  return {
    jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    requests: listed.length,
    interactiveMs,
    idleMs,
    scripts: scripts.sort((a, b) => b.bytes - a.bytes),
    waterfall: listed.map((request) => ({
      url: new URL(request.url).pathname,
      type: request.type ?? "",
      start: request.start - listed[0].start,
      end: (request.end ?? Number.NaN) - listed[0].start,
      bytes: request.bytes ?? 0,
    })),
  };
}

const password = "slow-link-password";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-slow-link-"));
const loadBefore = os.loadavg();
const servers = await startServers({ dataDir, password, webBuilds: [options.build] });
const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
let failed = false;
try {
  const { cookie } = await signIn(servers, password);
  const cookies = cookie.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url: servers.appUrl };
  });
  const html = async (pagePath: string) =>
    (await fetch(`${servers.appUrl}${pagePath}`, { headers: { cookie, "accept-language": language } })).text();
  const company = /href="\/companies\/([0-9a-f-]{36})"/.exec(await html("/companies"))?.[1];
  const dashboard = /href="\/dashboard\/([0-9a-f-]{36})"/.exec(await html("/"))?.[1];
  if (!company || !dashboard) throw new Error("the demo workspace has no company or no dashboard in the menu");
  const pages: Record<string, { path: string; probe: string }> = {
    companies: { path: "/companies", probe: 'main tbody a[href^="/companies/"]' },
    record: { path: `/companies/${company}`, probe: 'main nav a[href^="/companies/"]:not([aria-current])' },
    dashboard: { path: `/dashboard/${dashboard}`, probe: 'a[href="/"]' },
  };

  const results: Record<string, Run[]> = {};
  for (let run = 0; run < runs; run++) {
    for (const name of pageNames) {
      const context = await browser.newContext({ locale: language === "nb" ? "nb-NO" : "en-US" });
      await context.addCookies(cookies);
      try {
        const result = await visit(context, `${servers.appUrl}${pages[name].path}`, pages[name].probe);
        results[name] = [...(results[name] ?? []), result];
        console.log(
          `run ${run + 1} ${name}: JS ${(result.jsBytes / KiB).toFixed(1)} KiB in ${result.scripts.length} files, ` +
            `${result.requests} requests, interactive ${(result.interactiveMs / 1000).toFixed(2)} s, idle at ` +
            `${(result.idleMs / 1000).toFixed(1)} s`,
        );
      } finally {
        await context.close();
      }
    }
  }
  const loadAfter = os.loadavg();

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const worst = (values: number[]) => Math.max(...values);
  const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(", ");
  console.log(
    `\n${downKbps} kbps down, ${upKbps} kbps up, ${rttMs} ms round trip, cache disabled, ${language}, ${runs} runs; ` +
      `load average ${load(loadBefore)} before, ${load(loadAfter)} after`,
  );
  console.log("| page | JS KiB median / worst | requests median / worst | interactive s median / worst | budget |");
  console.log("|---|---:|---:|---:|---|");
  const summary: Record<string, object> = {};
  for (const name of pageNames) {
    const list = results[name];
    const js = list.map((result) => result.jsBytes / KiB);
    const requests = list.map((result) => result.requests);
    const interactive = list.map((result) => result.interactiveMs / 1000);
    const budget = budgets[name];
    const over: string[] = [];
    if (median(js) > budget.jsKiB) over.push(`JS over ${budget.jsKiB} KiB`);
    if (budget.interactiveMs && median(interactive) * 1000 > budget.interactiveMs)
      over.push(`interactive after ${budget.interactiveMs / 1000} s`);
    if (over.length > 0) failed = true;
    const budgetText = `${budget.jsKiB} KiB${budget.interactiveMs ? `, ${budget.interactiveMs / 1000} s` : ""}`;
    console.log(
      `| ${pages[name].path.replace(/[0-9a-f-]{36}/, "{id}")} | ${median(js).toFixed(1)} / ${worst(js).toFixed(1)} | ` +
        `${median(requests)} / ${worst(requests)} | ${median(interactive).toFixed(2)} / ${worst(interactive).toFixed(2)} | ` +
        `${over.length > 0 ? `**over**: ${over.join(", ")}` : `within (${budgetText})`} |`,
    );
    summary[name] = { path: pages[name].path, runs: list, over };
  }
  for (const name of pageNames) {
    console.log(`\n${name}, scripts of the last run:`);
    for (const script of results[name].at(-1)?.scripts ?? [])
      console.log(`  ${(script.bytes / KiB).toFixed(1).padStart(7)} KiB  ${script.url}`);
    if (options.waterfall) {
      console.log(`${name}, every request of the last run (sent and ended, s after the document's request):`);
      for (const request of results[name].at(-1)?.waterfall ?? [])
        console.log(
          `  ${request.start.toFixed(2).padStart(6)} ${request.end.toFixed(2).padStart(6)} ` +
            `${(request.bytes / KiB).toFixed(1).padStart(7)} KiB  ${request.type.padEnd(10)} ${request.url}`,
        );
    }
  }
  const folder = path.join(projectRoot, "bench-results");
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `slow-link-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        link: { downKbps, upKbps, rttMs, quietMs },
        language,
        loadBefore,
        loadAfter,
        pages: summary,
      },
      null,
      2,
    ),
  );
  console.log(`\n${path.relative(projectRoot, file)}`);
} finally {
  await browser.close();
  await servers.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error("over budget");
  process.exit(1);
}
