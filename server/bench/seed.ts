/**
 * `npm run bench:seed -- --companies N --contacts M [--seed S]`: fills the database with generated companies,
 * contacts and the links between them, for load and speed tests. The tables end up holding at least N companies
 * and M contacts; only the missing rows are added, so running it again is a cheap no-op.
 *
 * Same database as the server: DATABASE_URL, else embedded PGlite in DATA_DIR (default ./data).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { openDatabase } from "../db/database.ts";
import {
  type DemoCompany,
  type DemoContact,
  generateDemoData,
  isValidOrganisationNumber,
  mulberry32,
} from "../db/demo-data.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Database } from "../db/schema.ts";
import { seedWorkspace } from "../db/seed.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";

const usage = `Usage: npm run bench:seed -- --companies N --contacts M [--seed S]

Fills the database with generated companies, contacts and links until it holds at least
N companies and M contacts; a run that finds enough does nothing. New contacts are linked
to new companies, so contacts added without companies are linked to none. Uses
DATABASE_URL if set, else embedded PGlite in DATA_DIR (default ./data). A large load
locks the tables it fills until it is done.

Options:
  --companies N   companies the database should hold (non-negative integer, default 0)
  --contacts M    contacts the database should hold (non-negative integer, default 0)
  --seed S        seed for the generated data (non-negative integer, default 1)
  --help          show this text`;

// One generator call per chunk keeps memory flat: a single call for 1,000,000 companies and contacts holds
// about 1.5 GB of objects. Names and e-mail addresses may repeat across chunks; only organisation numbers
// must be unique, and those are checked here against every number in use.
const CHUNK_ROWS = 50_000;
// Rows per insert statement: large enough that round trips do not matter, small enough for modest parameters.
const BATCH_ROWS = 5_000;
// Adding at least this many rows, and at least as many as a table holds, leaves the table's indexes and
// constraints out during the load and restores them at the end (see `deferrable`).
const DEFER_CHECKS_FROM = 50_000;

interface Options {
  companies: number;
  contacts: number;
  seed: number;
}

class UsageError extends Error {}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new UsageError(`--${name} must be a non-negative integer, got "${value}"`);
  }
  return number;
}

const numberOptions = ["companies", "contacts", "seed"] as const;

function parseOptions(args: string[]): Options | "help" {
  // parseArgs reads "--companies -5" as two options; as "--companies=-5" it gets the clearer message below.
  const joined: string[] = [];
  for (const arg of args) {
    const previous = joined.at(-1);
    if (/^-\d/.test(arg) && numberOptions.some((name) => previous === `--${name}`))
      joined.push(`${joined.pop()}=${arg}`);
    else joined.push(arg);
  }
  let values: { companies?: string; contacts?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: joined,
      options: {
        companies: { type: "string" },
        contacts: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return "help";
  if (values.companies === undefined && values.contacts === undefined) {
    throw new UsageError("give --companies and/or --contacts");
  }
  return {
    companies: count("companies", values.companies, 0),
    contacts: count("contacts", values.contacts, 0),
    seed: count("seed", values.seed, 1),
  };
}

// --- Generated rows ---

interface CompanyRow extends DemoCompany {
  id: string;
  statusId: string;
}

interface ContactRow extends DemoContact {
  id: string;
  statusId: string;
}

interface LinkRow {
  companyId: string;
  contactId: string;
  role: string;
}

interface Chunk {
  companies: CompanyRow[];
  contacts: ContactRow[];
  links: LinkRow[];
}

/** Hands out organisation numbers not in use yet, in the generator's formats (Norwegian MOD11 or UK 8 digits). */
class OrganisationNumbers {
  private readonly used: Set<string>;
  private readonly random: () => number;
  replaced = 0;

  constructor(used: Iterable<string>, seed: number) {
    this.used = new Set(used);
    this.random = mulberry32(seed ^ 0x6f72676e);
  }

  claim(number: string): string {
    if (!this.used.has(number)) {
      this.used.add(number);
      return number;
    }
    this.replaced++;
    for (;;) {
      const fresh = number.length === 9 ? this.norwegian() : this.british();
      if (fresh && !this.used.has(fresh)) {
        this.used.add(fresh);
        return fresh;
      }
    }
  }

  /** A random body starting with 8 or 9 and its check digit; undefined when the body has none. */
  private norwegian(): string | undefined {
    const body = String(80_000_000 + Math.floor(this.random() * 20_000_000));
    for (let digit = 0; digit <= 9; digit++) if (isValidOrganisationNumber(`${body}${digit}`)) return `${body}${digit}`;
    return undefined;
  }

  private british(): string {
    return String(1_000_000 + Math.floor(this.random() * 16_000_000)).padStart(8, "0");
  }
}

