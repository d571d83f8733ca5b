import { type Kysely, sql } from "kysely";
import { versionRecords } from "./0009-record-versions.ts";

/**
 * Widgets and categorized dashboards (spec §3, §6). A widget reads a data source (a saved query of kind datasource),
 * which cannot be deleted while a widget uses it; its configuration keeps the spec's model as jsonb. A dashboard is
 * seen by its groups (none: everyone); each user may choose their own default over the one an administrator marks.
 *
 * Widget data is kept per data version: relationship link tables get core.record_version too, so a source joining
 * records through one sees a new link as a change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.dashboard")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("main_list", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("show_in_company", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("show_in_contact", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("is_default", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One workspace default at most.
  await sql`create unique index dashboard_one_default on core.dashboard (is_default) where is_default`.execute(db);

  await db.schema
    .createTable("core.dashboard_group")
    .addColumn("dashboard_id", "uuid", (col) => col.notNull().references("core.dashboard.id").onDelete("cascade"))
    .addColumn("group_id", "uuid", (col) => col.notNull().references("core.user_group.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("dashboard_group_pkey", ["dashboard_id", "group_id"])
    .execute();
  await db.schema.createIndex("dashboard_group_group").on("core.dashboard_group").column("group_id").execute();

  await db.schema
    .createTable("core.widget")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("type", "text", (col) =>
      col.notNull().check(sql`type in ('KPI', 'LINE', 'BAR', 'GROUPED_BAR', 'MULTILINE', 'PIE', 'TREE', 'TABLE')`),
    )
    // A data source in use is refused deletion (spec §8 DatasourceInUseException).
    .addColumn("datasource_id", "uuid", (col) => col.notNull().references("core.saved_query.id").onDelete("restrict"))
    .addColumn("configuration", "jsonb", (col) => col.notNull())
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("widget_datasource").on("core.widget").column("datasource_id").execute();
  await db.schema.createIndex("widget_name").on("core.widget").columns(["name", "id"]).execute();

  await db.schema
    .createTable("core.dashboard_widget")
    .addColumn("dashboard_id", "uuid", (col) => col.notNull().references("core.dashboard.id").onDelete("cascade"))
    .addColumn("widget_id", "uuid", (col) => col.notNull().references("core.widget.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull().check(sql`width between 1 and 12`))
    .addColumn("height", "integer", (col) => col.notNull().check(sql`height between 1 and 12`))
    .addPrimaryKeyConstraint("dashboard_widget_pkey", ["dashboard_id", "widget_id"])
    .execute();
  await db.schema.createIndex("dashboard_widget_widget").on("core.dashboard_widget").column("widget_id").execute();

  await db.schema
    .createTable("core.user_dashboard")
    .addColumn("user_id", "uuid", (col) => col.primaryKey().references("core.app_user.id").onDelete("cascade"))
    .addColumn("dashboard_id", "uuid", (col) => col.notNull().references("core.dashboard.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("user_dashboard_dashboard").on("core.user_dashboard").column("dashboard_id").execute();

  // Employees see dashboards' widgets; the administrator role has every resource already.
  await sql`insert into core.role_permission (role_id, resource, operation)
    select id, 'Widget', 'Read' from core.role where name in ('Employee', 'Read-only') and built_in
    on conflict do nothing`.execute(db);

  // Every link table lives in one schema (the built-in company-contact one too).
  const links = await sql<{ tablename: string }>`select tablename from pg_tables t
    where schemaname = 'custom_schema_relationship'
      and not exists (select 1 from core.record_version v
        where v.schema_key = t.schemaname and v.table_key = t.tablename)`.execute(db);
  for (const link of links.rows) await versionRecords(db, "custom_schema_relationship", link.tablename);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.user_dashboard").execute();
  await db.schema.dropTable("core.dashboard_widget").execute();
  await db.schema.dropTable("core.widget").execute();
  await db.schema.dropTable("core.dashboard_group").execute();
  await db.schema.dropTable("core.dashboard").execute();
}
