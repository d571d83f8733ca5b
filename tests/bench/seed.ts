/**
 * `npm run bench:seed -- [--companies N] [--contacts N] [--inquiries N] [--todos N] [--notes N] [--timeline N]
 * [--seed S]`: fills the database with generated companies, contacts and the links between them, and inquiries, to-dos
 * and notes linked to them, for load and speed tests; and gives one company a long activities timeline. Each table
 * (and the timeline) ends up holding at least the number asked for; only the missing rows are added, so running it
 * again is a cheap no-op.
 *
 * Same database as the server: DATABASE_URL, else embedded PGlite in DATA_DIR (default ./data).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql, type Transaction } from "kysely";
import { type RecordKey, timelineCounts } from "../../server/activities/activities.repository.ts";
import { type ActivityKind, activityKinds } from "../../server/contract/activities.ts";
import { openDatabase } from "../../server/db/database.ts";
import {
  type DemoCompany,
  type DemoContact,
  generateDemoData,
  isValidOrganisationNumber,
  mulberry32,
} from "../../server/db/demo-data.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import type { Database } from "../../server/db/schema.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import {
  type GeneratedWorkItem,
  generateCompanyChanges,
  generateTexts,
  generateWorkItems,
  timelineCompanyName,
  type WorkItemChoices,
} from "./generated-items.ts";

const usage = `Usage: npm run bench:seed -- [--companies N] [--contacts N] [--inquiries N] [--todos N]
                                [--notes N] [--timeline N] [--seed S]

Fills the database with generated records until each table holds at least as many as
asked for; a run that finds enough does nothing. Companies and contacts come first, with
links between them: new contacts are linked to new companies, so contacts added without
companies are linked to none. Then each new inquiry and to-do is linked to a contact (and
to that contact's company, if it has one), and each new note is attached to a company,
when there are any. Last, --timeline gives the company "${timelineCompanyName}" (made, with
a few contacts, if missing) new notes, inquiries, to-dos and history until its activities
timeline holds N entries, dated over the last two years. Uses DATABASE_URL if set, else
embedded PGlite in DATA_DIR (default ./data). A large load locks the tables it fills until
it is done.

Options:
  --companies N   companies the database should hold (non-negative integer, default 0)
  --contacts N    contacts the database should hold (non-negative integer, default 0)
  --inquiries N   inquiries the database should hold (non-negative integer, default 0)
  --todos N       to-dos the database should hold (non-negative integer, default 0)
  --notes N       notes the database should hold (non-negative integer, default 0)
  --timeline N    activities "${timelineCompanyName}" should have (non-negative integer,
                  default 0): 40 % notes, 20 % each inquiries, to-dos and history
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
  inquiries: number;
  todos: number;
  notes: number;
  timeline: number;
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

const tableOptions = ["companies", "contacts", "inquiries", "todos", "notes", "timeline"] as const;
const numberOptions = [...tableOptions, "seed"] as const;

function parseOptions(args: string[]): Options | "help" {
  // parseArgs reads "--companies -5" as two options; as "--companies=-5" it gets the clearer message below.
  const joined: string[] = [];
  for (const arg of args) {
    const previous = joined.at(-1);
    if (/^-\d/.test(arg) && numberOptions.some((name) => previous === `--${name}`))
      joined.push(`${joined.pop()}=${arg}`);
    else joined.push(arg);
  }
  let values: Partial<Record<(typeof numberOptions)[number], string>> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      args: joined,
      options: {
        ...Object.fromEntries(numberOptions.map((name) => [name, { type: "string" } as const])),
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return "help";
  if (tableOptions.every((name) => values[name] === undefined)) {
    throw new UsageError(`give at least one of ${tableOptions.map((name) => `--${name}`).join(", ")}`);
  }
  return {
    companies: count("companies", values.companies, 0),
    contacts: count("contacts", values.contacts, 0),
    inquiries: count("inquiries", values.inquiries, 0),
    todos: count("todos", values.todos, 0),
    notes: count("notes", values.notes, 0),
    timeline: count("timeline", values.timeline, 0),
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

// The reference number is left to its sequence, as when a user adds an item.
const workItemColumns: Column<GeneratedWorkItem & { id: string }>[] = [
  ["id", "uuid", (row) => row.id],
  ["status_id", "uuid", (row) => row.statusId],
  ["title", "text", (row) => row.title],
  ["description", "text", (row) => row.description],
  ["received_date", "date", (row) => row.receivedDate],
  ["due_date", "date", (row) => row.dueDate],
  ["priority_id", "uuid", (row) => row.priorityId],
  ["category_id", "uuid", (row) => row.categoryId],
  ["source_id", "uuid", (row) => row.sourceId],
  ["group_id", "uuid", (row) => row.groupId],
  ["assigned_user_id", "uuid", (row) => row.assignedUserId],
];

interface WorkItemLinkRow {
  itemId: string;
  companyId: string | null;
  contactId: string;
}

const workItemLinkColumns = (table: "inquiry" | "todo"): Column<WorkItemLinkRow>[] => [
  [`${table}_id`, "uuid", (row) => row.itemId],
  ["company_id", "uuid", (row) => row.companyId],
  ["contact_id", "uuid", (row) => row.contactId],
];

interface NoteRow {
  id: string;
  title: string;
  text: string;
}

const noteColumns: Column<NoteRow>[] = [
  ["id", "uuid", (row) => row.id],
  ["title", "text", (row) => row.title],
  ["text", "text", (row) => row.text],
];

interface AttachmentRow {
  noteId: string;
  companyId: string;
}

const attachmentColumns: Column<AttachmentRow>[] = [
  ["note_id", "uuid", (row) => row.noteId],
  ["schema_key", "text", () => "crm"],
  ["table_key", "text", () => "company"],
  ["record_id", "uuid", (row) => row.companyId],
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
  /** The table's schema and name, "crm.company". */
  table: string;
  schema: string;
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
    select ${table}::text as "table", i.schemaname as schema, i.indexname as name, 'index' as kind,
      i.indexdef as definition
    from pg_indexes i
    join pg_index x on x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass
    where x.indrelid = ${table}::regclass and not x.indisprimary
      and not exists (select from pg_constraint c where c.conindid = x.indexrelid)
    union all
    select ${table}::text, c.connamespace::regnamespace::text, c.conname,
      case c.contype when 'u' then 'unique' else 'foreign key' end, pg_get_constraintdef(c.oid)
    from pg_constraint c
    where c.conrelid = ${table}::regclass and c.contype in ('u', 'f')
      and not (c.contype = 'u' and exists (select from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid))
    order by 3`.execute(db);
  return rows;
}

async function dropDeferred(db: Kysely<Database>, item: Deferred): Promise<void> {
  const query =
    item.kind === "index"
      ? sql`drop index ${sql.table(`${item.schema}.${item.name}`)}`
      : sql`alter table ${sql.table(item.table)} drop constraint ${sql.id(item.name)}`;
  await query.execute(db);
}

async function restoreDeferred(db: Kysely<Database>, item: Deferred): Promise<void> {
  const query =
    item.kind === "index"
      ? sql.raw(item.definition)
      : sql`alter table ${sql.table(item.table)} add constraint ${sql.id(item.name)} ${sql.raw(item.definition)}`;
  await query.execute(db);
}

const order = { index: 0, unique: 1, "foreign key": 2 };

/**
 * Runs `load` in one transaction, with the indexes and constraints of `tables` left out until it is done and then
 * restored. One transaction: an interrupted run leaves the tables as they were, dropped indexes included. A large load
 * locks the tables it fills until it commits (foreign keys left out also block writes to the tables they reference,
 * such as core.app_user and core.meta_status), so other sessions wait. Triggers stay on, so the per-status counts in
 * core.record_count stay exact and core.record_version moves with every insert. Bulk-loaded records get no
 * core.transaction audit rows: they have no history.
 */
async function bulkLoad(
  db: Kysely<Database>,
  tables: string[],
  load: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // VACUUM marks a page all-visible only once the commit that wrote its rows is on disk; with
    // synchronous_commit off (common on test servers) it may not be yet when VACUUM runs.
    await sql`select set_config('synchronous_commit', 'on', true)`.execute(trx);
    const deferred: Deferred[] = [];
    for (const table of tables) deferred.push(...(await deferrable(trx, table)));
    for (const item of deferred) await dropDeferred(trx, item);
    if (deferred.length > 0) {
      console.log(`Left out ${deferred.length} indexes and constraints of ${tables.join(", ")} until the end.`);
    }

    await load(trx);

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
}

/** Sets the visibility map (index-only scans) and gives the planner statistics for the new rows; returns its time. */
async function vacuumAnalyze(db: Kysely<Database>, tables: string[]): Promise<number> {
  const started = performance.now();
  // Synchronous commits here too: the hint bits that let VACUUM mark a page all-visible wait for the newest
  // commit in the rows' commit-log page to be on disk, and ANALYZE of one table commits before the next is vacuumed.
  await db.connection().execute(async (connection) => {
    await sql`set synchronous_commit = on`.execute(connection);
    await sql`vacuum analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(connection);
  });
  return performance.now() - started;
}

