import type { Kysely } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import type { EntityOrderField, EntityOrderInput } from "../contract/entity-order.ts";
import type { FieldSettings, FieldType } from "../contract/fields.ts";
import { everyFieldOnceMessage } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import { forgetEntity } from "../records/metadata.repository.ts";
import { resolveEntity } from "../records/records.service.ts";
import * as repo from "./entity-order.repository.ts";

function toField(row: repo.OrderedField, position: number): EntityOrderField {
  const settings = (row.settings ?? {}) as FieldSettings;
  return {
    key: row.key,
    labelEn: row.label_en,
    labelNb: row.label_nb,
    type: row.type as FieldType,
    builtIn: row.built_in,
    customField: row.custom_field,
    required: row.required,
    unique: row.unique_value,
    hidden: settings.hidden === true,
    active: row.active,
    hasDefault: settings.defaultValue !== undefined && settings.defaultValue !== null,
    // Places as the order reads them: positions written by hand or by older versions may repeat or skip.
    position,
  };
}

/** Why `keys` is not the entity's fields each named once, or null when it is. */
function orderProblem(keys: string[], fields: string[]): string | null {
  const known = new Set(fields);
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const key of keys) (seen.has(key) ? twice : seen).add(key);
  const missing = fields.filter((key) => !seen.has(key));
  const unknown = [...seen].filter((key) => !known.has(key));
  const parts = [
    missing.length > 0 && `missing ${missing.join(", ")}`,
    unknown.length > 0 && `unknown ${unknown.join(", ")}`,
    twice.size > 0 && `named twice ${[...twice].join(", ")}`,
  ].filter(Boolean);
  return parts.length > 0 ? everyFieldOnceMessage(parts.join("; ")) : null;
}

/** The entity's fields in the order forms, record pages and lists show them (spec §7 entity order). */
export async function getEntityOrder(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
): Promise<EntityOrderField[]> {
  requirePermission(actor, "Read", SETTINGS);
  const entity = await resolveEntity(db, schema, table);
  return (await repo.fieldsInOrder(db, entity.id)).map(toField);
}

/**
 * Puts the entity's fields in the order `keys` names them, which must be every field of the entity once; the
 * positions are written in one transaction, and records read the new order at once.
 */
export async function setEntityOrder(
  db: Kysely<Database>,
  actor: Actor,
  schema: string,
  table: string,
  input: EntityOrderInput,
): Promise<EntityOrderField[]> {
  requirePermission(actor, "Update", SETTINGS);
  const entity = await resolveEntity(db, schema, table);
  const ordered = await db.transaction().execute(async (trx) => {
    // Locked, so a field changed or deleted meanwhile waits for the order (or the order sees it gone).
    const fields = await repo.fieldsInOrder(trx, entity.id, true);
    const problem = orderProblem(
      input.keys,
      fields.map((field) => field.key),
    );
    if (problem) {
      throw new DomainError(400, "MethodArgumentNotValidException", problem, [
        { field: "keys", defaultMessage: problem, objectName: "entityOrder" },
      ]);
    }
    await repo.writePositions(trx, entity.id, input.keys);
    return repo.fieldsInOrder(trx, entity.id);
  });
  forgetEntity(db, entity.schemaKey, entity.tableKey);
  return ordered.map(toField);
}
