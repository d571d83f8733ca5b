/**
 * npm run bench: measures the lists of companies, contacts, inquiries, to-dos, notes and a custom entity at every
 * layer, on the database that DATABASE_URL or DATA_DIR points to (fill it first with npm run bench:seed, and
 * npm run bench:custom-entity for the custom entity). Prints a table, writes the same figures as JSON to
 * bench-results/, and exits with 1 when a layer is over its budget by more than the run's noise (budgets.ts).
 *
 *   1. the SQL of each API call, timed in-process: the records service's list call with the API call's parameters
 *      (its columns, order, search and each row's links), so that only HTTP, sign-in checks and the JSON answer lie
 *      between this and the API's time;
 *   2. the API call each page makes (GET /api/crm/company and the like), over HTTP with keep-alive, at several
 *      concurrencies;
 *   3. the server-rendered pages (/companies and the like) with a signed-in session;
 *   4. bytes on the wire for /companies on first load, /healthz while slow requests run, and peak RSS.
 *
 * Companies are measured in depth; the other lists by a first page, a deep page and a search, and only when the
 * database holds more than a page or two of them; the activities timeline by the first page of the company that
 * npm run bench:seed -- --timeline N fills, when there is one.
 *
 * Every run is bounded by --duration seconds (and SQL timing also by --iterations).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type Kysely, sql } from "kysely";
import { customEntityScreen, listColumnKeys, type RecordScreen, screens } from "../../app/features/records/screens.ts";
import { type RecordKey, timelineCounts, timelinePage } from "../../server/activities/activities.repository.ts";
import type { ActorWithStatus } from "../../server/auth/actors.ts";
import { activityKinds } from "../../server/contract/activities.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import type { Database } from "../../server/db/schema.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { listFiltersOf } from "../../server/records/list-query.ts";
import { type EntityMetadata, loadEntity } from "../../server/records/metadata.repository.ts";
import type { ListQuery } from "../../server/records/records.repository.ts";
import { listRecords } from "../../server/records/records.service.ts";
import { projectRoot } from "../support/servers.ts";
import { benchAdmin } from "./bench-admin.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { describeFailure, type MeasuredOverheads, overBudget, overheadBudgets } from "./budgets.ts";
import { searchWords, timelineCompanyName } from "./generated-items.ts";
import { firstLoadBytes, signIn, startServers } from "./workspace.ts";

const PAGE_SIZE = 25;
/** The built-in list pages a run can measure. */
const listPaths = ["companies", "contacts", "inquiries", "todo", "notes"] as const;
/** The custom entity npm run bench:custom-entity makes and fills, listed as "custom". */
const CUSTOM_ENTITY_KEY = "bench_asset";
/** What --lists may name: the list pages, the custom entity's, and a company's activities timeline. */
const measurable = [...listPaths, "custom", "timeline"] as const;
/** A word the generated records of each list share, searched for on its first page (companies: --search). */
const listSearches: Record<string, string> = {
  ...searchWords,
  contact: "olsen",
  [CUSTOM_ENTITY_KEY]: "fjord",
};

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    iterations: { type: "string", default: "200" },
    connections: { type: "string", default: "1,4,16" },
    search: { type: "string", default: "berg" },
    lists: { type: "string", default: measurable.join(",") },
    // Only to see the budget check fail: each page request waits this long in a proxy before the web app gets it.
    "slow-pages": { type: "string", default: "0" },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log(`npm run bench [-- --duration S] [--iterations N] [--connections 1,4,16] [--search TEXT]
                 [--lists ${measurable.join(",")}]

Uses DATABASE_URL (PostgreSQL) or DATA_DIR (embedded, default ./data), filled by npm run bench:seed.
Signs in as admin@example.com with DEMO_PASSWORD (default: the one bench:seed uses).

  --duration S        seconds per measurement (default 5), after 2 s unmeasured per scenario
  --iterations N      at most this many SQL timings per scenario (default 200)
  --connections C,…   concurrencies the API and the pages are measured at (default 1,4,16)
  --search TEXT       what the companies are searched for, besides one company's name (default berg)
  --lists L,…         the list pages to measure (default all); one of fewer than two pages is left out;
                      custom: the custom entity ${CUSTOM_ENTITY_KEY} (npm run bench:custom-entity);
                      timeline: the activities of "${timelineCompanyName}" (bench:seed --timeline N)
  --slow-pages MS     delays every page request by MS in a proxy: shows the budget check failing

Exits with 1 when a list's page adds more than ${overheadBudgets.pageOverApi.median} ms median (${overheadBudgets.pageOverApi.p95} ms p95) to its API call, or
the API more than ${overheadBudgets.apiOverSql.median} ms median to its SQL, at the first concurrency, by more than the noise of the run.`);
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
const slowPagesMs = Number(options["slow-pages"]);
const chosenLists = options.lists.split(",").map((name) => name.trim());
if (
  !(durationSeconds > 0) ||
  !(maxIterations > 0) ||
  concurrencies.some((c) => !Number.isInteger(c) || c < 1) ||
  options.search.trim().length < 3 ||
  !(slowPagesMs >= 0) ||
  !chosenLists.every((name) => measurable.some((path) => path === name))
) {
  console.error(
    "--duration and --iterations must be positive, --connections whole numbers, --search 3+ characters, " +
      `--lists some of ${measurable.join(",")}`,
  );
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

// --- Lists and scenarios: what a user asks of a list ---

/** A list page of the web app, with the entity, the order and the rows behind it. */
interface MeasuredList {
  screen: RecordScreen;
  entity: EntityMetadata;
  /** The order the page asks for by default: the screen's, else by the entity's name. */
  sort: ListQuery["sort"];
  total: number;
  /** Who the benchmark signs in as, for the records service's permission checks. */
  actor: ActorWithStatus;
}

/** What is measured at every layer: the API call's SQL in-process, the API call over HTTP and the page. */
interface Scenario {
  /** What the table names it by: the list page's path, or "timeline". */
  list: string;
  name: string;
  /** The record whose timeline it is. */
  record?: RecordKey;
  /** The queries that the API call makes, in the same process; resolves to the total they find. */
  query(db: Kysely<Database>): Promise<number>;
  /** The API call the page makes, and the page, as paths with their queries. */
  api: string;
  page: string;
  /** The API call asked for at the highest concurrency while /healthz is polled, if it is the slowest. */
  loadApi: string;
}

type PageName = "first page" | "deep page" | "middle page" | "last page";

/** Where each page is in a list of `total` rows, counted from 0. */
const pageAt: Record<PageName, (total: number) => number> = {
  "first page": () => 0,
  // A tenth of the way in: deep, and served by walking the name index from the nearer end.
  "deep page": (total) => Math.floor(total / PAGE_SIZE / 10),
  // The worst case for any offset: as far from both ends as a page can be.
  "middle page": (total) => Math.floor(total / PAGE_SIZE / 2),
  "last page": (total) => Math.ceil(total / PAGE_SIZE) - 1,
};

/**
 * A page of a list, from a search if `q` is given: the records service's list call (the page, its total and the rows'
 * links, as the API call asks for them), the API call
 * the page makes (its columns, in the default order) and the page.
 */
function listScenario(list: MeasuredList, name: string, page: number, q?: string): Scenario {
  const { screen } = list;
  // As the page asks (list.server.ts): its columns, and a due date to mark overdue rows; a contact's companies.
  const listed = listColumnKeys(screen, list.entity.fields);
  const due = list.entity.fields.find((field) => field.active && field.settings.due)?.key;
  const apiQuery = new URLSearchParams({
    page: String(page),
    size: String(PAGE_SIZE),
    fields: [...new Set([...listed, ...(due ? [due] : [])])].join(","),
  });
  if (screen.defaultSort) apiQuery.set("sort", screen.defaultSort);
  if (screen.listsRelated) apiQuery.set("connections", "true");
  const pageQuery = new URLSearchParams({ page: String(page + 1) });
  const loadQuery = new URLSearchParams({
    page: String(page),
    size: String(PAGE_SIZE),
    sort: `${list.sort[0].key},${list.sort[0].direction}`,
  });
  if (q) for (const params of [apiQuery, pageQuery, loadQuery]) params.set("q", q);
  return {
    list: screen.path,
    name,
    query: async (db) => {
      const asked = Object.fromEntries(apiQuery);
      const answer = await listRecords(db, list.actor, list.entity, {
        ...listFiltersOf(asked),
        page,
        size: PAGE_SIZE,
        fields: asked.fields.split(","),
        withConnections: asked.connections === "true",
      });
      return answer.totalElements;
    },
    api: `/api/${screen.schema}/${screen.table}?${apiQuery}`,
    page: `/${screen.path}?${pageQuery}`,
    loadApi: `/api/${screen.schema}/${screen.table}?${loadQuery}`,
  };
}

/** A list's pages, then its searches, each from the first page: the order they are measured and printed in. */
function listScenarios(list: MeasuredList, pages: PageName[], searches: string[]): Scenario[] {
  return [
    ...pages.map((name) => listScenario(list, name, pageAt[name](list.total))),
    ...searches.map((q) => listScenario(list, `search "${q}"`, 0, q)),
  ];
}

/**
 * The first page of the activities timeline of the company bench:seed --timeline fills (the oldest of its name, as
 * there), or none when it has not been made: the repository's two calls as the API makes them, at once (the page,
 * from each kind's newest entries, and every kind's count), GET /api/activities/… as the company's activities tab asks
 * for it, and the tab. The API call also reads the page's items and history entries, which the SQL time leaves out.
 */
async function timelineScenario(db: Kysely<Database>): Promise<Scenario | undefined> {
  const { rows } = await sql<{ id: string }>`select id from crm.company
    where lower(name) = lower(${timelineCompanyName}) and name = ${timelineCompanyName}
    order by created_at, id limit 1`.execute(db);
  if (rows.length === 0) return undefined;
  const record: RecordKey = { schemaKey: "crm", tableKey: "company", id: rows[0].id };
  // The admin may read every kind.
  const kinds = [...activityKinds];
  const api = `/api/activities/${record.schemaKey}/${record.tableKey}/${record.id}?page=0&size=${PAGE_SIZE}`;
  return {
    list: "timeline",
    name: "first page",
    record,
    query: async (db) => {
      const [, { counts }] = await Promise.all([
        timelinePage(db, record, kinds, 0, PAGE_SIZE),
        timelineCounts(db, record, kinds),
      ]);
      return kinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0);
    },
    api,
    page: `/companies/${record.id}/activities`,
    loadApi: api,
  };
}