/** Adding this many rows to a table holding that many leaves its indexes and constraints out until the end. */
const large = (adding: number, holding: number) => adding >= DEFER_CHECKS_FROM && adding >= holding;

// Record tables have custom fields, so the typed schema does not list them.
async function tableCount(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from ${sql.table(table)}`.execute(db);
  return Number(rows[0].total);
}

async function statusIds(db: Kysely<Database>, table: string, kind = "status"): Promise<string[]> {
  const rows = await db
    .selectFrom("core.meta_status")
    .select("id")
    .where("schema_key", "=", "crm")
    .where("table_key", "=", table)
    .where("kind", "=", kind)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.id);
}

const format = (value: number) => value.toLocaleString("en-GB");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${format(Math.round((rows * 1000) / ms))} rows/s`;
const peakMemory = () => `${format(Math.round(process.resourceUsage().maxRSS / 1024))} MB`;

/** Splits `total` into `parts` near-equal whole shares; share `index` of them. */
function share(total: number, parts: number, index: number): number {
  return Math.floor((total * (index + 1)) / parts) - Math.floor((total * index) / parts);
}

// --- Companies and contacts ---

async function seedCompanies(db: Kysely<Database>, options: Options, adminId: string | null, started: number) {
  const existing = { companies: await tableCount(db, "crm.company"), contacts: await tableCount(db, "crm.contact") };
  const missing = {
    companies: Math.max(0, options.companies - existing.companies),
    contacts: Math.max(0, options.contacts - existing.contacts),
  };
  console.log(
    `Holding ${format(existing.companies)} companies and ${format(existing.contacts)} contacts; ` +
      `adding ${format(missing.companies)} companies and ${format(missing.contacts)} contacts.`,
  );
  if (missing.companies === 0 && missing.contacts === 0) return;

  const statuses = { company: await statusIds(db, "company"), contact: await statusIds(db, "contact") };
  const usedNumbers =
    missing.companies === 0
      ? []
      : (
          await sql<{ number: string }>`select organisation_number as number from crm.company
            where organisation_number is not null`.execute(db)
        ).rows.map((row) => row.number);
  const organisationNumbers = new OrganisationNumbers(usedNumbers, options.seed);

  // Contacts get links only to companies of their own chunk, about 1.15 each.
  const addingLinks = missing.companies > 0 ? missing.contacts : 0;
  const tables = [
    ...(large(missing.companies, existing.companies) ? ["crm.company"] : []),
    ...(large(missing.contacts, existing.contacts) ? ["crm.contact"] : []),
    ...(large(addingLinks, await tableCount(db, "custom_schema_relationship.company_has_contact"))
      ? ["custom_schema_relationship.company_has_contact"]
      : []),
  ];

  const inserted = { companies: 0, contacts: 0, links: 0 };
  const loadStarted = performance.now();
  await bulkLoad(db, tables, async (trx) => {
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
      await insertRows(
        trx,
        "custom_schema_relationship.company_has_contact",
        linkColumns,
        { created_by: adminId },
        chunk.links,
      );
      inserted.companies += chunk.companies.length;
      inserted.contacts += chunk.contacts.length;
      inserted.links += chunk.links.length;
      const elapsed = performance.now() - loadStarted;
      const rows = inserted.companies + inserted.contacts + inserted.links;
      console.log(
        `  ${format(inserted.companies)}/${format(missing.companies)} companies, ` +
          `${format(inserted.contacts)}/${format(missing.contacts)} contacts, ${format(inserted.links)} links ` +
          `(${rate(rows, elapsed)}, ${seconds(elapsed)})`,
      );
    }
  });
  const loaded = performance.now() - loadStarted;
  const vacuumed = await vacuumAnalyze(db, [
    "crm.company",
    "crm.contact",
    "custom_schema_relationship.company_has_contact",
  ]);

  const rows = inserted.companies + inserted.contacts + inserted.links;
  console.log(
    `Added ${format(inserted.companies)} companies, ${format(inserted.contacts)} contacts and ` +
      `${format(inserted.links)} links in ${seconds(loaded)} (${rate(rows, loaded)}), ` +
      `vacuum analyze ${seconds(vacuumed)}, total ${seconds(performance.now() - started)}, ` +
      `peak memory ${peakMemory()}.`,
  );
  if (organisationNumbers.replaced > 0) {
    console.log(`${format(organisationNumbers.replaced)} organisation numbers were taken and got fresh ones.`);
  }
}

