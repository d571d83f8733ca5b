import type { Kysely } from "kysely";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  type OverviewBlock,
  type OverviewBlockKey,
  overviewBlocksOf,
  overviewOrderSchema,
} from "../contract/overview-blocks.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { resolveEntity } from "../records/records.service.ts";
import { TtlCache } from "../shared/ttl-cache.ts";
import * as repo from "./overview-blocks.repository.ts";

/**
 * Every record page's overview reads its entity's blocks, which change only in the settings: each database keeps them
 * a few seconds per entity (by id, so an entity made again under an old key starts afresh). A save forgets them here;
 * other processes see it once their copy expires.
 */
const BLOCKS_CACHE_MS = 5_000;
const BLOCKS_CACHE_ENTRIES = 1_000;
const caches = new WeakMap<object, TtlCache<OverviewBlock[]>>();

function cacheOf(db: Kysely<Database>): TtlCache<OverviewBlock[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(BLOCKS_CACHE_MS, BLOCKS_CACHE_ENTRIES);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The entity's blocks in order: the stored ones that apply to it, then any that apply but were not stored (a block
 * the product added since), shown; an entity never ordered has the default order.
 */
export function orderedBlocks(entity: EntityMetadata, stored: repo.StoredBlock[]): OverviewBlock[] {
  const applicable = overviewBlocksOf(entity);
  const kept = stored.filter((block): block is OverviewBlock => applicable.includes(block.key as OverviewBlockKey));
  const added = applicable
    .filter((key) => !kept.some((block) => block.key === key))
    .map((key) => ({ key, shown: true }));
  return [...kept, ...added];
}

/** Whoever may read the entity's records sees its overview's blocks, and so does whoever may read the settings. */
export async function overviewBlocks(
  db: Kysely<Database>,
  actor: Actor,
  schemaKey: string,
  tableKey: string,
): Promise<OverviewBlock[]> {
  const entity = await resolveEntity(db, schemaKey, tableKey);
  if (!can(actor, "Read", entity.resource)) requirePermission(actor, "Read", SETTINGS);
  return cacheOf(db).get(entity.id, async () => orderedBlocks(entity, await repo.loadBlocks(db, entity.id)));
}

/** Saves the entity's whole order, checked by the contract: each of its blocks once, the fields first and shown. */
export async function saveOverviewBlocks(
  db: Kysely<Database>,
  actor: Actor,
  schemaKey: string,
  tableKey: string,
  blocks: OverviewBlock[],
): Promise<OverviewBlock[]> {
  requirePermission(actor, "Update", SETTINGS);
  const entity = await resolveEntity(db, schemaKey, tableKey);
  const checked = overviewOrderSchema(entity).safeParse(blocks);
  if (!checked.success) {
    const errors = checked.error.issues.map((issue) => ({
      field: ["blocks", ...issue.path].join("."),
      defaultMessage: issue.message,
      objectName: "overviewBlocks",
    }));
    throw new DomainError(400, "MethodArgumentNotValidException", errors[0]?.defaultMessage ?? "Invalid order", errors);
  }
  await db.transaction().execute((trx) => repo.saveBlocks(trx, entity.id, checked.data));
  cacheOf(db).delete(entity.id);
  return orderedBlocks(entity, checked.data);
}