interface Statuses {
  company: string[];
  contact: string[];
}

/**
 * One chunk of generated rows with ids made here, so links reference them without reading them back.
 * Status spreads follow the demo seed: companies cycle through the statuses, every seventh contact is inactive.
 */
function generateChunk(
  spec: { companies: number; contacts: number; seed: number; companyOffset: number; contactOffset: number },
  statuses: Statuses,
  organisationNumbers: OrganisationNumbers,
): Chunk {
  const data = generateDemoData({ companies: spec.companies, contacts: spec.contacts, seed: spec.seed });
  const companies = data.companies.map((company, index) => ({
    ...company,
    organisationNumber: organisationNumbers.claim(company.organisationNumber),
    id: randomUUID(),
    statusId: statuses.company[(spec.companyOffset + index) % statuses.company.length],
  }));
  const contacts = data.contacts.map((contact, index) => ({
    ...contact,
    id: randomUUID(),
    statusId: statuses.contact[(spec.contactOffset + index) % 7 === 6 ? 1 : 0],
  }));
  const links = data.links.map((link) => ({
    companyId: companies[link.companyIndex].id,
    contactId: contacts[link.contactIndex].id,
    role: link.role,
  }));
  return { companies, contacts, links };
}

// --- Inserting ---

type Column<Row> = readonly [name: string, type: string, value: (row: Row) => unknown];

const companyColumns: Column<CompanyRow>[] = [
  ["id", "uuid", (row) => row.id],
  ["status_id", "uuid", (row) => row.statusId],
  ["name", "text", (row) => row.name],
  ["organisation_number", "text", (row) => row.organisationNumber],
  ["email", "text", (row) => row.email],
  ["phone", "text", (row) => row.phone],
  ["website", "text", (row) => row.website],
  ["address", "text", (row) => row.address],
  ["postal_code", "text", (row) => row.postalCode],
  ["city", "text", (row) => row.city],
  ["country", "text", (row) => row.country],
  ["industry", "text", (row) => row.industry],
  ["employees", "numeric", (row) => row.employees],
  ["description", "text", (row) => row.description],
];

const contactColumns: Column<ContactRow>[] = [
  ["id", "uuid", (row) => row.id],
  ["status_id", "uuid", (row) => row.statusId],
  ["first_name", "text", (row) => row.firstName],
  ["last_name", "text", (row) => row.lastName],
  ["email", "text", (row) => row.email],
  ["mobile", "text", (row) => row.mobile],
  ["title", "text", (row) => row.title],
  ["birth_date", "date", (row) => row.birthDate],
  ["city", "text", (row) => row.city],
  ["country", "text", (row) => row.country],
];

const linkColumns: Column<LinkRow>[] = [
  ["company_id", "uuid", (row) => row.companyId],
  ["contact_id", "uuid", (row) => row.contactId],
  ["role", "text", (row) => row.role],
];

/**
 * Inserts rows a batch at a time as one array per column, unnested into rows by the server: one statement and a
 * fixed number of parameters per batch, the same on PGlite and PostgreSQL.
 */
async function insertRows<Row>(
  db: Kysely<Database>,
  table: string,
  columns: Column<Row>[],
  actors: Record<string, string | null>,
  rows: Row[],
): Promise<void> {
  const names = [...columns.map(([name]) => name), ...Object.keys(actors)];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const arrays = columns.map(([, type, value]) => sql`${batch.map(value)}::${sql.raw(type)}[]`);
    const constants = Object.values(actors).map((actor) => sql`${actor}::uuid`);
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})
      select t.*, ${sql.join(constants)}
      from unnest(${sql.join(arrays)}) as t(${sql.join(columns.map(([name]) => sql.ref(name)))})`.execute(db);
  }
}

/** An index or constraint left out during a large load and restored after it. */
interface Deferred {
  table: string;
  name: string;
  kind: "index" | "unique" | "foreign key";
  /** CREATE INDEX statement, or constraint definition (UNIQUE (...), FOREIGN KEY (...) REFERENCES ...). */
  definition: string;
}

/**
 * Everything on the table that checks or speeds up but is not its primary key: indexes (from pg_indexes, so
 * `definition` is the exact CREATE INDEX statement), unique and foreign key constraints. Row by row, trigram
 * indexes and foreign key checks cost more than the insert itself; rebuilt once, they take seconds. Restoring
 * checks every row again, so nothing goes unchecked. Indexes and unique constraints behind a constraint or a
 * foreign key stay.
 */
async function deferrable(db: Kysely<Database>, table: string): Promise<Deferred[]> {
  const { rows } = await sql<Deferred>`
    select ${table}::text as "table", i.indexname as name, 'index' as kind, i.indexdef as definition
    from pg_indexes i
    join pg_index x on x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass
    where i.schemaname = 'crm' and i.tablename = ${table}::text and not x.indisprimary
      and not exists (select from pg_constraint c where c.conindid = x.indexrelid)
    union all
    select ${table}::text, c.conname, case c.contype when 'u' then 'unique' else 'foreign key' end,
      pg_get_constraintdef(c.oid)
    from pg_constraint c
    where c.conrelid = format('crm.%I', ${table}::text)::regclass and c.contype in ('u', 'f')
      and not (c.contype = 'u' and exists (select from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid))
    order by 2`.execute(db);
  return rows;
}

async function dropDeferred(db: Kysely<Database>, item: Deferred): Promise<void> {
  const query =
    item.kind === "index"
      ? sql`drop index ${sql.table(`crm.${item.name}`)}`
      : sql`alter table ${sql.table(`crm.${item.table}`)} drop constraint ${sql.id(item.name)}`;
  await query.execute(db);
}

async function restoreDeferred(db: Kysely<Database>, item: Deferred): Promise<void> {
  const query =
    item.kind === "index"
      ? sql.raw(item.definition)
      : sql`alter table ${sql.table(`crm.${item.table}`)} add constraint ${sql.id(item.name)} ${sql.raw(item.definition)}`;
  await query.execute(db);
}

// crm.company and crm.contact are records with custom fields, so the typed schema does not list them.
async function tableCount(db: Kysely<Database>, table: "company" | "contact" | "company_has_contact"): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from ${sql.table(`crm.${table}`)}`.execute(db);
  return Number(rows[0].total);
}

