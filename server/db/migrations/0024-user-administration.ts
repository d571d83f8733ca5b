import { type Kysely, sql } from "kysely";

/**
 * User administration: a user may be deactivated (and reactivated), and roles may be granted the product's features
 * besides its entities. The built-in administrator role of an existing workspace gets every operation on the new
 * features, as a new workspace's does; a user's changes (role, groups, status) are audited in `core.transaction`.
 */
const FEATURES = [
  "Advanced_Search_Global",
  "Advanced_Search_Personal",
  "Import",
  "Export",
  "Document_Template",
  "Widget",
  "Datasource",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table core.app_user drop constraint app_user_status_check`.execute(db);
  await sql`alter table core.app_user add constraint app_user_status_check
    check (status in ('invited', 'active', 'deactivated'))`.execute(db);
  await sql`insert into core.role_permission (role_id, resource, operation)
    select r.id, feature, operation
    from core.role r
    cross join unnest(${sql.val(FEATURES)}::text[]) as feature
    cross join unnest(array['Create', 'Read', 'Update', 'Delete']) as operation
    where r.built_in and r.name = 'Company administrator'
    on conflict do nothing`.execute(db);
  await sql`create index app_user_role on core.app_user (role_id)`.execute(db);
  await sql`create index user_group_member_user on core.user_group_member (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index core.user_group_member_user`.execute(db);
  await sql`drop index core.app_user_role`.execute(db);
  await sql`delete from core.role_permission where resource = any(${sql.val(FEATURES)}::text[])`.execute(db);
  await sql`update core.app_user set status = 'invited' where status = 'deactivated'`.execute(db);
  await sql`alter table core.app_user drop constraint app_user_status_check`.execute(db);
  await sql`alter table core.app_user add constraint app_user_status_check check (status in ('invited', 'active'))`.execute(
    db,
  );
}
