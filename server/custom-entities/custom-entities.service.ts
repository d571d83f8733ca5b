import type { Kysely } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  CUSTOM_SCHEMA,
  type CustomEntity,
  type CustomEntityInput,
  type EntityNames,
  entityTexts,
} from "../contract/custom-entities.ts";
import type { CustomFieldInput } from "../contract/custom-fields.ts";
import type { FieldSettings } from "../contract/fields.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { addField, preparedField } from "../fields/fields.service.ts";
import { DomainError } from "../http/errors.ts";
import { entityHeadingOf, forgetEntity } from "../records/metadata.repository.ts";
import { forgetRelationships } from "../relationships/relationships.repository.ts";
import * as repo from "./custom-entities.repository.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.entity);
}

function nameTaken(): DomainError {
  return new DomainError(409, "EntityAlreadyExistingException", entityTexts.nameTaken, [
    { field: "labelEn", defaultMessage: entityTexts.nameTaken, objectName: "entity" },
  ]);
}

function toDto(row: repo.StoredCustomEntity): CustomEntity {
  return {
    key: row.table_key,
    ...entityHeadingOf(row),
    icon: row.icon ?? "box",
    resource: row.resource,
    customFields: Number(row.custom_fields ?? 0),
    records: Number(row.records ?? 0),
  };
}

const namesRow = (names: EntityNames) => ({
  label_en: names.labelEn,
  label_nb: names.labelNb,
  plural_en: names.pluralEn,
  plural_nb: names.pluralNb,
  icon: names.icon,
});

const namesOf = (names: EntityNames) => [names.labelEn, names.labelNb, names.pluralEn, names.pluralNb];

/** Every custom entity, for the settings. */
export async function listCustomEntities(db: Kysely<Database>, actor: Actor): Promise<CustomEntity[]> {
  requirePermission(actor, "Read", SETTINGS);
  return (await repo.listCustomEntities(db)).map(toDto);
}

async function stored(db: Kysely<Database>, key: string): Promise<CustomEntity> {
  const row = (await repo.listCustomEntities(db)).find((entity) => entity.table_key === key);
  if (!row) throw notFound();
  return toDto(row);
}

export async function getCustomEntity(db: Kysely<Database>, actor: Actor, key: string): Promise<CustomEntity> {
  requirePermission(actor, "Read", SETTINGS);
  return stored(db, key);
}

/**
 * Makes the entity's table, its metadata and its first fields in one transaction, and gives each role on it what it
 * has on companies. An entity needs at least one custom field (spec §5).
 */
export async function createCustomEntity(
  db: Kysely<Database>,
  actor: Actor,
  input: CustomEntityInput,
): Promise<CustomEntity> {
  requirePermission(actor, "Update", SETTINGS);
  if (input.fields.length === 0) throw new DomainError(400, "NoColumnsRemainingException", entityTexts.noFields);
  const keys = input.fields.map((field) => field.key);
  if (new Set(keys).size !== keys.length) {
    throw new DomainError(409, "FieldKeyAlreadyExistingException", "Field key already exist");
  }
  const prepared: { field: CustomFieldInput; settings: FieldSettings }[] = [];
  for (const field of input.fields) prepared.push({ field, settings: await preparedField(db, actor, field) });
  await db.transaction().execute(async (trx) => {
    if ((await repo.nameOrKeyTaken(trx, input.key, namesOf(input))) || (await repo.tableExists(trx, input.key))) {
      throw nameTaken();
    }
    await repo.createRecordTable(trx, input.key);
    const { id } = await repo.insertEntity(trx, input.key, namesRow(input));
    for (const { field, settings } of prepared) {
      await addField(trx, { id, schemaKey: CUSTOM_SCHEMA, tableKey: input.key, builtIn: false }, field, settings);
    }
    await repo.grantLikeCompanies(trx, input.key);
  });
  forgetEntity(db, CUSTOM_SCHEMA, input.key);
  return stored(db, input.key);
}

/** New names or icon; the key, its table's name, stays. */
export async function renameCustomEntity(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  names: EntityNames,
): Promise<CustomEntity> {
  requirePermission(actor, "Update", SETTINGS);
  await db.transaction().execute(async (trx) => {
    const entity = await repo.findCustomEntity(trx, key, true);
    if (!entity) throw notFound();
    if (await repo.nameOrKeyTaken(trx, "", namesOf(names), entity.id)) throw nameTaken();
    await repo.updateEntityNames(trx, entity.id, namesRow(names));
  });
  forgetEntity(db, CUSTOM_SCHEMA, key);
  return stored(db, key);
}

/** Deletes an entity that has no records, with its table; one with records answers that it has data. */
export async function deleteCustomEntity(db: Kysely<Database>, actor: Actor, key: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  await db.transaction().execute(async (trx) => {
    const entity = await repo.findCustomEntity(trx, key, true);
    if (!entity) throw notFound();
    if (await repo.hasRecords(trx, key)) {
      throw new DomainError(409, "ColumnHasValueException", entityTexts.hasData);
    }
    await repo.dropEntity(trx, entity.id, key, entity.resource);
  });
  forgetEntity(db, CUSTOM_SCHEMA, key);
  forgetRelationships(db);
}
