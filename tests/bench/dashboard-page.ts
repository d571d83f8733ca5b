/**
 * `npm run bench:dashboard-page [-- --companies 100000 --cold 20 --warm 100 --apart]`: the dashboard page,
 * GET /dashboard/{id} on the built web app, signed in as the admin, with eight widgets (one of each type) over every
 * company, and over companies joined to their contacts for the date lines. The bar and the pie count companies by
 * industry, and the two lines group by birth month, so each pair reads its rows once; with --apart the pie averages
 * employees (ordered by that average) and the multiline groups by quarter, and no two charts share. Timed to the full
 * HTML response:
 *
 * - cold: a company changes through the API before each request, so every widget's data is computed anew;
 * - warm: the same page again, its data answered from the results kept for the current versions.
 *
 * The API's `view/{id}` (the page's one call for its data) is timed the same way, to split the API's time from the
 * render's. Companies and contacts are added first, when fewer are there, by `npm run bench:seed`. Run
 * `npm run build` first. Needs DATABASE_URL (PostgreSQL). The budget is 300 ms p95 (docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { cpuTime, signIn, startServers } from "./workspace.ts";

const { values } = parseArgs({
  options: {
    companies: { type: "string", default: "100000" },
    cold: { type: "string", default: "20" },
    warm: { type: "string", default: "100" },
    // Every chart groups its rows its own way, so that none shares a scan with another.
    apart: { type: "boolean", default: false },
  },
});
const companies = Number(values.companies);
const coldRuns = Number(values.cold);
const warmRuns = Number(values.warm);
const apart = values.apart;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("npm run bench:dashboard-page needs DATABASE_URL (a PostgreSQL server)");
if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` first");
const password = process.env.DEMO_PASSWORD || BENCH_PASSWORD;

function percentiles(times: number[]) {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

// The data, and one company to change between cold requests.
const handle = await openDatabase({ databaseUrl, dataDir: path.resolve("./data") });
let touched: string;
try {
  await migrateToLatest(handle.db);
  await seedWorkspace(handle.db, { demo: true, demoPassword: password });
  const count = async (table: "company" | "contact") => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`crm.${table}`)}`.execute(
      handle.db,
    );
    return Number(rows[0]?.n);
  };
  if ((await count("company")) < companies || (await count("contact")) < companies) {
    const counts = ["--companies", String(companies), "--contacts", String(companies)];
    execFileSync(process.execPath, ["tests/bench/seed.ts", ...counts], { stdio: "inherit" });
  }
  const { rows } = await sql<{ id: string }>`select id from crm.company order by id limit 1`.execute(handle.db);
  touched = rows[0].id;
} finally {
  await handle.close();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-dashboard-page-"));
const servers = await startServers({ databaseUrl, dataDir, password });
try {
  const { cookie, accessToken } = await signIn(servers, password);
  const base = `${servers.apiUrl}/api/dashboards/core`;
  const call = async <T>(method: string, url: string, body?: object): Promise<T> => {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  // Two data sources: every company, and companies joined to their contacts (for the date lines).
  const stamp = Date.now().toString(36);
  const source = await call<{ id: string }>("POST", `${base}/datasource-advanced`, {
    name: `Bench page companies ${stamp}`,
    definition: {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "city" }, { key: "industry" }, { key: "employees" }],
          filters: [],
        },
      ],
      joins: [],
    },
  });
  const joined = await call<{ id: string }>("POST", `${base}/datasource-advanced`, {
    name: `Bench page companies and contacts ${stamp}`,
    definition: {
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }, { key: "industry" }, { key: "employees" }],
          filters: [],
        },
        {
          schemaName: "crm",
          tableName: "contact",
          selectedFields: [{ key: "first_name" }, { key: "birth_date" }],
          filters: [],
        },
      ],
      joins: [{ schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" }],
    },
  });
  const count = { countField: "", description: "Companies", countAggregationFunction: "COUNT" };
  const widget = (type: string, datasource: string, extra: object) => ({
    name: `Bench page ${type}`,
    description: "",
    widgetConfiguration: { type, datasourceUuidKey: datasource, filters: [], customizableFilterFields: [] },
    ...extra,
  });
  const bodies = [
    widget("KPI", source.id, {
      singleNumberConfiguration: { aggregationFunction: "SUM", field: "crm.company.employees" },
    }),
    widget("LINE", joined.id, {
      groupBy: "MONTH",
      countLabelConfiguration: {
        labelField: "crm.contact.birth_date",
        countConfigurations: [{ ...count, description: "Contacts" }],
      },
    }),
    widget("BAR", source.id, {
      countLabelConfiguration: { labelField: "crm.company.industry", countConfigurations: [count] },
    }),
    widget("GROUPED_BAR", source.id, {
      countLabelConfiguration: {
        labelField: "crm.company.city",
        countConfigurations: [
          count,
          { countField: "crm.company.employees", description: "Employees", countAggregationFunction: "AVG" },
        ],
      },
    }),
    widget("MULTILINE", joined.id, {
      groupBy: apart ? "QUARTER" : "MONTH",
      countLabelConfiguration: {
        labelField: "crm.contact.birth_date",
        countConfigurations: [
          { ...count, description: "Contacts" },
          { countField: "crm.company.employees", description: "Employees", countAggregationFunction: "AVG" },
        ],
      },
    }),
    widget("PIE", source.id, {
      countLabelConfiguration: {
        labelField: "crm.company.industry",
        countConfigurations: [
          apart
            ? { countField: "crm.company.employees", description: "Employees", countAggregationFunction: "AVG" }
            : count,
        ],
      },
    }),
    widget("TREE", source.id, {
      countLabelConfiguration: {
        labelField: "crm.company.industry",
        countConfigurations: [
          { countField: "crm.company.employees", description: "Employees", countAggregationFunction: "SUM" },
        ],
      },
    }),
    widget("TABLE", source.id, { tableSorting: [{ field: "crm.company.employees", direction: "desc" }] }),
  ];
  const dashboard = await call<{ uuid: string }>("POST", `${base}/categories`, {
    name: `Bench page ${stamp}`,
    description: "Eight widgets, one of each type",
  });
  for (const body of bodies) {
    const created = await call<{ uuid: string }>("POST", `${base}/widget`, body);
    await call("POST", `${base}/view/${dashboard.uuid}/widgets/${created.uuid}`, { width: 6, height: 4 });
  }

  // Every widget must answer with its data, or the page times an error state.
  type View = { widgets: { widget: { type: string }; data: unknown; error: { message: string } | null }[] };
  const view = await call<View>("GET", `${base}/view/${dashboard.uuid}?lang=en`);
  const failed = view.widgets.filter((placed) => placed.error || !placed.data);
  if (view.widgets.length !== 8 || failed.length > 0) {
    throw new Error(`the dashboard's widgets did not all answer: ${JSON.stringify(failed.map((p) => p.error))}`);
  }

  let employees = 0;
  const touch = () =>
    call("PATCH", `${servers.apiUrl}/api/crm/company/${touched}`, { values: { employees: employees++ } });
  const timed = async (url: string, headers: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return { elapsed, bytes: Buffer.byteLength(text) };
  };
  const page = `${servers.appUrl}/dashboard/${dashboard.uuid}`;
  const pageHeaders = { cookie, "accept-language": "en" };
  const api = `${base}/view/${dashboard.uuid}?lang=en`;
  const apiHeaders = { authorization: `Bearer ${accessToken}` };
  const first = await timed(page, pageHeaders);
  const html = await (await fetch(page, { headers: pageHeaders })).text();
  const charts = (html.match(/<svg/g) ?? []).length;

  // Page and API take turns, so that the machine's other work weighs on both alike; the services' CPU time (read
  // from /proc) holds however busy the machine is.
  const cold = { page: [] as number[], api: [] as number[] };
  const warm = { page: [] as number[], api: [] as number[] };
  const cpu = { coldWeb: 0, coldApi: 0, warmWeb: 0, warmApi: 0 };
  const cpuNow = () => ({ web: cpuTime(servers.web.pid), api: cpuTime(servers.api.pid) });
  for (let i = 0; i < coldRuns; i++) {
    await touch();
    let before = cpuNow();
    cold.page.push((await timed(page, pageHeaders)).elapsed);
    let after = cpuNow();
    cpu.coldWeb += after.web - before.web;
    cpu.coldApi += after.api - before.api;
    await touch();
    before = cpuNow();
    cold.api.push((await timed(api, apiHeaders)).elapsed);
    after = cpuNow();
    cpu.coldApi += after.api - before.api;
  }
  // One request settles the kept results before the warm runs.
  await timed(page, pageHeaders);
  const before = cpuNow();
  for (let i = 0; i < warmRuns; i++) {
    warm.page.push((await timed(page, pageHeaders)).elapsed);
    warm.api.push((await timed(api, apiHeaders)).elapsed);
  }
  const after = cpuNow();
  cpu.warmWeb = (after.web - before.web) / warmRuns;
  // The API answered each warm round twice: once for the page, once alone.
  cpu.warmApi = (after.api - before.api) / (2 * warmRuns);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\n${companies.toLocaleString("en")} companies; a dashboard of 8 widgets (KPI, LINE, BAR, GROUPED_BAR, MULTILINE, PIE, TREE, TABLE); cold ${coldRuns}, warm ${warmRuns} requests`,
  );
  console.log(
    `page HTML ${(first.bytes / 1024).toFixed(1)} KiB, ${charts} <svg> elements; load at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}\n`,
  );
  console.log("| request | cold p50 | cold p95 | warm p50 | warm p95 | warm max |\n|---|---:|---:|---:|---:|---:|");
  for (const [name, times] of [
    ["GET /dashboard/{id} (web app, full HTML)", { cold: percentiles(cold.page), warm: percentiles(warm.page) }],
    ["GET /api/dashboards/core/view/{id} (API alone)", { cold: percentiles(cold.api), warm: percentiles(warm.api) }],
  ] as const) {
    console.log(
      `| ${name} | ${ms(times.cold.p50)} | ${ms(times.cold.p95)} | ${ms(times.warm.p50)} | ${ms(times.warm.p95)} | ${ms(times.warm.max)} |`,
    );
  }
  console.log(
    `\nCPU per page (/proc, 10 ms ticks): cold web app ${ms(cpu.coldWeb / coldRuns)}, API ${ms(cpu.coldApi / (2 * coldRuns))} per view; warm web app ${ms(cpu.warmWeb)}, API ${ms(cpu.warmApi)} per view`,
  );
} finally {
  await servers.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
