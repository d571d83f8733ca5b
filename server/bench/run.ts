/**
 * npm run bench: measures a list of companies at every layer, on the database that DATABASE_URL or DATA_DIR points to
 * (fill it first with npm run bench:seed). Prints a table and writes the same figures as JSON to bench-results/.
 *
 *   1. the repository's SQL for a list page and a search, timed in-process;
 *   2. GET /api/crm/company as the page calls it, over HTTP with keep-alive, at several concurrencies;
 *   3. the server-rendered /companies page with a signed-in session;
 *   4. bytes on the wire for /companies on first load, /healthz while slow requests run, and peak RSS.
 *
 * Every run is bounded by --duration seconds (and SQL timing also by --iterations).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import { screens } from "../../app/features/records/screens.ts";
import { projectRoot } from "../../tests/support/servers.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedWorkspace } from "../db/seed.ts";
import { loadEntity } from "../records/metadata.repository.ts";
import { type ListQuery, listRecords } from "../records/records.repository.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { firstLoadBytes, signIn, startServers } from "./workspace.ts";

const PAGE_SIZE = 25;

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    iterations: { type: "string", default: "200" },
    connections: { type: "string", default: "1,4,16" },
    search: { type: "string", default: "berg" },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log(`npm run bench [-- --duration S] [--iterations N] [--connections 1,4,16] [--search TEXT]

Uses DATABASE_URL (PostgreSQL) or DATA_DIR (embedded, default ./data), filled by npm run bench:seed.
Signs in as admin@example.com with DEMO_PASSWORD (default: the one bench:seed uses).`);
  process.exit(0);
}
const durationSeconds = Number(options.duration);
const maxIterations = Number(options.iterations);
/**
 * Each scenario runs this long unmeasured first, as it would have in a workspace in use: the first request of a list
 * fills the caches and starts noting its deep pages' anchors.
 */
const WARM_UP_SECONDS = 2;
const concurrencies = options.connections.split(",").map(Number);
if (
  !(durationSeconds > 0) ||
  !(maxIterations > 0) ||
  concurrencies.some((c) => !Number.isInteger(c) || c < 1) ||
  options.search.trim().length < 3
) {
  console.error("--duration and --iterations must be positive, --connections whole numbers, --search 3+ characters");
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "data");
const password = process.env.DEMO_PASSWORD || BENCH_PASSWORD;

// --- Statistics ---

interface Summary {
  count: number;
  median: number;
  p95: number;
  max: number;
}

function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { count: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : "–");

// --- Scenarios: what a user asks of the list ---

interface Scenario {
  name: string;
  page: number;
  q?: string;
}

async function sqlPhase() {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedWorkspace(handle.db, { demo: true, demoPassword: password });
    const entity = await loadEntity(handle.db, "crm", "company");
    if (!entity) throw new Error("no company entity: start the workspace once or run npm run bench:seed");
    const { rows } = await sql<{
      total: number;
    }>`select count(*)::int as total from crm.company`.execute(handle.db);
    const companies = rows[0].total;
    if (companies < PAGE_SIZE * 2) throw new Error(`only ${companies} companies: run npm run bench:seed first`);
    const middle = await sql<{ name: string }>`select name from crm.company order by lower(name), id
      offset ${Math.floor(companies / 2)} limit 1`.execute(handle.db);
    const version = await sql<{ version: string }>`select version()`.execute(handle.db);

    const scenarios: Scenario[] = [
      { name: "first page", page: 0 },
      // A tenth of the way in: deep, and served by walking the name index from the nearer end.
      { name: "deep page", page: Math.floor(companies / PAGE_SIZE / 10) },
      // The worst case for any offset: as far from both ends as a page can be.
      { name: "middle page", page: Math.floor(companies / PAGE_SIZE / 2) },
      { name: "last page", page: Math.ceil(companies / PAGE_SIZE) - 1 },
      { name: `search "${options.search}"`, page: 0, q: options.search },
      { name: `search "${middle.rows[0].name}"`, page: 0, q: middle.rows[0].name },
    ];

    const results: Record<string, Summary & { total: number }> = {};
    for (const scenario of scenarios) {
      const query: ListQuery = {
        offset: scenario.page * PAGE_SIZE,
        limit: PAGE_SIZE,
        sort: [{ key: "name", direction: "asc" }],
        search: scenario.q,
        filters: [],
      };
      let total = 0;
      const warm = performance.now() + WARM_UP_SECONDS * 1000;
      do total = (await listRecords(handle.db, entity, query)).total;
      while (performance.now() < warm);
      const samples: number[] = [];
      const deadline = performance.now() + durationSeconds * 1000;
      while (samples.length < maxIterations && performance.now() < deadline) {
        const started = performance.now();
        await listRecords(handle.db, entity, query);
        samples.push(performance.now() - started);
      }
      results[scenario.name] = { ...summarize(samples), total };
    }
    return { companies, scenarios, results, databaseVersion: version.rows[0].version };
  } finally {
    await handle.close();
  }
}