async function statusIds(db: Kysely<Database>, table: string): Promise<string[]> {
  const rows = await db
    .selectFrom("core.meta_status")
    .select("id")
    .where("schema_key", "=", "crm")
    .where("table_key", "=", table)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.id);
}

const order = { index: 0, unique: 1, "foreign key": 2 };
const format = (value: number) => value.toLocaleString("en-GB");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Splits `total` into `parts` near-equal whole shares; share `index` of them. */
function share(total: number, parts: number, index: number): number {
  return Math.floor((total * (index + 1)) / parts) - Math.floor((total * index) / parts);
}

async function main(options: Options): Promise<void> {
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const handle = await openDatabase({ databaseUrl, dataDir });
  const { db } = handle;
  try {
    console.log(`Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${dataDir}`}`);
    await migrateToLatest(db);
    const password = process.env.DEMO_PASSWORD || BENCH_PASSWORD;
    const seeded = await seedWorkspace(db, { demo: true, demoPassword: password });
    if (seeded.created) {
      console.log(`Demo workspace created; sign in as admin@example.com with the password ${password}`);
    }

    const existing = { companies: await tableCount(db, "company"), contacts: await tableCount(db, "contact") };
    const missing = {
      companies: Math.max(0, options.companies - existing.companies),
      contacts: Math.max(0, options.contacts - existing.contacts),
    };
    console.log(
      `Holding ${format(existing.companies)} companies and ${format(existing.contacts)} contacts; ` +
        `adding ${format(missing.companies)} companies and ${format(missing.contacts)} contacts.`,
    );
    if (missing.companies === 0 && missing.contacts === 0) return;

    const admin = await db
      .selectFrom("core.app_user")
      .select("id")
      .where("email", "=", "admin@example.com")
      .executeTakeFirst();
    const adminId = admin?.id ?? null;
    if (!adminId) console.log("No admin@example.com user: the records are created by no one.");
    const statuses = { company: await statusIds(db, "company"), contact: await statusIds(db, "contact") };
    const usedNumbers =
      missing.companies === 0
        ? []
        : (
            await sql<{ number: string }>`select organisation_number as number from crm.company
              where organisation_number is not null`.execute(db)
          ).rows.map((row) => row.number);
    const organisationNumbers = new OrganisationNumbers(usedNumbers, options.seed);

    const large = (adding: number, holding: number) => adding >= DEFER_CHECKS_FROM && adding >= holding;
    // Contacts get links only to companies of their own chunk, about 1.15 each.
    const addingLinks = missing.companies > 0 ? missing.contacts : 0;
    const tables = [
      ...(large(missing.companies, existing.companies) ? ["company"] : []),
      ...(large(missing.contacts, existing.contacts) ? ["contact"] : []),
      ...(large(addingLinks, await tableCount(db, "company_has_contact")) ? ["company_has_contact"] : []),
    ];

    const inserted = { companies: 0, contacts: 0, links: 0 };
    const loadStarted = performance.now();
    // One transaction for the whole load: an interrupted run leaves the tables as they were, dropped indexes
    // included. A large load locks the tables it fills until it commits (foreign keys left out also block writes
    // to core.app_user and core.meta_status), so other sessions wait. Triggers stay on, so the per-status counts
    // in core.record_count stay exact. Bulk-loaded records get no core.transaction audit rows: they have no history.
    await db.transaction().execute(async (trx) => {
      // VACUUM marks a page all-visible only once the commit that wrote its rows is on disk; with
      // synchronous_commit off (common on test servers) it may not be yet when VACUUM runs.
      await sql`select set_config('synchronous_commit', 'on', true)`.execute(trx);
      const deferred: Deferred[] = [];
      for (const table of tables) deferred.push(...(await deferrable(trx, table)));
      for (const item of deferred) await dropDeferred(trx, item);
      if (deferred.length > 0) {
        console.log(
          `Left out ${deferred.length} indexes and constraints of crm.${tables.join(", crm.")} until the end.`,
        );
      }

      const chunks = Math.ceil(Math.max(missing.companies, missing.contacts) / CHUNK_ROWS);
      const actors = { created_by: adminId, updated_by: adminId };
      for (let index = 0; index < chunks; index++) {
        const chunk = generateChunk(
          {
            companies: share(missing.companies, chunks, index),
            contacts: share(missing.contacts, chunks, index),
            // Mixing in the rows already there keeps a top-up from repeating the names of the first run.
            seed: (Math.imul(options.seed, 0x9e3779b1) + existing.companies + existing.contacts + index) >>> 0,
            companyOffset: existing.companies + inserted.companies,
            contactOffset: existing.contacts + inserted.contacts,
          },
          statuses,
          organisationNumbers,
        );
        await insertRows(trx, "crm.company", companyColumns, actors, chunk.companies);
        await insertRows(trx, "crm.contact", contactColumns, actors, chunk.contacts);
        await insertRows(trx, "crm.company_has_contact", linkColumns, { created_by: adminId }, chunk.links);
        inserted.companies += chunk.companies.length;
        inserted.contacts += chunk.contacts.length;
        inserted.links += chunk.links.length;
        const elapsed = performance.now() - loadStarted;
        const rows = inserted.companies + inserted.contacts + inserted.links;
        console.log(
          `  ${format(inserted.companies)}/${format(missing.companies)} companies, ` +
            `${format(inserted.contacts)}/${format(missing.contacts)} contacts, ${format(inserted.links)} links ` +
            `(${format(Math.round((rows * 1000) / elapsed))} rows/s, ${seconds(elapsed)})`,
        );
      }

      if (deferred.length > 0) {
        // B-tree builds sort in memory up to this limit; the default 64 MB spills to disk at a million rows.
        // Trigram builds gained nothing from more (measured up to 1 GB), and PGlite's heap is WebAssembly's.
        await sql`select set_config('maintenance_work_mem', '256MB', true)`.execute(trx);
        // Indexes first: the unique constraints and foreign keys use them to check the rows.
        for (const item of deferred.toSorted((a, b) => order[a.kind] - order[b.kind])) {
          const itemStarted = performance.now();
          await restoreDeferred(trx, item);
          console.log(`  restored ${item.kind} ${item.name} (${seconds(performance.now() - itemStarted)})`);
        }
      }
    });
    const loaded = performance.now() - loadStarted;

    // Sets the visibility map (index-only scans) and gives the planner statistics for the new rows.
    const vacuumStarted = performance.now();
    // Synchronous commits here too: the hint bits that let VACUUM mark a page all-visible wait for the newest
    // commit in the rows' commit-log page to be on disk, and ANALYZE of one table commits before the next is vacuumed.
    await db.connection().execute(async (connection) => {
      await sql`set synchronous_commit = on`.execute(connection);
      await sql`vacuum analyze crm.company, crm.contact, crm.company_has_contact`.execute(connection);
    });
    const vacuumed = performance.now() - vacuumStarted;

    const rows = inserted.companies + inserted.contacts + inserted.links;
    console.log(
      `Added ${format(inserted.companies)} companies, ${format(inserted.contacts)} contacts and ` +
        `${format(inserted.links)} links in ${seconds(loaded)} (${format(Math.round((rows * 1000) / loaded))} rows/s), ` +
        `vacuum analyze ${seconds(vacuumed)}, total ${seconds(performance.now() - started)}, ` +
        `peak memory ${format(Math.round(process.resourceUsage().maxRSS / 1024))} MB.`,
    );
    if (organisationNumbers.replaced > 0) {
      console.log(`${format(organisationNumbers.replaced)} organisation numbers were taken and got fresh ones.`);
    }
  } finally {
    await handle.close();
  }
}

let options: Options | "help";
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench:seed: ${error.message}\n\n${usage}`);
  process.exit(2);
}
if (options === "help") {
  console.log(usage);
} else {
  await main(options).catch((error: unknown) => {
    console.error(`bench:seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
