import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { FieldDefinition, FieldSettings, FieldType } from "../contract/fields.ts";
import type { EntityHeading, EntityNames } from "../contract/names.ts";
import type { Database, EntityTable } from "../db/schema.ts";
import { TtlCache } from "../shared/ttl-cache.ts";
import type { StandardEntity, StandardRelationship } from "./standard-entities.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface EntityMetadata extends EntityHeading {
  id: string;
  resource: string;
  builtIn: boolean;
  /** Search reads the table's stored search_text column rather than each searchable field. */
  searchText: boolean;
  fields: FieldDefinition[];
}

/** The columns of an entity's row (core.entity as e) that hold its keys and names. */
export const entityHeadingColumns = [
  "e.schema_key",
  "e.table_key",
  "e.label_en",
  "e.label_nb",
  "e.plural_en",
  "e.plural_nb",
] as const;

type EntityHeadingRow = Pick<
  EntityTable,
  "schema_key" | "table_key" | "label_en" | "label_nb" | "plural_en" | "plural_nb"
>;

/** An entity's names as answers show them, from its row. */
export function entityNamesOf(row: Omit<EntityHeadingRow, "schema_key" | "table_key">): EntityNames {
  return { labelEn: row.label_en, labelNb: row.label_nb, pluralEn: row.plural_en, pluralNb: row.plural_nb };
}

/** An entity's keys and names as answers show them, from its row. */
export function entityHeadingOf(row: EntityHeadingRow): EntityHeading {
  return { schemaKey: row.schema_key, tableKey: row.table_key, ...entityNamesOf(row) };
}

/** How many custom fields the entity (core.entity as e) has, as the column custom_fields. */
export function customFieldsColumn(eb: ExpressionBuilder<Database & { e: Database["core.entity"] }, "e">) {
  return eb
    .selectFrom("core.field as f")
    .select((inner) => inner.fn.countAll<number>().as("n"))
    .whereRef("f.entity_id", "=", "e.id")
    .where("f.custom_field", "=", true)
    .as("custom_fields");
}

/**
 * Every call on records needs its entity's metadata, which is written only at start today. Each database keeps the
 * entities it loaded for a few seconds; when entities become editable, their writes must forget this cache (other
 * processes then see a change once their copy expires).
 */
const ENTITY_CACHE_MS = 5_000;
/** Keys come from request paths, so unknown entities are kept too, for as long; the bound keeps them from piling up. */
const ENTITY_CACHE_ENTRIES = 1_000;
const entityCaches = new WeakMap<object, TtlCache<EntityMetadata | undefined>>();

/** The entity's metadata as `loadEntity` reads it, kept for a few seconds. Not for use inside a transaction. */
/** Every entity's keys: the standard ones first, then by English name. */
export function entityKeys(db: Kysely<Database>) {
  return db
    .selectFrom("core.entity")
    .select(["schema_key", "table_key"])
    .orderBy("built_in", "desc")
    .orderBy("label_en")
    .execute();
}

export function cachedEntity(db: Kysely<Database>, schemaKey: string, tableKey: string) {
  let cache = entityCaches.get(db);
  if (!cache) {
    cache = new TtlCache(ENTITY_CACHE_MS, ENTITY_CACHE_ENTRIES);
    entityCaches.set(db, cache);
  }
  return cache.get(`${schemaKey}.${tableKey}`, () => loadEntity(db, schemaKey, tableKey));
}

/** Makes the next call read the entity anew, after a change to its fields; other processes see it within seconds. */
export function forgetEntity(db: Kysely<Database>, schemaKey: string, tableKey: string): void {
  entityCaches.get(db)?.delete(`${schemaKey}.${tableKey}`);
}

/**
 * Writes the standard entities' metadata rows; labels and settings of built-in fields follow the code, their order
 * the administrators once set.
 */
