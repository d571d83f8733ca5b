import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.meta_status")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().defaultTo("status"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("name_en", "text", (col) => col.notNull())
    .addColumn("name_nb", "text", (col) => col.notNull())
    .addColumn("is_default", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("meta_status_key", ["schema_key", "table_key", "kind", "key"])
    .execute();
  for (const table of ["company", "contact"]) {
    await db.schema
      .alterTable(`crm.${table}`)
      .addColumn("status_id", "uuid", (col) => col.references("core.meta_status.id").onDelete("set null"))
      .execute();
  }

  // Relationships between entities, described as data (labels, type), one link table each.
  await db.schema
    .createTable("core.relationship")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("link_schema", "text", (col) => col.notNull())
    .addColumn("link_table", "text", (col) => col.notNull())
    .addColumn("schema1", "text", (col) => col.notNull())
    .addColumn("key1", "text", (col) => col.notNull())
    .addColumn("schema2", "text", (col) => col.notNull())
    .addColumn("key2", "text", (col) => col.notNull())
    .addColumn("label1_en", "text", (col) => col.notNull())
    .addColumn("label1_nb", "text", (col) => col.notNull())
    .addColumn("label2_en", "text", (col) => col.notNull())
    .addColumn("label2_nb", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("built_in", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("favorite", "boolean", (col) => col.notNull().defaultTo(false))
    .addUniqueConstraint("relationship_link_table", ["link_schema", "link_table"])
    .execute();

  await db.schema
    .createTable("crm.company_has_contact")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (col) => col.notNull().references("crm.company.id").onDelete("cascade"))
    .addColumn("contact_id", "uuid", (col) => col.notNull().references("crm.contact.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addUniqueConstraint("company_has_contact_pair", ["company_id", "contact_id"])
    .execute();
  await db.schema
    .createIndex("company_has_contact_contact")
    .on("crm.company_has_contact")
    .column("contact_id")
    .execute();

  // Users and groups assigned to a record (they are notified about it).
  await db.schema
    .createTable("core.record_assignment")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("record_id", "uuid", (col) => col.notNull())
    .addColumn("group_id", "uuid", (col) => col.references("core.user_group.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.references("core.app_user.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("record_assignment_one_target", sql`(group_id is null) <> (user_id is null)`)
    .execute();
  await sql`create unique index record_assignment_group on core.record_assignment (schema_key, table_key, record_id, group_id)
    where group_id is not null`.execute(db);
  await sql`create unique index record_assignment_user on core.record_assignment (schema_key, table_key, record_id, user_id)
    where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.record_assignment").execute();
  await db.schema.dropTable("crm.company_has_contact").execute();
  await db.schema.dropTable("core.relationship").execute();
  for (const table of ["company", "contact"]) {
    await db.schema.alterTable(`crm.${table}`).dropColumn("status_id").execute();
  }
  await db.schema.dropTable("core.meta_status").execute();
}
