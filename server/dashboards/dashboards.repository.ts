import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Database, WidgetConfigurationColumn } from "../db/schema.ts";

export type Db = Kysely<Database> | Transaction<Database>;

export interface DashboardRow {
  id: string;
  name: string;
  description: string;
  main_list: boolean;
  show_in_company: boolean;
  show_in_contact: boolean;
  is_default: boolean;
  position: number;
}

const dashboardColumns = [
  "d.id",
  "d.name",
  "d.description",
  "d.main_list",
  "d.show_in_company",
  "d.show_in_contact",
  "d.is_default",
  "d.position",
] as const;

/** A dashboard the user sees: it has no groups, or the user is in one of them. Administrators see every one. */
function seenBy(userId: string, admin: boolean) {
  return (eb: ExpressionBuilder<Database & { d: Database["core.dashboard"] }, "d">) =>
    admin
      ? eb.val(true)
      : eb.or([
          eb.not(
            eb.exists(
              eb
                .selectFrom("core.dashboard_group as dg")
                .select("dg.group_id")
                .whereRef("dg.dashboard_id", "=", "d.id"),
            ),
          ),
          eb.exists(
            eb
              .selectFrom("core.dashboard_group as dg")
              .innerJoin("core.user_group_member as m", "m.group_id", "dg.group_id")
              .select("dg.group_id")
              .whereRef("dg.dashboard_id", "=", "d.id")
              .where("m.user_id", "=", userId),
          ),
        ]);
}

export type DashboardFlag = "main_list" | "show_in_company" | "show_in_contact";

export async function seenDashboards(
  db: Db,
  userId: string,
  admin: boolean,
  flags: DashboardFlag[],
): Promise<DashboardRow[]> {
  let query = db.selectFrom("core.dashboard as d").select(dashboardColumns).where(seenBy(userId, admin));
  for (const flag of flags) query = query.where(`d.${flag}`, "=", true);
  return query.orderBy("d.position").orderBy("d.name").orderBy("d.id").execute();
}

export async function findSeenDashboard(
  db: Db,
  userId: string,
  admin: boolean,
  id: string,
): Promise<DashboardRow | undefined> {
  return db
    .selectFrom("core.dashboard as d")
    .select(dashboardColumns)
    .where("d.id", "=", id)
    .where(seenBy(userId, admin))
    .executeTakeFirst();
}

export interface DashboardSettingsRow extends DashboardRow {
  groups: { id: string; name: string }[];
  widget_count: number;
}

function settingsQuery(db: Db) {
  return db
    .selectFrom("core.dashboard as d")
    .select(dashboardColumns)
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("core.dashboard_group as dg")
          .innerJoin("core.user_group as g", "g.id", "dg.group_id")
          .select(["g.id", "g.name"])
          .whereRef("dg.dashboard_id", "=", "d.id")
          .orderBy("g.name"),
      ).as("groups"),
      eb
        .selectFrom("core.dashboard_widget as dw")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("dw.dashboard_id", "=", "d.id")
        .as("widget_count"),
    ]);
}

export async function listDashboards(db: Db, q: string | undefined): Promise<DashboardSettingsRow[]> {
  let query = settingsQuery(db);
  if (q) query = query.where("d.name", "ilike", q);
  const rows = await query.orderBy("d.position").orderBy("d.name").orderBy("d.id").execute();
  return rows.map((row) => ({ ...row, widget_count: Number(row.widget_count) }));
}

export async function findDashboard(db: Db, id: string): Promise<DashboardSettingsRow | undefined> {
  const row = await settingsQuery(db).where("d.id", "=", id).executeTakeFirst();
  return row && { ...row, widget_count: Number(row.widget_count) };
}

export type DashboardValues = Omit<DashboardRow, "id">;

