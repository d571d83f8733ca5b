import type { Kysely } from "kysely";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  DASHBOARD_WIDGETS_MAX,
  type DashboardDto,
  type DashboardInput,
  type DashboardSummary,
  type DashboardView,
  dashboardTexts,
  EMPTY_DASHBOARD_EXCEPTION,
  EMPTY_DASHBOARD_TEXT,
  type FilterOperation,
  type PlacedWidget,
  type PlacementInput,
  type WidgetDataInput,
} from "../contract/dashboards.ts";
import { messages } from "../contract/messages.ts";
import type { WidgetData } from "../contract/widget-data.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern, isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import * as repo from "./dashboards.repository.ts";
import { loadSource } from "./sources.ts";
import {
  dataOf,
  keptData,
  type PreparedData,
  prepareData,
  widgetNotFound,
  widgetStatements,
} from "./widgets.service.ts";

const WIDGET = "Widget";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", dashboardTexts.dashboardNotFound);
}

function invalid(field: string, message: string, objectName = "dashboard"): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", message, [
    { field, defaultMessage: message, objectName },
  ]);
}

function toSummary(row: repo.DashboardRow): DashboardSummary {
  return {
    uuid: row.id,
    uuidKey: row.id,
    name: row.name,
    description: row.description,
    mainList: row.main_list,
    showInCompany: row.show_in_company,
    showInContact: row.show_in_contact,
    default: row.is_default,
    position: row.position,
  };
}

function toDto(row: repo.DashboardSettingsRow): DashboardDto {
  return {
    ...toSummary(row),
    groups: row.groups.map((group) => ({ uuid: group.id, name: group.name })),
    widgetCount: row.widget_count,
  };
}

/** The dashboards the user's groups see, with the asked flags set (the menu's, a company's or a contact's tab). */
export async function seenDashboards(
  db: Kysely<Database>,
  actor: Actor,
  flags: { mainList?: boolean; showInCompany?: boolean; showInContact?: boolean },
): Promise<DashboardSummary[]> {
  const wanted: repo.DashboardFlag[] = [];
  if (flags.mainList) wanted.push("main_list");
  if (flags.showInCompany) wanted.push("show_in_company");
  if (flags.showInContact) wanted.push("show_in_contact");
  return (await repo.seenDashboards(db, actor.id, actor.companyAdmin, wanted)).map(toSummary);
}