/**
 * Companies in depth: every kind of page, a common word, and one company's full name, which matches a handful.
 * The others by what most users do: the first page, a deep page and a word that the generated titles share.
 */
async function scenariosOf(db: Kysely<Database>, list: MeasuredList): Promise<Scenario[]> {
  if (list.screen.path !== "companies") {
    return listScenarios(list, ["first page", "deep page"], [listSearches[list.screen.table]]);
  }
  const middle = await sql<{ name: string }>`select name from crm.company order by lower(name), id
    offset ${Math.floor(list.total / 2)} limit 1`.execute(db);
  return listScenarios(
    list,
    ["first page", "deep page", "middle page", "last page"],
    [options.search, middle.rows[0].name],
  );
}

async function sqlPhase() {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedWorkspace(handle.db, { demo: true, demoPassword: password });
    const totals: Record<string, number> = {};
    const held: string[] = [];
    const scenarios: Scenario[] = [];
    const actor = await benchAdmin(handle.db);
    const custom = await loadEntity(handle.db, customEntityScreen(CUSTOM_ENTITY_KEY).schema, CUSTOM_ENTITY_KEY);
    if (chosenLists.includes("custom") && !custom) {
      console.log(`No custom entity ${CUSTOM_ENTITY_KEY}, not measured: npm run bench:custom-entity makes it.`);
    }
    const lists: [string, RecordScreen][] = [
      ...listPaths.map((path): [string, RecordScreen] => [path, screens[path]]),
      ...(custom ? [["custom", customEntityScreen(CUSTOM_ENTITY_KEY)] as [string, RecordScreen]] : []),
    ];
    for (const [path, screen] of lists) {
      const entity = await loadEntity(handle.db, screen.schema, screen.table);
      if (!entity) throw new Error(`no ${screen.table} entity: start the workspace once or run npm run bench:seed`);
      const { rows } = await sql<{ total: number }>`select count(*)::int as total
        from ${sql.table(`${screen.schema}.${screen.table}`)}`.execute(handle.db);
      const total = rows[0].total;
      const plural = entity.pluralEn.toLowerCase();
      totals[path] = total;
      held.push(`${total.toLocaleString("en")} ${plural}`);
      if (!chosenLists.includes(path)) continue;
      if (total < PAGE_SIZE * 2) {
        if (path === "companies") throw new Error(`only ${total} companies: run npm run bench:seed first`);
        console.log(`Only ${total} ${plural}, not measured: npm run bench:seed adds more.`);
        continue;
      }
      const [defaultKey, defaultDirection] = screen.defaultSort?.split(",") ?? [];
      const sort: ListQuery["sort"] = defaultKey
        ? [{ key: defaultKey, direction: defaultDirection === "desc" ? "desc" : "asc" }]
        : entity.fields
            .filter((field) => field.active && field.partOfName)
            .map((field) => ({ key: field.key, direction: "asc" as const }));
      scenarios.push(...(await scenariosOf(handle.db, { screen, entity, sort, total, actor })));
    }
    if (chosenLists.includes("timeline")) {
      const timeline = await timelineScenario(handle.db);
      if (timeline) scenarios.push(timeline);
      else
        console.log(`No company "${timelineCompanyName}", timeline not measured: npm run bench:seed -- --timeline N.`);
    }
    const version = await sql<{ version: string }>`select version()`.execute(handle.db);

    const results = new Map<Scenario, Summary & { total: number }>();
    for (const scenario of scenarios) {
      let total = 0;
      const warm = performance.now() + WARM_UP_SECONDS * 1000;
      do total = await scenario.query(handle.db);
      while (performance.now() < warm);
      const samples: number[] = [];
      const deadline = performance.now() + durationSeconds * 1000;
      while (samples.length < maxIterations && performance.now() < deadline) {
        const started = performance.now();
        await scenario.query(handle.db);
        samples.push(performance.now() - started);
      }
      results.set(scenario, { ...summarize(samples), total });
    }
    return { totals, held, scenarios, results, databaseVersion: version.rows[0].version };
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

/**
 * A proxy in front of the web app that holds each request `delayMs` before passing it on (--slow-pages): a page made
 * slow on purpose, to see the budget check fail.
 */
async function slowProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      const upstream = http.request(
        { hostname, port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- Bytes on the wire ---

function peakRss(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

// --- The run ---

type LoadResult = Awaited<ReturnType<typeof load>>;

async function main() {
  const started = new Date();
  const kind = databaseUrl ? "postgres" : "pglite";
  console.log(`Benchmark on ${kind}, ${durationSeconds} s per measurement, concurrency ${concurrencies.join("/")}`);
  const sqlResults = await sqlPhase();
  console.log(`${sqlResults.held.join(", ")}; SQL timed in-process`);

  const servers = await startServers({ databaseUrl, dataDir, password });
  const proxy = slowPagesMs > 0 ? await slowProxy(servers.appUrl, slowPagesMs) : undefined;
  const pagesUrl = proxy?.url ?? servers.appUrl;
  if (proxy) console.log(`Every page request waits ${slowPagesMs} ms in a proxy first (--slow-pages).`);
  try {
    const { cookie, accessToken } = await signIn(servers, password);
    const apiHeaders = { authorization: `Bearer ${accessToken}` };
    const appHeaders = { cookie };
    const apiResults = new Map<Scenario, Record<number, LoadResult>>();
    const pageResults = new Map<Scenario, Record<number, LoadResult>>();
    const apiAgain = new Map<Scenario, LoadResult>();
    for (const scenario of sqlResults.scenarios) {
      const urls = { api: `${servers.apiUrl}${scenario.api}`, page: `${pagesUrl}${scenario.page}` };
      const api: Record<number, LoadResult> = {};
      const page: Record<number, LoadResult> = {};
      await load(urls.api, apiHeaders, 1, WARM_UP_SECONDS);
      await load(urls.page, appHeaders, 1, WARM_UP_SECONDS);
      for (const connections of concurrencies) {
        api[connections] = await load(urls.api, apiHeaders, connections);
        page[connections] = await load(urls.page, appHeaders, connections);
        // The API call once more after the page: how far the two lie apart is the noise the budgets allow for.
        if (connections === concurrencies[0]) apiAgain.set(scenario, await load(urls.api, apiHeaders, connections));
      }
      apiResults.set(scenario, api);
      pageResults.set(scenario, page);
      console.log(`  measured ${scenario.list}: ${scenario.name}`);
    }

    // The slowest API request, at the highest concurrency, while /healthz is polled.
    const slow = [...apiResults].sort(([, a], [, b]) => (b[1]?.median ?? 0) - (a[1]?.median ?? 0))[0][0];
    const slowPage = slow.page.split("?")[0];
    const healthRun = await healthDuring(
      `${servers.apiUrl}/healthz`,
      load(`${servers.apiUrl}${slow.loadApi}`, apiHeaders, Math.max(...concurrencies)),
    );

    const bytes = await firstLoadBytes(servers.appUrl, cookie);
    const rss = { api: peakRss(servers.api.pid), web: peakRss(servers.web.pid) };

    const rows = sqlResults.scenarios.map((scenario) => {
      const sqlTime = sqlResults.results.get(scenario) as Summary & { total: number };
      const api = apiResults.get(scenario) as Record<number, LoadResult>;
      const page = pageResults.get(scenario) as Record<number, LoadResult>;
      const before = api[concurrencies[0]];
      const after = apiAgain.get(scenario) as LoadResult;
      // The API call's figures are the mean of its two measurements around the page's.
      const api1 = { median: (before.median + after.median) / 2, p95: (before.p95 + after.p95) / 2 };
      const page1 = page[concurrencies[0]];
      return {
        list: scenario.list,
        scenario: scenario.name,
        record: scenario.record,
        total: sqlTime.total,
        sql: sqlTime,
        api,
        page,
        // What each layer adds at the first concurrency, in ms (budgets: API 2.5 over its SQL, page 10 over its API).
        overheads: {
          apiOverSql: api1.median - sqlTime.median,
          pageOverApi: page1.median - api1.median,
          apiOverSqlP95: api1.p95 - sqlTime.p95,
          pageOverApiP95: page1.p95 - api1.p95,
        },
        noise: { median: Math.abs(before.median - after.median), p95: Math.abs(before.p95 - after.p95) },
      };
    });
    const failures = overBudget(
      rows.map(
        (row): MeasuredOverheads => ({
          list: row.list,
          scenario: row.scenario,
          apiOverSql: { median: row.overheads.apiOverSql, p95: row.overheads.apiOverSqlP95 },
          pageOverApi: { median: row.overheads.pageOverApi, p95: row.overheads.pageOverApiP95 },
          noise: row.noise,
        }),
      ),
    );

    printTable(rows, healthRun.health, `${slow.name} of ${slowPage}`, bytes, rss);
    if (failures.length === 0)
      console.log("\nEvery list is within its budgets (budgets.ts), allowing for this run's noise.");
    else console.log(`\nOver budget:\n${failures.map((failure) => `  ${describeFailure(failure)}`).join("\n")}`);

    const report = {
      startedAt: started.toISOString(),
      database: {
        kind,
        version: sqlResults.databaseVersion,
        companies: sqlResults.totals.companies,
        rows: sqlResults.totals,
      },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryBytes: os.totalmem(),
        platform: `${os.type()} ${os.release()}`,
        node: process.version,
      },
      settings: { durationSeconds, maxIterations, concurrencies, pageSize: PAGE_SIZE, slowPagesMs },
      commit: gitCommit(),
      budgets: overheadBudgets,
      overBudget: failures,
      scenarios: rows,
      healthDuringLoad: {
        list: slow.list,
        scenario: slow.name,
        connections: Math.max(...concurrencies),
        ...healthRun.health,
      },
      bytes: { ...bytes, html: undefined },
      peakRssBytes: rss,
    };
    const folder = path.join(projectRoot, "bench-results");
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(
      folder,
      `${started.toISOString().replace(/[:.]/g, "-")}-${kind}-${sqlResults.totals.companies}.json`,
    );
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await proxy?.close();
    await servers.stop();
  }
}

/** The commit the run measured, with "+changes" when the tree differs from it, for the figures' record. */
function gitCommit(): string | undefined {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: projectRoot }).toString().trim();
    const changed = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: projectRoot })
      .toString()
      .trim();
    return changed ? `${head}+changes` : head;
  } catch {
    return undefined;
  }
}

