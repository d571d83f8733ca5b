import type { Kysely } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import type { Database } from "../db/schema.ts";
import { groupIdsOfUser } from "../groups/groups.repository.ts";
import { cachedRelationships, type Relationship } from "../relationships/relationships.repository.ts";
import { cachedEntity, type EntityMetadata } from "./metadata.repository.ts";
import { readsLinksOf } from "./read-rights.ts";
import { rowName } from "./record-dto.ts";
import * as repo from "./records.repository.ts";

export interface Side {
  relationship: Relationship;
  /** Which side of the relationship this entity is. */
  side: 1 | 2;
  /** Column holding this entity's id in the link table, and the other side's. */
  ownColumn: string;
  otherColumn: string;
  other: { schemaKey: string; tableKey: string };
}

/** The relationships an entity takes part in, each from its side (a relationship of an entity with itself twice). */
export function sidesOf(relationships: Relationship[], entity: Pick<EntityMetadata, "schemaKey" | "tableKey">): Side[] {
  return relationships.flatMap((relationship) => {
    const sides: Side[] = [];
    if (relationship.schema1 === entity.schemaKey && relationship.key1 === entity.tableKey) {
      sides.push({
        relationship,
        side: 1,
        ownColumn: relationship.column1,
        otherColumn: relationship.column2,
        other: { schemaKey: relationship.schema2, tableKey: relationship.key2 },
      });
    }
    if (relationship.schema2 === entity.schemaKey && relationship.key2 === entity.tableKey) {
      sides.push({
        relationship,
        side: 2,
        ownColumn: relationship.column2,
        otherColumn: relationship.column1,
        other: { schemaKey: relationship.schema1, tableKey: relationship.key1 },
      });
    }
    return sides;
  });
}

/** The linked records of many records at once (a list page's), by record id: names and ids, at most `limit` each. */
async function connectionsOfMany(
  db: Kysely<Database>,
  entity: EntityMetadata,
  ids: string[],
  limit = 5,
  include: (side: Side, other: EntityMetadata) => boolean = () => true,
) {
  const byRecord = new Map<string, { schemaKey: string; tableKey: string; rowName: string; uuidKey: string }[]>();
  if (ids.length === 0) return byRecord;
  for (const side of sidesOf(await cachedRelationships(db), entity)) {
    const other = await cachedEntity(db, side.other.schemaKey, side.other.tableKey);
    if (!other || !include(side, other)) continue;
    const rows = await repo.linkedRowsOfMany(db, other, side.relationship, side.ownColumn, side.otherColumn, ids);
    for (const row of rows) {
      const list = byRecord.get(row.owner_id) ?? [];
      if (list.length >= limit) continue;
      list.push({
        schemaKey: other.schemaKey,
        tableKey: other.tableKey,
        rowName: rowName(other, row),
        uuidKey: row.id,
      });
      byRecord.set(row.owner_id, list);
    }
  }
  return byRecord;
}

/** Whether the side is shown to the actor: shown on that side, to everyone or one of the actor's groups. */
export async function shownTo(actor: Actor, side: Side, groupIds: () => Promise<Set<string>>) {
  const visible = side.side === 1 ? side.relationship.visible1 : side.relationship.visible2;
  const groups = side.side === 1 ? side.relationship.visibleGroups1 : side.relationship.visibleGroups2;
  if (!visible) return false;
  if (groups.length === 0 || actor.companyAdmin) return true;
  const mine = await groupIds();
  return groups.some((group) => mine.has(group));
}

export async function groupsOf(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  return new Set(await groupIdsOfUser(db, userId));
}

/**
 * The links of records (a list page's, or one record's) that the actor may see: through relationships shown on this
 * side to the actor, to entities the actor may read, the company–contact links only with the CRM right; with
 * `favoritesOnly`, through favorite relationships only (spec §3 `favoriteConnections`).
 */
export async function visibleConnectionsOfMany(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  ids: string[],
  { limit = 5, favoritesOnly = false }: { limit?: number; favoritesOnly?: boolean } = {},
) {
  let groups: Promise<Set<string>> | undefined;
  const groupIds = () => {
    groups ??= groupsOf(db, actor.id);
    return groups;
  };
  // Sides are told apart by relationship and side: each call of sidesOf makes new ones.
  const sideKey = (side: Side) => `${side.relationship.id}:${side.side}`;
  const shown = new Set<string>();
  for (const side of sidesOf(await cachedRelationships(db), entity)) {
    if (favoritesOnly && !side.relationship.favorite) continue;
    if (await shownTo(actor, side, groupIds)) shown.add(sideKey(side));
  }
  return connectionsOfMany(
    db,
    entity,
    ids,
    limit,
    (side, other) =>
      shown.has(sideKey(side)) && can(actor, "Read", other.resource) && readsLinksOf(actor, side.relationship),
  );
}