/** Clears the workspace default, before another one becomes it. */
export async function clearDefault(db: Db, except?: string): Promise<void> {
  let query = db.updateTable("core.dashboard").set({ is_default: false }).where("is_default", "=", true);
  if (except) query = query.where("id", "!=", except);
  await query.execute();
}

/** Dashboards and widgets: rows written whole, by id, each keeping when it last changed. */
type EditedTable = "core.dashboard" | "core.widget";

async function insertRow(db: Db, table: EditedTable, values: Insertable<Database[EditedTable]>): Promise<string> {
  const row = await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function updateRow(db: Db, table: EditedTable, id: string, values: Updateable<Database[EditedTable]>) {
  const result = await db
    .updateTable(table)
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function deleteRow(db: Db, table: EditedTable, id: string): Promise<boolean> {
  const result = await db.deleteFrom(table).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const insertDashboard = (db: Db, values: DashboardValues) => insertRow(db, "core.dashboard", values);
export const updateDashboard = (db: Db, id: string, values: DashboardValues) =>
  updateRow(db, "core.dashboard", id, values);
export const deleteDashboard = (db: Db, id: string) => deleteRow(db, "core.dashboard", id);

export async function lastDashboardPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("core.dashboard")
    .select((eb) => eb.fn.max("position").as("last"))
    .executeTakeFirst();
  return row?.last ?? -1;
}

export async function setGroups(db: Db, dashboardId: string, groupIds: string[]): Promise<void> {
  await db.deleteFrom("core.dashboard_group").where("dashboard_id", "=", dashboardId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto("core.dashboard_group")
    .values(groupIds.map((groupId) => ({ dashboard_id: dashboardId, group_id: groupId })))
    .execute();
}

export async function existingGroups(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("core.user_group").select("id").where("id", "in", ids).execute();
  return rows.map((row) => row.id);
}

export async function userDefault(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("core.user_dashboard")
    .select("dashboard_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.dashboard_id;
}

export async function workspaceDefault(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("core.dashboard").select("id").where("is_default", "=", true).executeTakeFirst();
  return row?.id;
}

export async function setUserDefault(db: Db, userId: string, dashboardId: string | null): Promise<void> {
  if (dashboardId === null) {
    await db.deleteFrom("core.user_dashboard").where("user_id", "=", userId).execute();
    return;
  }
  await db
    .insertInto("core.user_dashboard")
    .values({ user_id: userId, dashboard_id: dashboardId })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ dashboard_id: dashboardId }))
    .execute();
}

export interface WidgetRow {
  id: string;
  name: string;
  description: string;
  type: string;
  datasource_id: string;
  datasource_name: string;
  configuration: WidgetConfigurationColumn;
  created_at: Date;
  updated_at: Date;
  dashboards: { id: string; name: string }[];
}

function widgetQuery(db: Db) {
  return db
    .selectFrom("core.widget as w")
    .innerJoin("core.saved_query as s", "s.id", "w.datasource_id")
    .select([
      "w.id",
      "w.name",
      "w.description",
      "w.type",
      "w.datasource_id",
      "s.name as datasource_name",
      "w.configuration",
      "w.created_at",
      "w.updated_at",
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("core.dashboard_widget as dw")
          .innerJoin("core.dashboard as d", "d.id", "dw.dashboard_id")
          .select(["d.id", "d.name"])
          .whereRef("dw.widget_id", "=", "w.id")
          .orderBy("d.position")
          .orderBy("d.name"),
      ).as("dashboards"),
    );
}

export async function findWidget(db: Db, id: string): Promise<WidgetRow | undefined> {
  return widgetQuery(db).where("w.id", "=", id).executeTakeFirst() as Promise<WidgetRow | undefined>;
}

export async function findWidgets(db: Db, ids: string[]): Promise<WidgetRow[]> {
  if (ids.length === 0) return [];
  return widgetQuery(db).where("w.id", "in", ids).execute() as Promise<WidgetRow[]>;
}

export async function pageWidgets(
  db: Db,
  q: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: WidgetRow[]; total: number }> {
  let count = db.selectFrom("core.widget as w").select((eb) => eb.fn.countAll<number>().as("n"));
  let query = widgetQuery(db);
  if (q) {
    count = count.where("w.name", "ilike", q);
    query = query.where("w.name", "ilike", q);
  }
  const [rows, total] = await Promise.all([
    query.orderBy("w.name").orderBy("w.id").offset(offset).limit(limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as WidgetRow[], total: Number(total.n) };
}

export interface WidgetValues {
  name: string;
  description: string;
  type: string;
  datasource_id: string;
  configuration: string;
}

export const insertWidget = (db: Db, values: WidgetValues & { created_by: string }) =>
  insertRow(db, "core.widget", values);
export const updateWidget = (db: Db, id: string, values: WidgetValues) => updateRow(db, "core.widget", id, values);
export const deleteWidget = (db: Db, id: string) => deleteRow(db, "core.widget", id);

export async function datasourceInUse(db: Db, datasourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom("core.widget")
    .select("id")
    .where("datasource_id", "=", datasourceId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PlacementRow {
  widget_id: string;
  position: number;
  width: number;
  height: number;
}

export async function placements(db: Db, dashboardId: string): Promise<PlacementRow[]> {
  return db
    .selectFrom("core.dashboard_widget")
    .select(["widget_id", "position", "width", "height"])
    .where("dashboard_id", "=", dashboardId)
    .orderBy("position")
    .orderBy("widget_id")
    .execute();
}

export async function findPlacement(db: Db, dashboardId: string, widgetId: string): Promise<PlacementRow | undefined> {
  return db
    .selectFrom("core.dashboard_widget")
    .select(["widget_id", "position", "width", "height"])
    .where("dashboard_id", "=", dashboardId)
    .where("widget_id", "=", widgetId)
    .executeTakeFirst();
}

/** Holds the dashboard's row, so that changes to its widgets' places happen one at a time. */
export async function lockDashboard(trx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await trx.selectFrom("core.dashboard").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Writes the dashboard's widgets in the given order (positions 0, 1, …) with their sizes. */
export async function savePlacements(
  trx: Transaction<Database>,
  dashboardId: string,
  rows: Omit<PlacementRow, "position">[],
): Promise<void> {
  await trx.deleteFrom("core.dashboard_widget").where("dashboard_id", "=", dashboardId).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto("core.dashboard_widget")
    .values(rows.map((row, position) => ({ dashboard_id: dashboardId, ...row, position })))
    .execute();
}

/** Whether a record exists; schema and table come from the product's own list of record tables. */
export async function recordExists(db: Db, schema: string, table: string, id: string): Promise<boolean> {
  const { rows } = await sql<{
    id: string;
  }>`select id from ${sql.table(`${schema}.${table}`)} where id = ${id}`.execute(db);
  return rows.length > 0;
}

/** Marks the dashboard changed now (its layout's change is its change). */
export async function touchDashboard(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.updateTable("core.dashboard").set({ updated_at: new Date() }).where("id", "=", id).execute();
}

/** A data source's stored definition, or undefined when there is none of that id. */
export async function findDataSource(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("core.saved_query")
    .select(["id", "definition", "updated_at"])
    .where("id", "=", id)
    .where("kind", "=", "datasource")
    .executeTakeFirst();
}

/** The data versions of the record tables named (`schema.table`) and of every link table, in the order of their names. */
export async function recordTableVersions(
  db: Kysely<Database>,
  tables: string[],
): Promise<{ name: string; version: number }[]> {
  const { rows } = await sql<{ name: string; version: number }>`select schema_key || '.' || table_key as name, version
    from core.record_version
    where schema_key || '.' || table_key = any(${tables}::text[]) or schema_key = 'custom_schema_relationship'
    order by 1`.execute(db);
  return rows;
}