// --- Inquiries, to-dos and notes ---

/** A uuid drawn from `random`: where a walk over a table's ids starts. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Walks a table's rows in id order, a chunk at a time, from a seeded place and round again past the end, so generated
 * items spread over every contact or company without holding a million ids. Ids are random, so id order is not the
 * order the rows were made in.
 */
class Cycle<Row extends { id: string }> {
  private after: string | undefined;
  private readonly read: (db: Transaction<Database>, after: string | undefined, limit: number) => Promise<Row[]>;

  constructor(
    read: (db: Transaction<Database>, after: string | undefined, limit: number) => Promise<Row[]>,
    start: string,
  ) {
    this.read = read;
    this.after = start;
  }

  /** The next `count` rows, or none when the table has none. */
  async take(db: Transaction<Database>, count: number): Promise<Row[]> {
    const rows: Row[] = [];
    while (rows.length < count) {
      const batch = await this.read(db, this.after, count - rows.length);
      if (batch.length === 0) {
        if (this.after === undefined) break;
        this.after = undefined;
        continue;
      }
      for (const row of batch) rows.push(row);
      this.after = batch[batch.length - 1].id;
    }
    return rows;
  }
}

/** Rows past `id` in id order; all of them from the start. */
const pastId = (id: string | undefined, column: string) =>
  id === undefined ? sql`` : sql`where ${sql.ref(column)} > ${id}`;

