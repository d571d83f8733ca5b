import { type Kysely, sql } from "kysely";

/**
 * Notes, inquiries and to-dos are listed newest first, with the search text at hand (decision 021). Notes and documents
 * get the wider name index that companies have (migration 0008): a search walks the list's order
 * in the index, reading the folded search text there instead of each row. A record's history is read newest first by
 * when it happened, as the activities timeline merges it with the record's other entries (an imported or backdated
 * entry has an id out of that order).
 */
const newestFirst = [
  ["notes", "note"],
  ["crm", "inquiry"],
  ["crm", "todo"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index note_name_search on notes.note (lower(title), id)
    include (title, status_id, search_text)`.execute(db);
  await sql`create index document_name_search on documents.document (lower(name), id)
    include (name, status_id, search_text)`.execute(db);
  // Notes, inquiries and to-dos are listed newest first (decision 021), searches included.
  for (const [schema, table] of newestFirst) {
    await sql`create index ${sql.id(`${table}_newest`)} on ${sql.table(`${schema}.${table}`)}
      (created_at desc, id desc) include (title, status_id, search_text)`.execute(db);
  }
  await sql`create index transaction_record_at on core.transaction (schema_key, table_key, record_id, at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index core.transaction_record_at`.execute(db);
  for (const [schema, table] of newestFirst)
    await sql`drop index ${sql.table(`${schema}.${table}_newest`)}`.execute(db);
  await sql`drop index notes.note_name_search`.execute(db);
  await sql`drop index documents.document_name_search`.execute(db);
}