export async function syncStandardEntities(db: Db, entities: StandardEntity[]): Promise<void> {
  for (const entity of entities) {
    const labels = {
      label_en: entity.labelEn,
      label_nb: entity.labelNb,
      plural_en: entity.pluralEn,
      plural_nb: entity.pluralNb,
      resource: entity.resource,
      search_text: entity.searchText,
    };
    const { id } = await db
      .insertInto("core.entity")
      .values({ schema_key: entity.schemaKey, table_key: entity.tableKey, built_in: true, ...labels })
      .onConflict((oc) => oc.columns(["schema_key", "table_key"]).doUpdateSet(labels))
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, field] of entity.fields.entries()) {
      const row = {
        label_en: field.labelEn,
        label_nb: field.labelNb,
        type: field.type,
        required: field.required,
        unique_value: field.unique,
        part_of_name: field.partOfName,
        searchable: field.searchable,
        favorite: field.favorite,
        settings: JSON.stringify(field.settings),
      };
      // A new field takes its place in the code's order; afterwards the place is the administrators' (entity order).
      await db
        .insertInto("core.field")
        .values({
          entity_id: id,
          key: field.key,
          built_in: true,
          custom_field: false,
          active: true,
          position: index,
          ...row,
        })
        .onConflict((oc) => oc.columns(["entity_id", "key"]).doUpdateSet(row))
        .execute();
    }
    const kinds = { status: entity.statuses, ...entity.metaStatuses };
    for (const [kind, statuses] of Object.entries(kinds)) {
      for (const [index, status] of statuses.entries()) {
        // Written once: afterwards the workspace's administrators own them.
        await db
          .insertInto("core.meta_status")
          .values({
            schema_key: entity.schemaKey,
            table_key: entity.tableKey,
            kind,
            key: status.key,
            name_en: status.nameEn,
            name_nb: status.nameNb,
            is_default: status.isDefault ?? false,
            closed: status.closed ?? false,
            colour: status.colour ?? null,
            position: index,
          })
          .onConflict((oc) => oc.columns(["schema_key", "table_key", "kind", "key"]).doNothing())
          .execute();
      }
    }
  }
}

export async function syncStandardRelationships(db: Db, relationships: StandardRelationship[]): Promise<void> {
  for (const relationship of relationships) {
    const row = {
      schema1: relationship.schema1,
      key1: relationship.key1,
      schema2: relationship.schema2,
      key2: relationship.key2,
      label1_en: relationship.label1En,
      label1_nb: relationship.label1Nb,
      label2_en: relationship.label2En,
      label2_nb: relationship.label2Nb,
      type: relationship.type,
      column1: relationship.column1,
      column2: relationship.column2,
    };
    await db
      .insertInto("core.relationship")
      .values({ link_schema: relationship.linkSchema, link_table: relationship.linkTable, built_in: true, ...row })
      .onConflict((oc) => oc.columns(["link_schema", "link_table"]).doUpdateSet(row))
      .execute();
  }
}

/** An entity and its fields in display order, or undefined for an unknown schema/table. One query: every API call on
 * records needs it. */
export async function loadEntity(db: Db, schemaKey: string, tableKey: string): Promise<EntityMetadata | undefined> {
  const entity = await db
    .selectFrom("core.entity as e")
    .selectAll("e")
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("core.field as f")
          .select([
            "f.key",
            "f.label_en",
            "f.label_nb",
            "f.type",
            "f.required",
            "f.unique_value",
            "f.active",
            "f.built_in",
            "f.custom_field",
            "f.part_of_name",
            "f.searchable",
            "f.favorite",
            "f.settings",
          ])
          .whereRef("f.entity_id", "=", "e.id")
          .orderBy("f.position")
          .orderBy("f.key"),
      ).as("fields"),
    )
    .where("e.schema_key", "=", schemaKey)
    .where("e.table_key", "=", tableKey)
    .executeTakeFirst();
  if (!entity) return undefined;
  return {
    id: entity.id,
    ...entityHeadingOf(entity),
    resource: entity.resource,
    builtIn: entity.built_in,
    searchText: entity.search_text,
    fields: entity.fields.map((field) => ({
      key: field.key,
      labelEn: field.label_en,
      labelNb: field.label_nb,
      type: field.type as FieldType,
      required: field.required,
      unique: field.unique_value,
      active: field.active,
      builtIn: field.built_in,
      customField: field.custom_field,
      partOfName: field.part_of_name,
      searchable: field.searchable,
      favorite: field.favorite,
      settings: field.settings as FieldSettings,
    })),
  };
}