interface ContactAtCompany {
  id: string;
  /** One of the contact's companies, if it has any. */
  companyId: string | null;
}

async function readContacts(db: Transaction<Database>, from: string | undefined, limit: number) {
  const { rows } = await sql<ContactAtCompany>`
    select c.id, (select h.company_id from custom_schema_relationship.company_has_contact h where h.contact_id = c.id
      order by h.created_at, h.company_id limit 1) as "companyId"
    from crm.contact c ${pastId(from, "c.id")} order by c.id limit ${limit}`.execute(db);
  return rows;
}

async function readCompanies(db: Transaction<Database>, from: string | undefined, limit: number) {
  const { rows } = await sql<{ id: string }>`select id from crm.company ${pastId(from, "id")}
    order by id limit ${limit}`.execute(db);
  return rows;
}

/** Generated records of one table, each linked to a row of another (a contact, a company) through a link table. */
interface LinkedRecords<Row extends { id: string }, Target extends { id: string }, Link> {
  table: string;
  plural: string;
  columns: Column<Row>[];
  /** Rows from the seed, with ids. */
  generate(count: number, seed: number): Row[];
  targetTable: string;
  targets: Cycle<Target>;
  linkTable: string;
  linkColumns: Column<Link>[];
  link(row: Row, target: Target): Link;
}

/**
 * Adds records until `spec.table` holds `wanted`, chunk by chunk, each linked to the next row of the target table when
 * it has any; as seedCompanies, a large load leaves the tables' indexes and constraints out until the end.
 */
