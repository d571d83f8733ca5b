import { type Kysely, sql } from "kysely";

function recordTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"));
}

export async function up(db: Kysely<any>): Promise<void> {
  await recordTable(db, "crm.company")
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("organisation_number", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("address", "text")
    .addColumn("postal_code", "text")
    .addColumn("city", "text")
    .addColumn("country", "text")
    .addColumn("industry", "text")
    .addColumn("employees", "numeric")
    .addColumn("description", "text")
    .execute();

  await recordTable(db, "crm.contact")
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("mobile", "text")
    .addColumn("phone", "text")
    .addColumn("title", "text")
    .addColumn("birth_date", "date")
    .addColumn("address", "text")
    .addColumn("postal_code", "text")
    .addColumn("city", "text")
    .addColumn("country", "text")
    .addColumn("linkedin", "text")
    .addColumn("description", "text")
    .execute();

  // Search: trigram indexes over case- and accent-folded text; lists sort by name.
  for (const [table, column] of [
    ["company", "name"],
    ["company", "organisation_number"],
    ["company", "email"],
    ["company", "city"],
    ["contact", "first_name"],
    ["contact", "last_name"],
    ["contact", "email"],
    ["contact", "title"],
    ["contact", "city"],
  ]) {
    await sql`create index ${sql.id(`${table}_${column}_search`)} on ${sql.table(`crm.${table}`)}
      using gin (core.search_fold(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
  }
  await sql`create index company_name_sort on crm.company (lower(name), id)`.execute(db);
  await sql`create index contact_name_sort on crm.contact (lower(first_name), lower(last_name), id)`.execute(db);
  await sql`create unique index company_organisation_number_key on crm.company (organisation_number)
    where organisation_number is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("crm.contact").execute();
  await db.schema.dropTable("crm.company").execute();
}
