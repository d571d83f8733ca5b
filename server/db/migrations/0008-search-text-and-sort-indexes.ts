import { type Kysely, sql } from "kysely";

// The searchable fields of each standard entity, as their metadata marks them.
const searchable: Record<string, string[]> = {
  company: ["name", "organisation_number", "email", "city"],
  contact: ["first_name", "last_name", "email", "title", "city"],
};

/**
 * Search reads one stored, folded text per row instead of folding each searchable field of every candidate row: the
 * fields are joined by a line break, which a search (one line of text) cannot contain, so a match never spans two
 * fields. Name-sort indexes carry the name and status, so walking past rows to a deep page reads the index only; a
 * second, wider one also carries the search text, so walking past rows that do not match a search does too. The
 * narrow one keeps deep pages quick (the planner takes the smaller index when it can).
 * Measured in docs/performance.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table core.entity add column search_text boolean not null default false`.execute(db);
  for (const [table, fields] of Object.entries(searchable)) {
    const joined = sql.join(
      fields.map((field) => sql`coalesce(${sql.ref(field)}, '')`),
      sql` || chr(10) || `,
    );
    await sql`alter table ${sql.table(`crm.${table}`)}
      add column search_text text generated always as (core.search_fold(${joined})) stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search_text`)} on ${sql.table(`crm.${table}`)}
      using gin (search_text gin_trgm_ops)`.execute(db);
    for (const field of fields) await sql`drop index crm.${sql.id(`${table}_${field}_search`)}`.execute(db);
    await sql`update core.entity set search_text = true where schema_key = 'crm' and table_key = ${table}`.execute(db);
  }
  await sql`drop index crm.company_name_sort`.execute(db);
  await sql`create index company_name_sort on crm.company (lower(name), id) include (name, status_id)`.execute(db);
  await sql`create index company_name_search on crm.company (lower(name), id)
    include (name, status_id, search_text)`.execute(db);
  await sql`drop index crm.contact_name_sort`.execute(db);
  await sql`create index contact_name_sort on crm.contact (lower(first_name), lower(last_name), id)
    include (first_name, last_name, status_id)`.execute(db);
  await sql`create index contact_name_search on crm.contact (lower(first_name), lower(last_name), id)
    include (first_name, last_name, status_id, search_text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index crm.company_name_search`.execute(db);
  await sql`drop index crm.contact_name_search`.execute(db);
  await sql`drop index crm.company_name_sort`.execute(db);
  await sql`create index company_name_sort on crm.company (lower(name), id)`.execute(db);
  await sql`drop index crm.contact_name_sort`.execute(db);
  await sql`create index contact_name_sort on crm.contact (lower(first_name), lower(last_name), id)`.execute(db);
  for (const [table, fields] of Object.entries(searchable)) {
    for (const field of fields) {
      await sql`create index ${sql.id(`${table}_${field}_search`)} on ${sql.table(`crm.${table}`)}
        using gin (core.search_fold(${sql.ref(field)}) gin_trgm_ops)`.execute(db);
    }
    await sql`alter table ${sql.table(`crm.${table}`)} drop column search_text`.execute(db);
  }
  await sql`alter table core.entity drop column search_text`.execute(db);
}
