import type { RouterContextProvider } from "react-router";
import type { CurrentUser, SeenDashboard } from "../../middleware/auth.server.ts";
import type { RecordLoadInput } from "../records/record-features.server.ts";
import type { RecordScreen } from "../records/screens.ts";
import { type DashboardScreenData, loadDashboard } from "./dashboard.server.ts";
import { DASHBOARD_PARAM } from "./dashboard-params.ts";

/** The dashboards the user sees that are marked for this entity's records (spec §2 detail tab dashboard). */
export function recordDashboards(screen: RecordScreen, user: Pick<CurrentUser, "dashboards">): SeenDashboard[] {
  if (screen.schema !== "crm") return [];
  if (screen.table === "company") return user.dashboards.filter((dashboard) => dashboard.showInCompany);
  if (screen.table === "contact") return user.dashboards.filter((dashboard) => dashboard.showInContact);
  return [];
}

export interface RecordDashboardData extends DashboardScreenData {
  /** The entity's dashboards, to choose from when there are several. */
  choices: { uuidKey: string; name: string }[];
  chosen: string;
}

/**
 * A record's dashboard tab: the dashboard chosen by `?dashboard=` (the first one without it), its widgets counting
 * only the rows joined to this company or contact.
 */
export async function loadRecordDashboard(
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
  screen: RecordScreen,
  recordId: string,
  url: URL,
): Promise<RecordDashboardData | null> {
  const dashboards = recordDashboards(screen, user);
  const asked = url.searchParams.get(DASHBOARD_PARAM);
  const chosen = dashboards.find((dashboard) => dashboard.uuidKey === asked) ?? dashboards[0];
  if (!chosen) return null;
  const table = screen.table === "company" ? "company" : "contact";
  const view = await loadDashboard(context, chosen.uuidKey, url, { kind: "record", table, recordId });
  return {
    ...view,
    choices: dashboards.map(({ uuidKey, name }) => ({ uuidKey, name })),
    chosen: chosen.uuidKey,
  };
}

declare module "../records/record-features.ts" {
  interface RecordFeatureData {
    /** The dashboard tab of a company or a contact. */
    dashboard: RecordDashboardData | null;
  }
}

/** The dashboard tab's part of a record's page. */
export async function recordDashboard({ context, user, screen, record, tab, url }: RecordLoadInput) {
  return tab === "dashboard" ? loadRecordDashboard(context, user, screen, record.uuid, url) : null;
}

/** The dashboard tab shows only when a dashboard the user sees is marked for the entity. */
export function seesRecordDashboard(screen: RecordScreen, user: Pick<CurrentUser, "dashboards">): boolean {
  return recordDashboards(screen, user).length > 0;
}