function printTable(
  rows: {
    list: string;
    scenario: string;
    total: number;
    sql: Summary;
    api: Record<number, Summary & { requestsPerSecond: number }>;
    page: Record<number, Summary & { requestsPerSecond: number }>;
    overheads: { apiOverSql: number; pageOverApi: number; apiOverSqlP95: number; pageOverApiP95: number };
    noise: { median: number; p95: number };
  }[],
  health: Summary,
  healthScenario: string,
  bytes: Awaited<ReturnType<typeof firstLoadBytes>>,
  rss: { api: number; web: number },
) {
  const lines: string[][] = [
    [
      "list",
      "scenario",
      "total",
      "layer",
      "conc.",
      "median ms",
      "p95 ms",
      "req/s",
      "API − SQL ms",
      "page − API ms",
      "noise ms",
    ],
  ];
  for (const row of rows) {
    lines.push([
      row.list,
      row.scenario,
      row.total.toLocaleString("en"),
      "SQL",
      "1",
      ms(row.sql.median),
      ms(row.sql.p95),
      "",
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
        "",
        "API",
        String(connections),
        ms(api.median),
        ms(api.p95),
        api.requestsPerSecond.toFixed(0),
        first ? `${ms(row.overheads.apiOverSql)} (p95 ${ms(row.overheads.apiOverSqlP95)})` : "",
        "",
        first ? `${ms(row.noise.median)} (p95 ${ms(row.noise.p95)})` : "",
      ]);
      lines.push([
        "",
        "",
        "",
        "page",
        String(connections),
        ms(page.median),
        ms(page.p95),
        page.requestsPerSecond.toFixed(0),
        "",
        first ? `${ms(row.overheads.pageOverApi)} (p95 ${ms(row.overheads.pageOverApiP95)})` : "",
        "",
      ]);
    }
  }
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  console.log("");
  for (const line of lines) console.log(line.map((cell, column) => cell.padEnd(widths[column])).join("  "));
  const kib = (value: number) => `${(value / 1024).toFixed(1)} KiB`;
  console.log(
    `\n/healthz during ${healthScenario}: median ${ms(health.median)} ms, p95 ${ms(health.p95)} ms, max ${ms(health.max)} ms (${health.count} polls)`,
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
