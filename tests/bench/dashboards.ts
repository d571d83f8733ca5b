/**
 * `npm run bench:dashboards [-- --companies 1000000 --cold 20 --warm 200]`: widgets over a data source of every
 * company, their data computed in-process by the widget service (permissions, compiling the source, the versions, the
 * SQL, the result as the API answers it). Companies are added first, when fewer are there, by `npm run bench:seed`.
 *
 * - cold: a company changes before each call, so its table's version moves and every call computes anew;
 * - warm: the same call again, answered from the results kept for the current versions.
 *
 * Needs DATABASE_URL (PostgreSQL), as the other benchmarks of a million rows.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { type WidgetInput, widgetDataInputSchema, widgetInputSchema } from "../../server/contract/dashboards.ts";
import { createWidget, widgetData } from "../../server/dashboards/widgets.service.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { benchAdmin } from "./bench-admin.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";

const { values } = parseArgs({
  options: {
    companies: { type: "string", default: "1000000" },
    cold: { type: "string", default: "20" },
    warm: { type: "string", default: "200" },
  },
});
const companies = Number(values.companies);
const coldRuns = Number(values.cold);
const warmRuns = Number(values.warm);
if (!process.env.DATABASE_URL) throw new Error("npm run bench:dashboards needs DATABASE_URL (a PostgreSQL server)");

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: path.resolve("./data") });
const { db } = handle;

function percentiles(times: number[]) {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

try {
  await migrateToLatest(db);
  await seedWorkspace(db, { demo: true, demoPassword: process.env.DEMO_PASSWORD || BENCH_PASSWORD });
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from crm.company`.execute(db);
  if (Number(counted[0]?.n) < companies) {
    execFileSync(process.execPath, ["tests/bench/seed.ts", "--companies", String(companies)], { stdio: "inherit" });
  }
  const actor = await benchAdmin(db);

  const source = await db
    .insertInto("core.saved_query")
    .values({
      kind: "datasource",
      scope: "global",
      owner_id: actor.id,
      name: `Bench companies ${Date.now().toString(36)}`,
      definition: JSON.stringify({
        entities: [
          {
            schemaName: "crm",
            tableName: "company",
            selectedFields: [{ key: "name" }, { key: "city" }, { key: "industry" }, { key: "employees" }],
            filters: [],
          },
        ],
        joins: [],
      }),
      created_by: actor.id,
      updated_by: actor.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const widget = (input: object) => widgetInputSchema.parse(input) as WidgetInput;
  const base = (type: string) => ({
    name: `Bench ${type}`,
    widgetConfiguration: { type, datasourceUuidKey: source.id, filters: [], customizableFilterFields: [] },
  });
  const scenarios: [string, WidgetInput][] = [
    [
      "KPI: sum of employees",
      widget({
        ...base("KPI"),
        singleNumberConfiguration: { aggregationFunction: "SUM", field: "crm.company.employees" },
      }),
    ],
    [
      "bar: companies per industry (List labels)",
      widget({
        ...base("BAR"),
        countLabelConfiguration: {
          labelField: "crm.company.industry",
          countConfigurations: [{ countField: "", description: "Companies", countAggregationFunction: "COUNT" }],
        },
      }),
    ],
    [
      "grouped bar: count and average employees per city",
      widget({
        ...base("GROUPED_BAR"),
        countLabelConfiguration: {
          labelField: "crm.company.city",
          countConfigurations: [
            { countField: "", description: "Companies", countAggregationFunction: "COUNT" },
            { countField: "crm.company.employees", description: "Employees", countAggregationFunction: "AVG" },
          ],
        },
      }),
    ],
    [
      "table: 20 rows sorted by employees",
      widget({ ...base("TABLE"), tableSorting: [{ field: "crm.company.employees", direction: "desc" }] }),
    ],
  ];

  const input = widgetDataInputSchema.parse({});
  const { rows: one } = await sql<{ id: string }>`select id from crm.company limit 1`.execute(db);
  const touched = one[0]?.id;
  console.log(`\n${companies.toLocaleString("en")} companies; cold ${coldRuns} runs, warm ${warmRuns} runs each\n`);
  console.log("| widget | cold p50 | cold p95 | warm p50 | warm p95 |\n|---|---:|---:|---:|---:|");
  for (const [name, body] of scenarios) {
    const created = await createWidget(db, actor, body);
    const cold: number[] = [];
    for (let i = 0; i < coldRuns; i++) {
      // A write to the table: the kept result no longer answers.
      await sql`update crm.company set updated_at = now() where id = ${touched}`.execute(db);
      const started = performance.now();
      await widgetData(db, actor, created.uuid, input);
      cold.push(performance.now() - started);
    }
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) {
      const started = performance.now();
      await widgetData(db, actor, created.uuid, input);
      warm.push(performance.now() - started);
    }
    const c = percentiles(cold);
    const w = percentiles(warm);
    console.log(
      `| ${name} | ${c.p50.toFixed(1)} ms | ${c.p95.toFixed(1)} ms | ${w.p50.toFixed(1)} ms | ${w.p95.toFixed(1)} ms |`,
    );
  }
} finally {
  await handle.close();
}
