import type { Kysely } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import { messageCode } from "../contract/message-code.ts";
import { duplicateMessage } from "../contract/messages.ts";
import {
  CANNOT_DELETE_META_STATUS,
  type MetaStatusEntity,
  type MetaStatusInput,
  type MetaStatusKindOrStatus,
  type MetaStatusSetting,
  VALUE_IN_USE,
} from "../contract/meta-status.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid, uniqueKey } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { type EntityMetadata, entityHeadingOf } from "../records/metadata.repository.ts";
import { resolveEntity } from "../records/records.service.ts";
import * as repo from "./meta-status.repository.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.status);
}

/** The columns of the entity that hold a `kind`: every entity's status_id, and the fields that choose from the kind. */
function columnsHolding(entity: EntityMetadata, kind: MetaStatusKindOrStatus): string[] {
  if (kind === "status") return ["status_id"];
  return entity.fields.filter((field) => field.settings.optionsFrom === kind).map((field) => field.key);
}

/** The entity, which must have fields of the kind: priorities of a company would be offered nowhere. */
async function ownerOf(db: Kysely<Database>, kind: MetaStatusKindOrStatus, schemaKey: string, tableKey: string) {
  const entity = await resolveEntity(db, schemaKey, tableKey);
  if (columnsHolding(entity, kind).length === 0) {
    throw new DomainError(404, "NotFoundException", messageCode(notFoundTexts.noneOfKind, { kind }));
  }
  return entity;
}

function toSetting(row: repo.StoredMetaStatus): MetaStatusSetting {
  return {
    metaStatusId: row.id,
    metaStatusName: row.name_en,
    key: row.key,
    nameEn: row.name_en,
    nameNb: row.name_nb,
    isDefault: row.is_default,
    kind: row.kind,
    rank: row.position,
    closed: row.closed,
    colour: row.colour,
    schemaKey: row.schema_key,
    tableKey: row.table_key,
    active: row.active,
  };
}

async function refuseSameName(
  db: Kysely<Database>,
  kind: string,
  owner: EntityMetadata,
  input: MetaStatusInput,
  exceptId?: string,
) {
  const same = await repo.sameNameExists(db, kind, owner, [input.nameEn, input.nameNb], exceptId);
  if (!same) return;
  const lower = [same.name_en.toLowerCase(), same.name_nb.toLowerCase()];
  const field = lower.includes(input.nameEn.toLowerCase()) ? "nameEn" : "nameNb";
  const value = input[field];
  throw new DomainError(409, "DuplicateValueException", value, [
    { field, defaultMessage: duplicateMessage(value), objectName: kind },
  ]);
}

function rowOf(kind: MetaStatusKindOrStatus, input: MetaStatusInput, position: number): repo.MetaStatusRow {
  return {
    name_en: input.nameEn,
    name_nb: input.nameNb,
    colour: input.colour ?? null,
    position,
    is_default: input.isDefault,
    active: input.active,
    closed: kind === "status" && input.closed,
  };
}

/** For the settings: every one of the kind, inactive ones too, of one entity or of all. */
export async function listMetaStatusSettings(
  db: Kysely<Database>,
  actor: Actor,
  kind: MetaStatusKindOrStatus,
  entity?: { schemaKey: string; tableKey: string },
): Promise<MetaStatusSetting[]> {
  requirePermission(actor, "Read", SETTINGS);
  const owner = entity ? await ownerOf(db, kind, entity.schemaKey, entity.tableKey) : undefined;
  return (await repo.listMetaStatuses(db, kind, owner)).map(toSetting);
}

/** The entities whose statuses (or priorities, categories, sources) the settings keep. */
export async function listMetaStatusEntities(
  db: Kysely<Database>,
  actor: Actor,
  kind: MetaStatusKindOrStatus,
): Promise<MetaStatusEntity[]> {
  requirePermission(actor, "Read", SETTINGS);
  return (await repo.entitiesWithKind(db, kind)).map((row) => ({
    ...entityHeadingOf(row),
    builtIn: row.built_in,
  }));
}

export async function createMetaStatus(
  db: Kysely<Database>,
  actor: Actor,
  kind: MetaStatusKindOrStatus,
  entity: { schemaKey: string; tableKey: string },
  input: MetaStatusInput,
): Promise<MetaStatusSetting> {
  requirePermission(actor, "Update", SETTINGS);
  const owner = await ownerOf(db, kind, entity.schemaKey, entity.tableKey);
  return db.transaction().execute(async (trx) => {
    await refuseSameName(trx, kind, owner, input);
    const position = input.rank ?? (await repo.nextPosition(trx, kind, owner));
    if (input.isDefault) await repo.clearDefault(trx, kind, owner);
    const key = uniqueKey(input.nameEn, await repo.takenKeys(trx, kind, owner), kind);
    return toSetting(await repo.insertMetaStatus(trx, kind, owner, key, rowOf(kind, input, position)));
  });
}

/** The entity an existing one belongs to, read before a transaction (entities are not read inside one). */
async function entityOfExisting(db: Kysely<Database>, kind: MetaStatusKindOrStatus, id: string) {
  const found = isUuid(id) ? await repo.findMetaStatus(db, kind, id) : undefined;
  if (!found) throw notFound();
  return ownerOf(db, kind, found.schema_key, found.table_key);
}

export async function updateMetaStatus(
  db: Kysely<Database>,
  actor: Actor,
  kind: MetaStatusKindOrStatus,
  id: string,
  input: MetaStatusInput,
): Promise<MetaStatusSetting> {
  requirePermission(actor, "Update", SETTINGS);
  const entity = await entityOfExisting(db, kind, id);
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findMetaStatus(trx, kind, id, true);
    if (!existing) throw notFound();
    await refuseSameName(trx, kind, entity, input, id);
    if (input.isDefault) await repo.clearDefault(trx, kind, entity, id);
    return toSetting(await repo.updateMetaStatus(trx, id, rowOf(kind, input, input.rank ?? existing.position)));
  });
}

/**
 * Only an inactive one that is not the default and no record holds may go (spec: "Cannot delete default or active
 * source, category, status or priority"); records would otherwise lose their value without a trace in their history.
 */
export async function deleteMetaStatus(
  db: Kysely<Database>,
  actor: Actor,
  kind: MetaStatusKindOrStatus,
  id: string,
): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  const entity = await entityOfExisting(db, kind, id);
  await db.transaction().execute(async (trx) => {
    const existing = await repo.findMetaStatus(trx, kind, id, true);
    if (!existing) throw notFound();
    if (existing.is_default || existing.active) {
      throw new DomainError(409, "CannotDeleteMetaStatusException", CANNOT_DELETE_META_STATUS);
    }
    // The row lock makes records that take the value up meanwhile wait, and then fail on the missing row.
    if (await repo.inUse(trx, entity, columnsHolding(entity, kind), id)) {
      throw new DomainError(409, "ComponentToBeRemovedInUseException", VALUE_IN_USE);
    }
    await repo.deleteMetaStatus(trx, id);
  });
}