async function seenDashboard(db: Kysely<Database>, actor: Actor, id: string): Promise<repo.DashboardRow> {
  const row = isUuid(id) ? await repo.findSeenDashboard(db, actor.id, actor.companyAdmin, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The user's own default when they still see it, else the workspace's when they see that; else none. */
export async function defaultDashboard(db: Kysely<Database>, actor: Actor): Promise<DashboardSummary | null> {
  for (const id of [await repo.userDefault(db, actor.id), await repo.workspaceDefault(db)]) {
    if (!id) continue;
    const row = await repo.findSeenDashboard(db, actor.id, actor.companyAdmin, id);
    if (row) return toSummary(row);
  }
  return null;
}

/** Sets (or with null clears) the user's own default; it must be a dashboard they see. */
export async function setDefaultDashboard(
  db: Kysely<Database>,
  actor: Actor,
  dashboardId: string | null,
): Promise<DashboardSummary | null> {
  if (dashboardId !== null) await seenDashboard(db, actor, dashboardId);
  await repo.setUserDefault(db, actor.id, dashboardId);
  return defaultDashboard(db, actor);
}

const noChoices: WidgetDataInput = { filterValues: [], page: 0, size: 20, lang: "en" };

function errorOf(error: unknown): PlacedWidget["error"] {
  if (error instanceof DomainError) {
    return { status: error.status, exceptionName: error.exceptionName, message: error.message };
  }
  throw error;
}

/**
 * A dashboard the user sees, its widgets in their places, each with its data for the viewer or the error it answers
 * (no Widget Read, or an entity its data source names that the viewer may not read): the others still show.
 */
export async function viewDashboard(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  lang: "en" | "nb",
  /** False for the layout alone (a record's tab asks each widget's data for its record). */
  withData = true,
): Promise<DashboardView> {
  const dashboard = await seenDashboard(db, actor, id);
  const places = await repo.placements(db, dashboard.id);
  const widgets = new Map(
    (
      await repo.findWidgets(
        db,
        places.map((place) => place.widget_id),
      )
    ).map((w) => [w.id, w]),
  );
  const readable = can(actor, "Read", WIDGET);
  // Every widget is prepared first and its scan planned, so that charts over the same rows read them once.
  const statements = widgetStatements(db);
  const prepared = await Promise.all(
    places.map(async (place) => {
      const widget = widgets.get(place.widget_id);
      if (!widget) return null;
      let data: PreparedData | null = null;
      let error: PlacedWidget["error"] = null;
      const labels: Record<string, string> = {};
      if (!readable) {
        error = { status: 403, exceptionName: "AccessDeniedException", message: "Operation not permitted" };
      } else {
        try {
          const source = await loadSource(db, actor, widget.datasource_id);
          // The fields a viewer filters on, named in the page's language.
          for (const column of source.select.columns)
            labels[column.key] = lang === "nb" ? column.labelNb : column.labelEn;
          if (withData) {
            data = await prepareData(db, actor, widget, { input: { ...noChoices, lang }, source });
            data.plan(statements);
          }
        } catch (caught) {
          error = errorOf(caught);
        }
      }
      return { place, widget, data, error, labels };
    }),
  );
  const placed = await Promise.all(
    prepared.map(async (entry): Promise<PlacedWidget | null> => {
      if (!entry) return null;
      const { place, widget, labels } = entry;
      const { widgetConfiguration } = widget.configuration;
      let data: WidgetData | null = null;
      let error = entry.error;
      if (entry.data) {
        try {
          data = await keptData(db, entry.data, statements);
        } catch (caught) {
          error = errorOf(caught);
        }
      }
      const filterFields = [
        ...new Set([
          ...widgetConfiguration.customizableFilterFields,
          ...widgetConfiguration.filters.filter((filter) => filter.isParamUserAccessible).map((filter) => filter.field),
        ]),
      ];
      return {
        widget: {
          uuid: widget.id,
          name: widget.name,
          description: widget.description,
          type: widget.type as PlacedWidget["widget"]["type"],
          customizableFilterFields: widgetConfiguration.customizableFilterFields,
          adjustableFilters: widgetConfiguration.filters
            .filter((filter) => filter.isParamUserAccessible && !filter.isParamUserField)
            .map((filter) => ({
              field: filter.field,
              operation: filter.operation as FilterOperation,
              paramValue: filter.paramValue,
            })),
          filterLabels: Object.fromEntries(filterFields.map((field) => [field, labels[field] ?? field])),
        },
        position: place.position,
        width: place.width,
        height: place.height,
        data,
        error,
      };
    }),
  );
  const shown = placed.filter((entry): entry is PlacedWidget => entry !== null);
  return {
    dashboard: toSummary(dashboard),
    widgets: shown,
    empty: shown.length === 0 ? { exceptionName: EMPTY_DASHBOARD_EXCEPTION, message: EMPTY_DASHBOARD_TEXT } : null,
  };
}

const recordTables = {
  company: { schema: "crm", table: "company", resource: "Company" },
  contact: { schema: "crm", table: "contact", resource: "Contact" },
} as const;

/**
 * A widget's data on a record's dashboard tab: only the rows joined to that company or contact count. The dashboard
 * must be one the user sees and marked for that kind of record, the widget on it, and the record one they may read.
 */
export async function recordWidgetData(
  db: Kysely<Database>,
  actor: Actor,
  params: { dashboardId: string; widgetId: string; table: "company" | "contact"; recordId: string },
  input: WidgetDataInput,
): Promise<WidgetData> {
  const dashboard = await seenDashboard(db, actor, params.dashboardId);
  // Only a dashboard marked for that kind of record is its tab.
  if (!(params.table === "company" ? dashboard.show_in_company : dashboard.show_in_contact)) throw notFound();
  requirePermission(actor, "Read", WIDGET);
  const target = recordTables[params.table];
  requirePermission(actor, "Read", target.resource);
  if (!isUuid(params.widgetId) || !(await repo.findPlacement(db, dashboard.id, params.widgetId))) {
    throw widgetNotFound();
  }
  if (!isUuid(params.recordId) || !(await repo.recordExists(db, target.schema, target.table, params.recordId))) {
    throw new DomainError(404, "NotFoundException", dashboardTexts.recordNotFound);
  }
  const widget = await repo.findWidget(db, params.widgetId);
  if (!widget) throw widgetNotFound();
  return dataOf(db, actor, widget, {
    input,
    record: { schema: target.schema, table: target.table, id: params.recordId },
  });
}

async function checkedValues(db: repo.Db, input: DashboardInput, position: number) {
  const groups = [...new Set(input.groupUuids)];
  const found = await repo.existingGroups(db, groups);
  if (found.length !== groups.length) throw invalid("groupUuids", messages.notAnOption);
  return {
    groups,
    values: {
      name: input.name,
      description: input.description,
      main_list: input.mainList,
      show_in_company: input.showInCompany,
      show_in_contact: input.showInContact,
      is_default: input.default,
      position,
    } satisfies repo.DashboardValues,
  };
}

export async function listDashboards(db: Kysely<Database>, actor: Actor, q?: string): Promise<DashboardDto[]> {
  requirePermission(actor, "Read", SETTINGS);
  const term = q && q.trim().length >= 3 ? containsPattern(q.trim()) : undefined;
  return (await repo.listDashboards(db, term)).map(toDto);
}

export async function getDashboard(db: Kysely<Database>, actor: Actor, id: string): Promise<DashboardDto> {
  requirePermission(actor, "Read", SETTINGS);
  const row = isUuid(id) ? await repo.findDashboard(db, id) : undefined;
  if (!row) throw notFound();
  return toDto(row);
}

export async function createDashboard(
  db: Kysely<Database>,
  actor: Actor,
  input: DashboardInput,
): Promise<DashboardDto> {
  requirePermission(actor, "Update", SETTINGS);
  const id = await db.transaction().execute(async (trx) => {
    const position = input.position ?? (await repo.lastDashboardPosition(trx)) + 1;
    const { values, groups } = await checkedValues(trx, input, position);
    if (values.is_default) await repo.clearDefault(trx);
    const created = await repo.insertDashboard(trx, values);
    await repo.setGroups(trx, created, groups);
    return created;
  });
  return getDashboard(db, actor, id);
}

export async function changeDashboard(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: DashboardInput,
): Promise<DashboardDto> {
  requirePermission(actor, "Update", SETTINGS);
  const current = isUuid(id) ? await repo.findDashboard(db, id) : undefined;
  if (!current) throw notFound();
  await db.transaction().execute(async (trx) => {
    const { values, groups } = await checkedValues(trx, input, input.position ?? current.position);
    if (values.is_default) await repo.clearDefault(trx, id);
    if (!(await repo.updateDashboard(trx, id, values))) throw notFound();
    await repo.setGroups(trx, id, groups);
  });
  return getDashboard(db, actor, id);
}

export async function deleteDashboard(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  if (!isUuid(id) || !(await repo.deleteDashboard(db, id))) throw notFound();
}

/**
 * Changes a dashboard's widgets under a lock of its row: `change` gets them in order and answers the new order; the
 * positions are written anew (0, 1, …).
 */
async function changePlacements(
  db: Kysely<Database>,
  actor: Actor,
  dashboardId: string,
  change: (current: repo.PlacementRow[]) => Omit<repo.PlacementRow, "position">[],
): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  if (!isUuid(dashboardId)) throw notFound();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockDashboard(trx, dashboardId))) throw notFound();
    const next = change(await repo.placements(trx, dashboardId));
    await repo.savePlacements(trx, dashboardId, next);
    await repo.touchDashboard(trx, dashboardId);
  });
}

