import { type Kysely, sql } from "kysely";
import { countRecords } from "./0007-record-counts.ts";
import { versionRecords } from "./0009-record-versions.ts";

const workItems = ["inquiry", "todo"] as const;

/**
 * Inquiries and to-dos: record tables like companies' (counted, versioned, searched by one folded text), whose
 * priority, category and source are meta statuses of their own kind, with a reference number from a sequence of each
 * table (never reused, even after a delete), linked to a contact, and to one of its companies, through
 * crm.{inquiry,todo}_company_contact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A colour per status, priority, category and source; statuses that close an item (done, closed) count as not open.
  await sql`alter table core.meta_status add column colour text`.execute(db);
  await sql`alter table core.meta_status add column closed boolean not null default false`.execute(db);

  for (const table of workItems) {
    const target = sql.table(`crm.${table}`);
    const sequence = `crm.${table}_reference_number`;
    await sql`create sequence ${sql.raw(sequence)} start with 1000`.execute(db);
    const metaStatus = (col: any) => col.references("core.meta_status.id").onDelete("set null");
    await db.schema
      .createTable(`crm.${table}`)
      .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
      .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
      .addColumn("status_id", "uuid", metaStatus)
      .addColumn("reference_number", "bigint", (col) =>
        col
          .notNull()
          .unique()
          .defaultTo(sql.raw(`nextval('${sequence}'::regclass)`)),
      )
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("description", "text")
      .addColumn("received_date", "date")
      .addColumn("due_date", "date")
      .addColumn("priority_id", "uuid", metaStatus)
      .addColumn("category_id", "uuid", metaStatus)
      .addColumn("source_id", "uuid", metaStatus)
      .addColumn("group_id", "uuid", (col) => col.references("core.user_group.id").onDelete("set null"))
      .addColumn("assigned_user_id", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
      .execute();
    await sql`alter sequence ${sql.raw(sequence)} owned by ${sql.raw(`crm.${table}.reference_number`)}`.execute(db);
    await sql`alter table ${target} add column search_text text generated always as
      (core.search_fold(coalesce(title, '') || chr(10) || reference_number::text || chr(10) || coalesce(description, '')))
      stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search_text`)} on ${target} using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    // As companies' (migration 0008): a narrow index for deep pages, a wider one that a search walks without the rows.
    await sql`create index ${sql.id(`${table}_name_sort`)} on ${target} (lower(title), id)
      include (title, status_id)`.execute(db);
    await sql`create index ${sql.id(`${table}_name_search`)} on ${target} (lower(title), id)
      include (title, status_id, search_text)`.execute(db);
    // "Assigned to me" in the list's order; a due-date range or sort.
    await sql`create index ${sql.id(`${table}_assigned_title`)} on ${target} (assigned_user_id, lower(title), id)
      include (title, status_id)`.execute(db);
    await sql`create index ${sql.id(`${table}_due`)} on ${target} (due_date, id)`.execute(db);
    await countRecords(db, "crm", table);
    await versionRecords(db, "crm", table);

    await db.schema
      .createTable(`crm.${table}_company_contact`)
      .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn(`${table}_id`, "uuid", (col) => col.notNull().references(`crm.${table}.id`).onDelete("cascade"))
      .addColumn("company_id", "uuid", (col) => col.references("crm.company.id").onDelete("cascade"))
      .addColumn("contact_id", "uuid", (col) => col.notNull().references("crm.contact.id").onDelete("cascade"))
      .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
      .addUniqueConstraint(`${table}_company_contact_once`, [`${table}_id`, "contact_id"])
      .execute();
    // A company's and a contact's items, newest first, read from the index alone.
    await sql`create index ${sql.id(`${table}_company_contact_company`)} on ${sql.table(`crm.${table}_company_contact`)}
      (company_id, created_at desc, id desc) include (${sql.ref(`${table}_id`)}) where company_id is not null`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_company_contact_contact`)} on ${sql.table(`crm.${table}_company_contact`)}
      (contact_id, created_at desc, id desc) include (${sql.ref(`${table}_id`)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of workItems) {
    await db.schema.dropTable(`crm.${table}_company_contact`).execute();
    await sql`delete from core.record_count where schema_key = 'crm' and table_key = ${table}`.execute(db);
    await sql`delete from core.record_version where schema_key = 'crm' and table_key = ${table}`.execute(db);
    await db.schema.dropTable(`crm.${table}`).execute();
  }
  await sql`alter table core.meta_status drop column closed`.execute(db);
  await sql`alter table core.meta_status drop column colour`.execute(db);
}
