/** The resource whose Read shows the settings and whose Update changes them. */
export const SETTINGS_RESOURCE = "System_Settings";

/** The custom field panel's form, by id (the warning dialog posts it again to close without JavaScript). */
export const FIELD_FORM_ID = "custom-field-form";

/**
 * The settings' sections, in the sidebar's order; a section is listed only once its screen works. A section with a
 * `resource` is shown to those who may read that resource besides the settings.
 */
export const settingsSections: readonly { path: string; label: string; resource?: string }[] = [
  { path: "company-settings", label: "settings.sections.company" },
  { path: "users", label: "settings.sections.users", resource: "Users" },
  { path: "groups", label: "settings.sections.groups" },
  { path: "roles", label: "settings.sections.roles" },
  { path: "custom-fields", label: "settings.sections.customFields" },
  { path: "custom-entities", label: "settings.sections.customEntities" },
  { path: "inquiries", label: "settings.sections.inquiries" },
  { path: "todo", label: "settings.sections.todo" },
  { path: "statuses", label: "settings.sections.statuses" },
  { path: "priorities", label: "settings.sections.priorities" },
  { path: "categories", label: "settings.sections.categories" },
  { path: "sources", label: "settings.sections.sources" },
  { path: "dashboard-widget", label: "settings.sections.dashboardWidget" },
  { path: "expanded-entity-overview-widgets", label: "settings.sections.overviewBlocks" },
  { path: "crm-relationships", label: "settings.sections.relationships" },
  { path: "field-management-settings", label: "settings.sections.fieldManagement" },
  { path: "shortcut", label: "settings.sections.shortcuts" },
];

/** The sections a user may open: those without a resource of their own, and those whose resource they may read. */
export function sectionsFor(
  user: { companyAdmin: boolean; permissions: { name: string; operation: string }[] } | null,
) {
  const reads = (resource: string) =>
    Boolean(user?.companyAdmin || user?.permissions.some((p) => p.name === resource && p.operation === "Read"));
  return settingsSections.filter((section) => !section.resource || reads(section.resource));
}

/** `entity` is how the URL names an entity: its schema and table, "crm.contact". */
export function entityParam(entity: { schemaKey: string; tableKey: string }): string {
  return `${entity.schemaKey}.${entity.tableKey}`;
}

/** The custom fields screen of an entity, with a panel or dialog open when `state` says so. */
export function fieldsUrl(entity: string, state: Record<string, string> = {}): string {
  return `/system-settings/custom-fields?${new URLSearchParams({ entity, ...state })}`;
}

/** The field management screen of an entity ("crm.company"); without one, of the first entity. */
export function fieldManagementUrl(entity?: string): string {
  return `/system-settings/field-management-settings${entity ? `/${entity}` : ""}`;
}

/** A field's row on the field management screen, which the page scrolls to after a change without JavaScript. */
export function fieldRowId(key: string): string {
  return `field-${key}`;
}

/** The form of a field's row on the field management screen: its buttons, and the warning's Close without JavaScript. */
export function fieldFormId(key: string): string {
  return `field-order-${key}`;
}

/**
 * The overview blocks screen of an entity (the first one without), with the reset confirmation open when `state` says
 * so, and scrolled to `anchor`.
 */
export function overviewBlocksUrl(entity?: string | null, state: Record<string, string> = {}, anchor?: string): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/expanded-entity-overview-widgets${entity ? `/${entity}` : ""}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** The company settings screen. */
export const COMPANY_SETTINGS_PATH = "/system-settings/company-settings";

/** The shared shortcuts screen, with a panel or dialog open when `state` says so. */
export function sharedShortcutsUrl(state: Record<string, string> = {}): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/shortcut${query ? `?${query}` : ""}`;
}

/** The shared shortcut panel's form, by id. */
export const SHARED_SHORTCUT_FORM_ID = "shared-shortcut-form";
