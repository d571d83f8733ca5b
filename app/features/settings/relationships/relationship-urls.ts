/** The relationships screen, all of them or those of one entity, with a panel or dialog open when `state` says so. */
export function relationshipsUrl(entity?: string | null, state: Record<string, string> = {}): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/crm-relationships${entity ? `/${entity}` : ""}${query ? `?${query}` : ""}`;
}

/** The relationships whose either side is the entity (as the URL names it, "crm.company"); all without one. */
export function relationshipsOf<R extends { schema1: string; key1: string; schema2: string; key2: string }>(
  relationships: R[],
  entity: string | null | undefined,
): R[] {
  if (!entity) return relationships;
  return relationships.filter((r) => `${r.schema1}.${r.key1}` === entity || `${r.schema2}.${r.key2}` === entity);
}

/** The relationship panel's form, by id. */
export const RELATIONSHIP_FORM_ID = "relationship-form";
