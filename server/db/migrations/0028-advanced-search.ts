import { type Kysely, sql } from "kysely";

/**
 * Advanced search (spec §2, §3, §6): saved queries, global or personal, and data sources, which are saved queries
 * that feed dashboard widgets (`kind`). A definition is kept as the builder posts it (jsonb) and compiled from the
 * metadata at every run, so a renamed label or a removed field shows at once.
 *
 * An export may be a saved query's result: `core.export_job.saved_query_id` names it (the definition is kept in the
 * export's params as it was asked for), and the export is listed with the others.
 *
 * The built-in roles of existing workspaces get what new ones start with (server/users/roles.ts): employees and
 * read-only users keep personal queries of their own and read the global ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.saved_query")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('query', 'datasource')`))
    .addColumn("scope", "text", (col) => col.notNull().check(sql`scope in ('global', 'personal')`))
    .addColumn("owner_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("definition", "jsonb", (col) => col.notNull())
    .addColumn("created_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("updated_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    // Data sources are shared, as dashboards are.
    .addCheckConstraint("saved_query_datasource_global", sql`kind = 'query' or scope = 'global'`)
    .execute();
  // The lists: a kind and scope's newest changes first, and a user's own personal queries.
  await sql`create index saved_query_list on core.saved_query (kind, scope, updated_at desc, id desc)`.execute(db);
  await sql`create index saved_query_owner on core.saved_query (owner_id, kind, scope, updated_at desc, id desc)`.execute(
    db,
  );

  await sql`alter table core.export_job
    add column saved_query_id uuid references core.saved_query (id) on delete set null`.execute(db);
  await sql`create index export_job_saved_query on core.export_job (saved_query_id) where saved_query_id is not null`.execute(
    db,
  );

  await grantBuiltInRoles(db);
}

/** Gives the built-in roles of a workspace made before advanced search what new workspaces' roles start with. */
export async function grantBuiltInRoles(db: Kysely<any>): Promise<void> {
  for (const [role, grants] of Object.entries(GRANTS)) {
    for (const [resource, operations] of Object.entries(grants)) {
      await sql`insert into core.role_permission (role_id, resource, operation)
        select r.id, ${resource}, operation
        from core.role r cross join unnest(${sql.val(operations)}::text[]) as operation
        where r.built_in and r.name = ${role}
        on conflict do nothing`.execute(db);
    }
  }
}

const CRUD = ["Create", "Read", "Update", "Delete"];

/** As server/users/roles.ts gives new workspaces; the administrator role has every resource already. */
const GRANTS: Record<string, Record<string, string[]>> = {
  Employee: { Advanced_Search_Personal: CRUD, Advanced_Search_Global: ["Read"] },
  "Read-only": { Advanced_Search_Personal: CRUD, Advanced_Search_Global: ["Read"] },
};

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from core.role_permission p using core.role r
    where p.role_id = r.id and r.built_in and r.name in ('Employee', 'Read-only')
      and p.resource in ('Advanced_Search_Personal', 'Advanced_Search_Global')`.execute(db);
  await sql`drop index core.export_job_saved_query`.execute(db);
  await sql`alter table core.export_job drop column saved_query_id`.execute(db);
  await db.schema.dropTable("core.saved_query").execute();
}
