import type { Permission } from "../../../server/contract/identity.ts";
import { operations, resources } from "../../../server/contract/identity.ts";

/** Granted to every user and the administrator's flag: not permissions a role gives, so not listed as such. */
const implicit = new Set(["AppUserGuide", "CompanyAdmin"]);

/**
 * A role's permissions as a reader sees them: one row per resource, in the product's order of resources (others, such
 * as custom entities, after them by key), with its entity's names when it is an entity's, and its operations in the
 * order view, create, change, delete.
 */
export function permissionsInWords(
  permissions: Permission[],
  entities: { resource: string; labelEn: string; labelNb: string }[],
): { resource: string; entity: { labelEn: string; labelNb: string } | null; operations: string[] }[] {
  const entityNames = new Map(entities.map(({ resource, labelEn, labelNb }) => [resource, { labelEn, labelNb }]));
  const byResource = new Map<string, Set<string>>();
  for (const { name, operation } of permissions) {
    if (implicit.has(name)) continue;
    const set = byResource.get(name) ?? new Set<string>();
    set.add(operation);
    byResource.set(name, set);
  }
  const rank = (resource: string) => {
    const index = (resources as readonly string[]).indexOf(resource);
    return index === -1 ? resources.length : index;
  };
  return [...byResource]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([resource, granted]) => ({
      resource,
      // An entity is named by its own names (a custom entity's are its author's); a feature by the locale's.
      entity: entityNames.get(resource) ?? null,
      operations: [
        ...(operations as readonly string[]).filter((operation) => granted.has(operation)),
        ...[...granted].filter((operation) => !(operations as readonly string[]).includes(operation)).sort(),
      ],
    }));
}
