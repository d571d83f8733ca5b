import type { Kysely } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import type { Database } from "../db/schema.ts";
import { cachedRelationships, type Relationship } from "../relationships/relationships.repository.ts";
import { cachedEntity } from "./metadata.repository.ts";
import { type HistoryReader, NAMED_KEY, type Named } from "./transactions.ts";

/**
 * What a reader may be shown of records of other entities than the one they look at: every place that names a linked
 * record (a tab, a timeline, a history, a list's connections) asks here, so that each says the same.
 */

/** The right that reads the links between companies and contacts (spec §6 "CRM: read on company or contact links"). */
export const CRM_LINKS = "CRM";

/** Whether the actor may see a relationship's links: the built-in company–contact links need the CRM right too. */
export function readsLinksOf(actor: Actor, relationship: Pick<Relationship, "builtIn">): boolean {
  return !relationship.builtIn || can(actor, "Read", CRM_LINKS);
}

/** Whether the actor may read records of the entity named "schema.table"; an entity that is gone is not readable. */
export async function readsEntity(db: Kysely<Database>, actor: Actor, name: string): Promise<boolean> {
  const [schemaKey, tableKey] = name.split(".");
  const entity = schemaKey && tableKey ? await cachedEntity(db, schemaKey, tableKey) : undefined;
  return entity !== undefined && can(actor, "Read", entity.resource);
}

/** Inquiries and to-dos are linked to a contact and one of its companies (server/work-items), outside relationships. */
const WORK_ITEM_PARTNERS: Record<string, string[]> = {
  "crm.company": ["crm.inquiry", "crm.todo"],
  "crm.contact": ["crm.inquiry", "crm.todo"],
  "crm.inquiry": ["crm.contact", "crm.company"],
  "crm.todo": ["crm.contact", "crm.company"],
};

/** The entities the link entries among `rows` say they name. */
function namedBy(rows: { before: unknown; after: unknown }[]): string[] {
  const names = new Set<string>();
  for (const row of rows) {
    for (const detail of [row.before, row.after]) {
      if (!detail || typeof detail !== "object" || !Object.hasOwn(detail, NAMED_KEY)) continue;
      const named = (detail as Record<string, Named>)[NAMED_KEY];
      for (const name of Array.isArray(named?.entities) ? named.entities : []) {
        if (typeof name === "string") names.add(name);
      }
    }
  }
  return [...names];
}

/**
 * The reader of a record's history entries (`rows`, its history tab's or its timeline's): which entities' records
 * the entries may name to them. Link entries written before they said what they name may name a record of any entity
 * linked to this one: they are shown to a reader who may read all of those.
 */
export async function historyReader(
  db: Kysely<Database>,
  actor: Actor,
  entity: { schemaKey: string; tableKey: string },
  rows: { before: unknown; after: unknown }[],
): Promise<HistoryReader> {
  const self = `${entity.schemaKey}.${entity.tableKey}`;
  const partners = new Set(WORK_ITEM_PARTNERS[self] ?? []);
  let crmSide = false;
  for (const relationship of await cachedRelationships(db)) {
    const one = `${relationship.schema1}.${relationship.key1}`;
    const two = `${relationship.schema2}.${relationship.key2}`;
    if (one !== self && two !== self) continue;
    partners.add(one === self ? two : one);
    if (relationship.builtIn) crmSide = true;
  }
  const readable = new Map<string, boolean>();
  for (const name of new Set([...partners, ...namedBy(rows)])) readable.set(name, await readsEntity(db, actor, name));
  const readsCrmLinks = can(actor, "Read", CRM_LINKS);
  return {
    readsEntity: (name) => readable.get(name) === true,
    readsCrmLinks,
    readsUnmarked: (!crmSide || readsCrmLinks) && [...partners].every((name) => readable.get(name) === true),
  };
}