async function seedLinkedRecords<Row extends { id: string }, Target extends { id: string }, Link>(
  db: Kysely<Database>,
  spec: LinkedRecords<Row, Target, Link>,
  wanted: number,
  options: { seed: number; adminId: string | null; started: number },
): Promise<void> {
  const holding = await tableCount(db, spec.table);
  const adding = Math.max(0, wanted - holding);
  console.log(`Holding ${format(holding)} ${spec.plural}; adding ${format(adding)}.`);
  if (adding === 0) return;
  const linking = (await tableCount(db, spec.targetTable)) > 0;
  const tables = [
    ...(large(adding, holding) ? [spec.table] : []),
    ...(linking && large(adding, await tableCount(db, spec.linkTable)) ? [spec.linkTable] : []),
  ];

  const inserted = { rows: 0, links: 0 };
  const loadStarted = performance.now();
  await bulkLoad(db, tables, async (trx) => {
    const chunks = Math.ceil(adding / CHUNK_ROWS);
    const actors = { created_by: options.adminId, updated_by: options.adminId };
    for (let index = 0; index < chunks; index++) {
      // Mixing in the rows already there keeps a top-up from repeating the first run.
      const seed = (Math.imul(options.seed, 0x9e3779b1) + holding + index) >>> 0;
      const rows = spec.generate(share(adding, chunks, index), seed);
      const targets = await spec.targets.take(trx, rows.length);
      const links = targets.map((target, row) => spec.link(rows[row], target));
      await insertRows(trx, spec.table, spec.columns, actors, rows);
      await insertRows(trx, spec.linkTable, spec.linkColumns, { created_by: options.adminId }, links);
      inserted.rows += rows.length;
      inserted.links += links.length;
      const elapsed = performance.now() - loadStarted;
      console.log(
        `  ${format(inserted.rows)}/${format(adding)} ${spec.plural}, ${format(inserted.links)} links ` +
          `(${rate(inserted.rows + inserted.links, elapsed)}, ${seconds(elapsed)})`,
      );
    }
  });
  const loaded = performance.now() - loadStarted;
  const vacuumed = await vacuumAnalyze(db, [spec.table, spec.linkTable]);
  console.log(
    `Added ${format(inserted.rows)} ${spec.plural} and ${format(inserted.links)} links in ${seconds(loaded)} ` +
      `(${rate(inserted.rows + inserted.links, loaded)}), vacuum analyze ${seconds(vacuumed)}, ` +
      `total ${seconds(performance.now() - options.started)}, peak memory ${peakMemory()}.`,
  );
}

async function workItemChoices(db: Kysely<Database>, table: "inquiry" | "todo"): Promise<WorkItemChoices> {
  return {
    statuses: await statusIds(db, table),
    priorities: await statusIds(db, table, "priority"),
    categories: await statusIds(db, table, "category"),
    sources: await statusIds(db, table, "source"),
    groups: (await db.selectFrom("core.user_group").select("id").orderBy("name").execute()).map((row) => row.id),
    users: (await db.selectFrom("core.app_user").select("id").orderBy("email").execute()).map((row) => row.id),
  };
}

/** Inquiries or to-dos, each linked to a contact and to that contact's company, if it has one. */
async function workItems(
  db: Kysely<Database>,
  table: "inquiry" | "todo",
  seed: number,
): Promise<LinkedRecords<GeneratedWorkItem & { id: string }, ContactAtCompany, WorkItemLinkRow>> {
  const choices = await workItemChoices(db, table);
  const today = new Date();
  return {
    table: `crm.${table}`,
    plural: table === "inquiry" ? "inquiries" : "to-dos",
    columns: workItemColumns,
    generate: (count, chunkSeed) =>
      generateWorkItems(table, count, chunkSeed, choices, today).map((item) => ({ ...item, id: randomUUID() })),
    targetTable: "crm.contact",
    targets: new Cycle(readContacts, seededUuid(mulberry32(seed ^ 0x636f6e))),
    linkTable: `crm.${table}_company_contact`,
    linkColumns: workItemLinkColumns(table),
    link: (row, contact) => ({ itemId: row.id, companyId: contact.companyId, contactId: contact.id }),
  };
}

/** Notes, each attached to a company. */
function notes(seed: number): LinkedRecords<NoteRow, { id: string }, AttachmentRow> {
  return {
    table: "notes.note",
    plural: "notes",
    columns: noteColumns,
    generate: (count, chunkSeed) =>
      generateTexts("note", count, chunkSeed).map((text) => ({ ...text, id: randomUUID() })),
    targetTable: "crm.company",
    targets: new Cycle(readCompanies, seededUuid(mulberry32(seed ^ 0x636f6d))),
    linkTable: "notes.note_attached_to",
    linkColumns: attachmentColumns,
    link: (row, company) => ({ noteId: row.id, companyId: company.id }),
  };
}

// --- One company's timeline ---

// Timeline entries are dated over this long before the run, as a customer of some years has them.
const TIMELINE_SPAN = 2 * 365 * 24 * 60 * 60 * 1000;
// Contacts made for the timeline's company when it has none: its inquiries and to-dos are linked to one of them.
const TIMELINE_CONTACTS = 6;
const TIMELINE_DOMAIN = "tidslinje-benchmark.no";

