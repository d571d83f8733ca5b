import type { MetaStatusKindOrStatus } from "../../../../server/contract/meta-status.ts";
import type { WorkItemTable } from "../../../../server/contract/work-items.ts";

/** Each kind's settings screen (spec §2 system settings: statuses, priorities, categories, sources). */
export const metaStatusPaths = {
  status: "statuses",
  priority: "priorities",
  category: "categories",
  source: "sources",
} as const satisfies Record<MetaStatusKindOrStatus, string>;

export const metaStatusKinds = Object.keys(metaStatusPaths) as MetaStatusKindOrStatus[];

/** The address's last part; client navigations load data from "/system-settings/priorities.data" and the like. */
function lastPart(pathname: string): string | undefined {
  return pathname
    .replace(/\.data$/, "")
    .replace(/\/+$/, "")
    .split("/")
    .pop();
}

/** The kind a settings screen's address is of ("/system-settings/priorities" is of priorities). */
export function kindFromPath(pathname: string): MetaStatusKindOrStatus {
  const last = lastPart(pathname);
  const kind = metaStatusKinds.find((candidate) => metaStatusPaths[candidate] === last);
  if (!kind) throw new Error(`No meta status screen at ${pathname}`);
  return kind;
}

/** A kind's screen for an entity ("crm.inquiry"; the first without one), with a panel or dialog open per `state`. */
export function metaStatusUrl(
  kind: MetaStatusKindOrStatus,
  entity?: string | null,
  state: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...(entity ? { entity } : {}), ...state }).toString();
  return `/system-settings/${metaStatusPaths[kind]}${query ? `?${query}` : ""}`;
}

/** The side panel's form, by id (the warning dialog posts it again to close without JavaScript). */
export const META_STATUS_FORM_ID = "meta-status-form";

/** The inquiries' and to-dos' settings screens (spec §2 system settings: inquiries, todo). */
export const workItemSettingsPaths = { inquiry: "inquiries", todo: "todo" } as const satisfies Record<
  WorkItemTable,
  string
>;

export function workItemTableFromPath(pathname: string): WorkItemTable {
  const last = lastPart(pathname);
  if (last === workItemSettingsPaths.inquiry) return "inquiry";
  if (last === workItemSettingsPaths.todo) return "todo";
  throw new Error(`No work item settings at ${pathname}`);
}

export function workItemSettingsUrl(table: WorkItemTable): string {
  return `/system-settings/${workItemSettingsPaths[table]}`;
}

export const REFERENCE_FORM_ID = "reference-number-form";
export const DEFAULTS_FORM_ID = "work-item-defaults-form";
