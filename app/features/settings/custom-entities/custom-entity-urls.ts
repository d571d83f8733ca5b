/** The custom entities screen, with a panel or dialog open when `state` says so. */
export function entitiesUrl(state: Record<string, string> = {}): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/custom-entities${query ? `?${query}` : ""}`;
}

/** The list of a custom entity's records (spec §2 `/custom-entity/{key}`). */
export function recordsUrl(key: string): string {
  return `/custom-entity/${key}`;
}

/** The custom entities screen's panel form, by id (the warning dialog posts it again to close without JavaScript). */
export const ENTITY_FORM_ID = "custom-entity-form";