/** The timeline's kinds that --timeline adds, and the share of its entries each gets; notes get the rest (40 %). */
const timelineShares = { inquiry: 0.2, todo: 0.2, history: 0.2 } as const;
type AddedKind = Exclude<ActivityKind, "document">;
const addedKinds: AddedKind[] = ["note", "inquiry", "todo", "history"];
// Mixed into each kind's seed for its dates, so that the kinds' entries are not dated alike.
const timeSalts: Record<AddedKind, number> = { note: 0x6e6f74, inquiry: 0x696e71, todo: 0x746f64, history: 0x686973 };
const kindNames: Record<AddedKind, [one: string, many: string]> = {
  note: ["note", "notes"],
  inquiry: ["inquiry", "inquiries"],
  todo: ["to-do", "to-dos"],
  history: ["history entry", "history entries"],
};

/** The timeline's company: the oldest of that name, found through the name index. */
async function findTimelineCompany(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`select id from crm.company
    where lower(name) = lower(${timelineCompanyName}) and name = ${timelineCompanyName}
    order by created_at, id limit 1`.execute(db);
  return rows[0]?.id;
}

/** `count` moments from `from` to the run, drawn from `random`, oldest first, as the rows would have been written. */
function moments(count: number, random: () => number, from: number, to: number): string[] {
  return Array.from({ length: count }, () => from + random() * (to - from))
    .sort((a, b) => a - b)
    .map((time) => new Date(time).toISOString());
}

const timeColumns = <Row extends { at: string }>(...names: string[]): Column<Row>[] =>
  names.map((name) => [name, "timestamptz", (row: Row) => row.at] as const);

interface HistoryRow {
  companyId: string;
  at: string;
  before: object;
  after: object;
}

// As the app writes an edit (records.service.ts): the changed fields only, before and after.
const historyColumns: Column<HistoryRow>[] = [
  ["schema_key", "text", () => "crm"],
  ["table_key", "text", () => "company"],
  ["record_id", "uuid", (row) => row.companyId],
  ["action", "text", () => "update"],
  ["at", "timestamptz", (row) => row.at],
  ["before", "jsonb", (row) => JSON.stringify(row.before)],
  ["after", "jsonb", (row) => JSON.stringify(row.after)],
];

/**
 * The timeline's company and a few contacts, generated as the others are (the first seed from `seed` on that makes a
 * Norwegian company, as "AS" is), under the fixed name and a web address of its own. The company is made only when
 * missing, the contacts only when it has none.
 */
async function timelineCompany(
  trx: Transaction<Database>,
  companyId: string | undefined,
  seed: number,
  adminId: string | null,
): Promise<{ id: string; contacts: string[]; made: string[] }> {
  const linked = async (id: string) =>
    (
      await sql<{
        id: string;
      }>`select contact_id as id from custom_schema_relationship.company_has_contact where company_id = ${id}
        order by contact_id`.execute(trx)
    ).rows.map((row) => row.id);
  const contacts = companyId ? await linked(companyId) : [];
  if (companyId && contacts.length > 0) return { id: companyId, contacts, made: [] };

  let data = generateDemoData({ companies: 1, contacts: TIMELINE_CONTACTS, seed });
  for (let next = seed + 1; data.companies[0].country !== "Norway"; next++) {
    data = generateDemoData({ companies: 1, contacts: TIMELINE_CONTACTS, seed: next });
  }
  const generated = data.companies[0];
  const domain = generated.website.replace(/^https:\/\/www\./, "");
  const ownDomain = (text: string) => text.replace(`@${domain}`, `@${TIMELINE_DOMAIN}`);
  const statuses = { company: await statusIds(trx, "company"), contact: await statusIds(trx, "contact") };
  const actors = { created_by: adminId, updated_by: adminId };
  const made: string[] = [];
  const id = companyId ?? randomUUID();
  if (!companyId) {
    // Only this one number is looked up: reading every organisation number in use would take seconds at a million.
    const numbers = new OrganisationNumbers([], seed);
    let number = numbers.claim(generated.organisationNumber);
    const taken = async (candidate: string) =>
      (await sql`select from crm.company where organisation_number = ${candidate}`.execute(trx)).rows.length > 0;
    while (await taken(number)) number = numbers.claim(number);
    const company: CompanyRow = {
      ...generated,
      name: timelineCompanyName,
      organisationNumber: number,
      email: ownDomain(generated.email),
      website: `https://www.${TIMELINE_DOMAIN}`,
      id,
      statusId: statuses.company[0],
    };
    await insertRows(trx, "crm.company", companyColumns, actors, [company]);
    made.push("the company");
  }
  const rows = data.contacts.map((contact) => ({
    ...contact,
    email: ownDomain(contact.email),
    id: randomUUID(),
    statusId: statuses.contact[0],
  }));
  await insertRows(trx, "crm.contact", contactColumns, actors, rows);
  const links = data.links.map((link) => ({ companyId: id, contactId: rows[link.contactIndex].id, role: link.role }));
  await insertRows(trx, "custom_schema_relationship.company_has_contact", linkColumns, { created_by: adminId }, links);
  made.push(`${rows.length} contacts`);
  return { id, contacts: await linked(id), made };
}

