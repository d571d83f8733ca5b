/**
 * `npm run bench:custom-entity [-- --rows 100000]`: a custom entity with 50 custom fields and this many records (made
 * once, then reused), and how long its list calls take in-process (the records service: SQL and the records as the API
 * returns them): first, deep and last page in name order, a search, a sort by a number field and a filter by a List.
 * Needs DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), as the other benchmarks.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { CustomFieldInput } from "../../server/contract/custom-fields.ts";
import { createCustomEntity } from "../../server/custom-entities/custom-entities.service.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { loadEntity } from "../../server/records/metadata.repository.ts";
import { type ListParams, listRecords } from "../../server/records/records.service.ts";
import { benchAdmin } from "./bench-admin.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "100000" }, iterations: { type: "string", default: "200" } },
});
const rows = Number(values.rows);
const iterations = Number(values.iterations);
const KEY = "bench_asset";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || "./data"),
});
const { db } = handle;

function fields(): CustomFieldInput[] {
  const base = { required: false, unique: false, active: true, hidden: false, partOfName: false, favorite: false };
  const field = (key: string, type: CustomFieldInput["type"], extra: Partial<CustomFieldInput> = {}) =>
    ({ ...base, searchable: false, options: [], key, labelEn: key, labelNb: key, type, ...extra }) as CustomFieldInput;
  const list: CustomFieldInput[] = [field("name", "Text", { partOfName: true, searchable: true, required: true })];
  for (let i = 1; i <= 11; i++) list.push(field(`text_${i}`, "Text", { searchable: i <= 2 }));
  for (let i = 1; i <= 10; i++) list.push(field(`number_${i}`, "Number", { favorite: i === 3 }));
  for (let i = 1; i <= 10; i++) list.push(field(`date_${i}`, "Date"));
  const options = ["Alpha", "Beta", "Gamma", "Delta"].map((label) => ({ labelEn: label, labelNb: label }));
  for (let i = 1; i <= 5; i++) list.push(field(`list_${i}`, "List", { options, favorite: i === 1 }));
  for (let i = 1; i <= 5; i++) list.push(field(`flag_${i}`, "Bool"));
  for (let i = 1; i <= 4; i++) list.push(field(`note_${i}`, "LongText"));
  for (let i = 1; i <= 4; i++) list.push(field(`email_${i}`, "Email"));
  return list;
}

/** The p50 and p95 of `iterations` runs, in ms. */
async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

try {
  await migrateToLatest(db);
  await seedWorkspace(db, { demo: true, demoPassword: process.env.DEMO_PASSWORD || BENCH_PASSWORD });
  const actor = await benchAdmin(db);
  if (!(await loadEntity(db, "custom_schema", KEY))) {
    await createCustomEntity(db, actor, {
      key: KEY,
      labelEn: "Asset",
      labelNb: "Eiendel",
      pluralEn: "Assets",
      pluralNb: "Eiendeler",
      icon: "box",
      fields: fields(),
    });
    console.log(`Made custom_schema.${KEY} with 50 custom fields`);
  }
  const table = sql.table(`custom_schema.${KEY}`);
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(db);
  const missing = rows - Number(counted[0].n);
  if (missing > 0) {
    const started = performance.now();
    const words = ["Nordlys", "Fjord", "Berg", "Skog", "Havn", "Vidde", "Bre", "Elv", "Li", "Ås"];
    const texts = Array.from({ length: 11 }, (_, i) => sql`${sql.ref(`text_${i + 1}`)}`);
    await sql`insert into ${table} (name, ${sql.join(texts)},
        number_1, number_2, number_3, number_4, number_5, number_6, number_7, number_8, number_9, number_10,
        date_1, date_2, date_3, date_4, date_5, date_6, date_7, date_8, date_9, date_10,
        list_1, list_2, list_3, list_4, list_5, flag_1, flag_2, flag_3, flag_4, flag_5,
        note_1, note_2, note_3, note_4, email_1, email_2, email_3, email_4)
      select (${sql.val(words)}::text[])[1 + i % 10] || ' ' || (${sql.val(words)}::text[])[1 + (i / 10) % 10] || ' ' || i,
        ${sql.join(texts.map(() => sql`md5(i::text || random()::text)`))},
        i % 1000, i % 997, i % 991, i % 983, i % 977, i % 971, i % 967, i % 953, i % 947, i % 941,
        date '2020-01-01' + i % 2000, date '2020-01-01' + i % 1999, date '2020-01-01' + i % 1998,
        date '2020-01-01' + i % 1997, date '2020-01-01' + i % 1996, date '2020-01-01' + i % 1995,
        date '2020-01-01' + i % 1994, date '2020-01-01' + i % 1993, date '2020-01-01' + i % 1992,
        date '2020-01-01' + i % 1991,
        (array['alpha','beta','gamma','delta'])[1 + i % 4], (array['alpha','beta','gamma','delta'])[1 + i % 3],
        (array['alpha','beta','gamma','delta'])[1 + i % 2], 'alpha', 'delta',
        i % 2 = 0, i % 3 = 0, i % 5 = 0, i % 7 = 0, true,
        repeat('Lang tekst ', 20), null, null, null,
        'post' || i || '@example.com', null, null, null
      from generate_series(${Number(counted[0].n) + 1}::int, ${rows}::int) as i`.execute(db);
    // As a loaded table is after autovacuum: its visibility map lets index-only scans skip the rows.
    await sql`vacuum analyze ${table}`.execute(db);
    console.log(
      `Added ${missing.toLocaleString("en")} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const entity = await loadEntity(db, "custom_schema", KEY);
  if (!entity) throw new Error("entity missing");
  const list = (params: Partial<ListParams>) => () =>
    listRecords(db, actor, entity, { page: 0, size: 25, filters: {}, ...params } as ListParams);
  const lastPage = Math.floor((rows - 1) / 25);
  const scenarios: [string, () => Promise<unknown>][] = [
    ["first page (by name)", list({})],
    [`deep page (page ${Math.floor(lastPage / 10) + 1})`, list({ page: Math.floor(lastPage / 10) })],
    [`last page (page ${lastPage + 1})`, list({ page: lastPage })],
    ['search "fjord"', list({ q: "fjord" })],
    ['search a record\'s name ("Havn Skog 4567")', list({ q: "Havn Skog 4567" })],
    ["sorted by a number field", list({ sort: "number_3,desc" })],
    ["filtered by a List field", list({ filters: { list_1: "beta" } })],
  ];
  console.log(
    `\ncustom_schema.${KEY}: ${rows.toLocaleString("en")} records, 50 custom fields; ${iterations} runs each\n`,
  );
  console.log("| scenario | p50 | p95 |\n|---|---:|---:|");
  for (const [name, run] of scenarios) {
    await run();
    const { p50, p95 } = await time(run);
    console.log(`| ${name} | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms |`);
  }
} finally {
  await handle.close();
}