// --- HTTP load ---

async function load(url: string, headers: Record<string, string>, connections: number, duration = durationSeconds) {
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({ url, headers, connections, duration, timeout: 30 });
  instance.on("response", (_client, statusCode, _bytes, responseMs) => {
    samples.push(responseMs);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const failed = [...statuses].filter(([status]) => status !== 200);
  if (failed.length > 0 || result.errors > 0) {
    throw new Error(`${url}: answers ${JSON.stringify(Object.fromEntries(statuses))}, ${result.errors} errors`);
  }
  return { ...summarize(samples), requestsPerSecond: samples.length / duration };
}

/** Polls /healthz every 25 ms while `during` runs. */
async function healthDuring<T>(healthUrl: string, during: Promise<T>) {
  const samples: number[] = [];
  let running = true;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(healthUrl);
      await response.arrayBuffer();
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { result: await during, health: summarize(samples) };
  } finally {
    running = false;
    await poller;
  }
}

// --- Bytes on the wire ---

function peakRss(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

// --- The run ---

async function main() {
  const started = new Date();
  const kind = databaseUrl ? "postgres" : "pglite";
  console.log(`Benchmark on ${kind}, ${durationSeconds} s per measurement, concurrency ${concurrencies.join("/")}`);
  const sqlResults = await sqlPhase();
  console.log(`${sqlResults.companies.toLocaleString("en")} companies; SQL timed in-process`);

  const servers = await startServers({ databaseUrl, dataDir, password });
  try {
    const { cookie, accessToken } = await signIn(servers, password);
    const apiHeaders = { authorization: `Bearer ${accessToken}` };
    const appHeaders = { cookie };
    const apiResults: Record<string, Record<number, Awaited<ReturnType<typeof load>>>> = {};
    const pageResults: Record<string, Record<number, Awaited<ReturnType<typeof load>>>> = {};
    for (const scenario of sqlResults.scenarios) {
      // The call the page makes: its columns only, in the default order (by name).
      const query = new URLSearchParams({
        page: String(scenario.page),
        size: String(PAGE_SIZE),
        fields: screens.companies.listColumns.join(","),
      });
      const pageQuery = new URLSearchParams({ page: String(scenario.page + 1) });
      if (scenario.q) {
        query.set("q", scenario.q);
        pageQuery.set("q", scenario.q);
      }
      apiResults[scenario.name] = {};
      pageResults[scenario.name] = {};
      await load(`${servers.apiUrl}/api/crm/company?${query}`, apiHeaders, 1, WARM_UP_SECONDS);
      await load(`${servers.appUrl}/companies?${pageQuery}`, appHeaders, 1, WARM_UP_SECONDS);
      for (const connections of concurrencies) {
        apiResults[scenario.name][connections] = await load(
          `${servers.apiUrl}/api/crm/company?${query}`,
          apiHeaders,
          connections,
        );
        pageResults[scenario.name][connections] = await load(
          `${servers.appUrl}/companies?${pageQuery}`,
          appHeaders,
          connections,
        );
      }
      console.log(`  measured ${scenario.name}`);
    }

    // The slowest API request, at the highest concurrency, while /healthz is polled.
    const slowest = Object.entries(apiResults).sort(([, a], [, b]) => (b[1]?.median ?? 0) - (a[1]?.median ?? 0))[0][0];
    const slow = sqlResults.scenarios.find((scenario) => scenario.name === slowest) as Scenario;
    const slowQuery = new URLSearchParams({ page: String(slow.page), size: String(PAGE_SIZE), sort: "name,asc" });
    if (slow.q) slowQuery.set("q", slow.q);
    const healthRun = await healthDuring(
      `${servers.apiUrl}/healthz`,
      load(`${servers.apiUrl}/api/crm/company?${slowQuery}`, apiHeaders, Math.max(...concurrencies)),
    );

    const bytes = await firstLoadBytes(servers.appUrl, cookie);
    const rss = { api: peakRss(servers.api.pid), web: peakRss(servers.web.pid) };

    const rows = sqlResults.scenarios.map((scenario) => {
      const sqlTime = sqlResults.results[scenario.name];
      const api1 = apiResults[scenario.name][concurrencies[0]];
      const page1 = pageResults[scenario.name][concurrencies[0]];
      return {
        scenario: scenario.name,
        total: sqlTime.total,
        sql: sqlTime,
        api: apiResults[scenario.name],
        page: pageResults[scenario.name],
        // What each layer adds at the first concurrency, in ms (budgets: API 2.5 over its SQL, page 10 over its API).
        overheads: {
          apiOverSql: api1.median - sqlTime.median,
          pageOverApi: page1.median - api1.median,
          apiOverSqlP95: api1.p95 - sqlTime.p95,
          pageOverApiP95: page1.p95 - api1.p95,
        },
      };
    });

    printTable(rows, healthRun.health, slowest, bytes, rss);

    const report = {
      startedAt: started.toISOString(),
      database: { kind, version: sqlResults.databaseVersion, companies: sqlResults.companies },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryBytes: os.totalmem(),
        platform: `${os.type()} ${os.release()}`,
        node: process.version,
      },
      settings: { durationSeconds, maxIterations, concurrencies, pageSize: PAGE_SIZE },
      scenarios: rows,
      healthDuringLoad: { scenario: slowest, connections: Math.max(...concurrencies), ...healthRun.health },
      bytes: { ...bytes, html: undefined },
      peakRssBytes: rss,
    };
    const folder = path.join(projectRoot, "bench-results");
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(
      folder,
      `${started.toISOString().replace(/[:.]/g, "-")}-${kind}-${sqlResults.companies}.json`,
    );
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    await servers.stop();
  }
}

function printTable(
  rows: {
    scenario: string;
    total: number;
    sql: Summary;
    api: Record<number, Summary & { requestsPerSecond: number }>;
    page: Record<number, Summary & { requestsPerSecond: number }>;
    overheads: { apiOverSql: number; pageOverApi: number; apiOverSqlP95: number; pageOverApiP95: number };
  }[],
  health: Summary,
  healthScenario: string,
  bytes: Awaited<ReturnType<typeof firstLoadBytes>>,
  rss: { api: number; web: number },
) {
  const lines: string[][] = [
    ["scenario", "total", "layer", "conc.", "median ms", "p95 ms", "req/s", "API − SQL ms", "page − API ms"],
  ];
  for (const row of rows) {
    lines.push([
      row.scenario,
      row.total.toLocaleString("en"),
      "SQL",
      "1",
      ms(row.sql.median),
      ms(row.sql.p95),
      "",
      "",
      "",
    ]);
    for (const connections of concurrencies) {
      const first = connections === concurrencies[0];
      const api = row.api[connections];
      const page = row.page[connections];
      lines.push([
        "",
        "",
        "API",
        String(connections),
        ms(api.median),
        ms(api.p95),
        api.requestsPerSecond.toFixed(0),
        first ? `${ms(row.overheads.apiOverSql)} (p95 ${ms(row.overheads.apiOverSqlP95)})` : "",
        "",
      ]);
      lines.push([
        "",
        "",
        "page",
        String(connections),
        ms(page.median),
        ms(page.p95),
        page.requestsPerSecond.toFixed(0),
        "",
        first ? `${ms(row.overheads.pageOverApi)} (p95 ${ms(row.overheads.pageOverApiP95)})` : "",
      ]);
    }
  }
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  console.log("");
  for (const line of lines) console.log(line.map((cell, column) => cell.padEnd(widths[column])).join("  "));
  const kib = (value: number) => `${(value / 1024).toFixed(1)} KiB`;
  console.log(
    `\n/healthz during "${healthScenario}": median ${ms(health.median)} ms, p95 ${ms(health.p95)} ms, max ${ms(health.max)} ms (${health.count} polls)`,
  );
  console.log(
    `/companies first load: HTML ${kib(bytes.htmlGzip)} gzip, JS ${kib(bytes.jsGzip)} gzip in ${bytes.js.length} files, CSS ${kib(bytes.cssGzip)}`,
  );
  for (const file of bytes.js) console.log(`  ${kib(file.gzip).padStart(10)}  ${file.file}`);
  console.log(`Peak RSS: API ${(rss.api / 2 ** 20).toFixed(0)} MiB, web app ${(rss.web / 2 ** 20).toFixed(0)} MiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