/**
 * Gives the timeline's company at least `wanted` activities: notes attached to it, inquiries and to-dos linked to it
 * and one of its contacts, and edits in its history, each kind up to its share and dated over the last two years.
 * Documents already on it count towards the total; none are added (their files are not rows). Like the other
 * records, the notes, inquiries and to-dos get no audit rows of their own. A top-up's history entries come after the
 * ones there, so the history's order by id (the order it is read in) stays its order in time.
 */
async function seedTimeline(
  db: Kysely<Database>,
  wanted: number,
  options: { seed: number; adminId: string | null; started: number },
): Promise<void> {
  const companyId = await findTimelineCompany(db);
  const record = (id: string): RecordKey => ({ schemaKey: "crm", tableKey: "company", id });
  const { counts } = companyId
    ? await timelineCounts(db, record(companyId), [...activityKinds])
    : { counts: {} as Partial<Record<ActivityKind, number>> };
  const holding = activityKinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0);
  const targets: Record<AddedKind, number> = {
    inquiry: Math.floor(wanted * timelineShares.inquiry),
    todo: Math.floor(wanted * timelineShares.todo),
    history: Math.floor(wanted * timelineShares.history),
    note: 0,
  };
  targets.note = wanted - targets.inquiry - targets.todo - targets.history;
  // Each kind up to its share: together at least `wanted`, whatever the company already had.
  const adding = Object.fromEntries(
    addedKinds.map((kind) => [kind, holding >= wanted ? 0 : Math.max(0, targets[kind] - (counts[kind] ?? 0))]),
  ) as Record<AddedKind, number>;
  const total = addedKinds.reduce((sum, kind) => sum + adding[kind], 0);
  const named = (kind: AddedKind, value: number) => `${format(value)} ${kindNames[kind][value === 1 ? 0 : 1]}`;
  console.log(
    `"${timelineCompanyName}" ${companyId ? `has ${format(holding)} activities` : "is missing"}; adding ` +
      `${addedKinds.map((kind) => named(kind, adding[kind])).join(", ")}.`,
  );
  if (total === 0) return;

  const tableOf: Record<AddedKind, string[]> = {
    note: ["notes.note", "notes.note_attached_to"],
    inquiry: ["crm.inquiry", "crm.inquiry_company_contact"],
    todo: ["crm.todo", "crm.todo_company_contact"],
    history: ["core.transaction"],
  };
  const filled: string[] = [];
  const tables: string[] = [];
  for (const kind of addedKinds.filter((kind) => adding[kind] > 0)) {
    for (const table of tableOf[kind]) {
      filled.push(table);
      if (large(adding[kind], await tableCount(db, table))) tables.push(table);
    }
  }
  const choices = {
    inquiry: adding.inquiry > 0 ? await workItemChoices(db, "inquiry") : undefined,
    todo: adding.todo > 0 ? await workItemChoices(db, "todo") : undefined,
  };

  const loadStarted = performance.now();
  const now = Date.now();
  await bulkLoad(db, tables, async (trx) => {
    const company = await timelineCompany(trx, companyId, options.seed, options.adminId);
    if (company.made.length > 0) console.log(`  made ${company.made.join(" and ")}`);
    const actors = { created_by: options.adminId, updated_by: options.adminId };
    // A top-up's history comes after the entries there, so that its order by id stays its order in time.
    const { rows: latest } = await sql<{ at: Date | string | null }>`select max(at) as at from core.transaction
      where schema_key = 'crm' and table_key = 'company' and record_id = ${company.id}`.execute(trx);
    const historyFrom = latest[0]?.at ? new Date(latest[0].at).getTime() + 1 : 0;
    for (const kind of addedKinds) {
      if (adding[kind] === 0) continue;
      // Mixing in the entries already there keeps a top-up from repeating the first run.
      const kindSeed = (Math.imul(options.seed, 0x9e3779b1) + (counts[kind] ?? 0)) >>> 0;
      const from = Math.max(now - TIMELINE_SPAN, kind === "history" ? historyFrom : 0);
      const times = moments(adding[kind], mulberry32(kindSeed ^ timeSalts[kind]), from, now);
      const chunks = Math.ceil(adding[kind] / CHUNK_ROWS);
      let inserted = 0;
      for (let index = 0; index < chunks; index++) {
        const count = share(adding[kind], chunks, index);
        const seed = (kindSeed + index) >>> 0;
        const at = times.slice(inserted, inserted + count);
        if (kind === "note") {
          const rows = generateTexts("note", count, seed).map((text, row) => ({
            ...text,
            id: randomUUID(),
            at: at[row],
          }));
          await insertRows(
            trx,
            "notes.note",
            [...noteColumns, ...timeColumns("created_at", "updated_at")],
            actors,
            rows,
          );
          await insertRows(
            trx,
            "notes.note_attached_to",
            [...attachmentColumns, ...timeColumns("created_at")],
            { created_by: options.adminId },
            rows.map((row) => ({ noteId: row.id, companyId: company.id, at: row.at })),
          );
        } else if (kind === "inquiry" || kind === "todo") {
          const items = generateWorkItems(kind, count, seed, choices[kind] as WorkItemChoices, new Date(now));
          const rows = items.map((item, row) => ({ ...item, id: randomUUID(), at: at[row] }));
          const itemColumns = [...workItemColumns, ...timeColumns("created_at", "updated_at")];
          await insertRows(trx, `crm.${kind}`, itemColumns, actors, rows);
          // The company's contacts in turn.
          const links = rows.map((row, position) => ({
            itemId: row.id,
            companyId: company.id,
            contactId: company.contacts[(inserted + position) % company.contacts.length],
            at: row.at,
          }));
          const columns = [...workItemLinkColumns(kind), ...timeColumns("created_at")];
          await insertRows(trx, `crm.${kind}_company_contact`, columns, { created_by: options.adminId }, links);
        } else {
          const rows = generateCompanyChanges(count, seed).map((change, row) => ({
            ...change,
            companyId: company.id,
            at: at[row],
          }));
          await insertRows(trx, "core.transaction", historyColumns, { actor_id: options.adminId }, rows);
        }
        inserted += count;
        console.log(`  ${format(inserted)}/${named(kind, adding[kind])} (${seconds(performance.now() - loadStarted)})`);
      }
    }
  });
  const loaded = performance.now() - loadStarted;
  const vacuumed = await vacuumAnalyze(db, filled);
  console.log(
    `Added ${format(total)} activities to "${timelineCompanyName}" in ${seconds(loaded)} (${rate(total, loaded)}), ` +
      `vacuum analyze ${seconds(vacuumed)}, total ${seconds(performance.now() - options.started)}, ` +
      `peak memory ${peakMemory()}.`,
  );
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
    const admin = await db
      .selectFrom("core.app_user")
      .select("id")
      .where("email", "=", "admin@example.com")
      .executeTakeFirst();
    const adminId = admin?.id ?? null;
    if (!adminId) console.log("No admin@example.com user: the records are created by no one.");

    // Companies and contacts first: the other records link to them.
    await seedCompanies(db, options, adminId, started);
    const run = { seed: options.seed, adminId, started };
    if (options.inquiries > 0) {
      await seedLinkedRecords(db, await workItems(db, "inquiry", options.seed), options.inquiries, run);
    }
    if (options.todos > 0) {
      await seedLinkedRecords(db, await workItems(db, "todo", options.seed), options.todos, run);
    }
    if (options.notes > 0) await seedLinkedRecords(db, notes(options.seed), options.notes, run);
    // Last, so the timeline's notes, inquiries and to-dos do not stand in for the ones spread over every company.
    if (options.timeline > 0) await seedTimeline(db, options.timeline, run);
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