function insertAt<T>(list: T[], item: T, position: number | undefined): T[] {
  const at = Math.min(position ?? list.length, list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export async function placeWidget(
  db: Kysely<Database>,
  actor: Actor,
  dashboardId: string,
  widgetId: string,
  input: PlacementInput,
): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  if (!isUuid(widgetId) || !(await repo.findWidget(db, widgetId))) throw widgetNotFound();
  await changePlacements(db, actor, dashboardId, (current) => {
    if (current.some((place) => place.widget_id === widgetId)) {
      throw invalid("widgetId", dashboardTexts.alreadyPlaced, "placement");
    }
    if (current.length >= DASHBOARD_WIDGETS_MAX) {
      throw invalid("widgetId", dashboardTexts.tooManyWidgets, "placement");
    }
    return insertAt<Omit<repo.PlacementRow, "position">>(
      current,
      { widget_id: widgetId, width: input.width, height: input.height },
      input.position,
    );
  });
}

export async function movePlacement(
  db: Kysely<Database>,
  actor: Actor,
  dashboardId: string,
  widgetId: string,
  input: PlacementInput,
): Promise<void> {
  await changePlacements(db, actor, dashboardId, (current) => {
    const index = current.findIndex((place) => place.widget_id === widgetId);
    if (index < 0) throw widgetNotFound();
    const rest = current.filter((place) => place.widget_id !== widgetId);
    return insertAt<Omit<repo.PlacementRow, "position">>(
      rest,
      { widget_id: widgetId, width: input.width, height: input.height },
      input.position ?? index,
    );
  });
}

export async function removePlacement(
  db: Kysely<Database>,
  actor: Actor,
  dashboardId: string,
  widgetId: string,
): Promise<void> {
  await changePlacements(db, actor, dashboardId, (current) => {
    if (!current.some((place) => place.widget_id === widgetId)) throw widgetNotFound();
    return current.filter((place) => place.widget_id !== widgetId);
  });
}
