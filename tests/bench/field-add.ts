/**
 * `npm run bench:field-add [-- --table crm.company]`: how long adding (and deleting) a custom field of each kind takes
 * on a large table, and what readers see meanwhile. A reader lists the table's first page over and over on a
 * connection of its own; the longest it waited during each change is printed beside the change's time. The fields it
 * adds are deleted again. Needs DATABASE_URL (a seeded PostgreSQL: `npm run bench:seed`).
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { CustomFieldInput } from "../../server/contract/custom-fields.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createField, deleteField } from "../../server/fields/fields.service.ts";
import { benchAdmin } from "./bench-admin.ts";

const { values } = parseArgs({ options: { table: { type: "string", default: "crm.company" } } });
const [schema, table] = (values.table ?? "crm.company").split(".");
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to a seeded PostgreSQL database");

const handle = await openDatabase({ databaseUrl, dataDir: "." });
const { db } = handle;
const reader = await openDatabase({ databaseUrl, dataDir: "." });

const base = { required: false, unique: false, active: true, hidden: false, searchable: false, partOfName: false };
const cases: [string, Partial<CustomFieldInput>][] = [
  ["Text", { type: "Text" }],
  ["Text, searchable (trigram index)", { type: "Text", searchable: true }],
  ["Text, unique (unique index)", { type: "Text", unique: true }],
  ["Number with a default", { type: "Number", defaultValue: 5 }],
  ["Date", { type: "Date" }],
  ["List", { type: "List", options: [{ labelEn: "A", labelNb: "A" }] }],
  ["MultiSelect", { type: "MultiSelect", options: [{ labelEn: "A", labelNb: "A" }] }],
  ["Bool", { type: "Bool" }],
];

let readerWorst = 0;
let reading = true;
async function readLoop() {
  while (reading) {
    const started = performance.now();
    await sql`select id, name from ${sql.table(`${schema}.${table}`)} order by lower(name), id limit 25`.execute(
      reader.db,
    );
    readerWorst = Math.max(readerWorst, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

try {
  const actor = await benchAdmin(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.${table}`)}`.execute(
    db,
  );
  console.log(`${schema}.${table}: ${rows[0].n.toLocaleString("en")} rows`);
  const loop = readLoop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const quiet = readerWorst;
  console.log(`reader, longest first page before any change: ${quiet.toFixed(1)} ms\n`);
  console.log("| field | add | reader's longest wait | delete | reader's longest wait |");
  console.log("|---|---|---|---|---|");
  for (const [index, [name, spec]] of cases.entries()) {
    const input = {
      ...base,
      favorite: false,
      key: `bench_field_${index}`,
      labelEn: name,
      labelNb: name,
      options: [],
      ...spec,
    } as CustomFieldInput;
    readerWorst = 0;
    let started = performance.now();
    const field = await createField(db, actor, schema, table, input);
    const added = performance.now() - started;
    const addWait = readerWorst;
    readerWorst = 0;
    started = performance.now();
    await deleteField(db, actor, schema, table, field.id);
    const deleted = performance.now() - started;
    console.log(
      `| ${name} | ${added.toFixed(0)} ms | ${addWait.toFixed(1)} ms | ${deleted.toFixed(0)} ms | ${readerWorst.toFixed(1)} ms |`,
    );
  }
  reading = false;
  await loop;
} finally {
  reading = false;
  await reader.close();
  await handle.close();
}
