import type { MeInfo } from "../../../server/contract/identity.ts";
import type { Language } from "../../utils/i18n.ts";
import { CUSTOM_SCHEMA, type RecordScreen, screens } from "../records/screens.ts";

/** An entity that records can be imported into or exported from, named as the bulk data calls name it. */
export interface BulkEntity {
  /** "crm.company": the lists' filter value and the `entity` of /imports/new. */
  value: string;
  schema: string;
  table: string;
  /** The resource its rights are granted on: "Company", or a custom entity's key. */
  resource: string;
  /** Its plural name's translation key, or a custom entity's own names. */
  labelKey?: string;
  names?: { en: string; nb: string };
  /** Records whose list shows them: /companies, /custom-entity/project. */
  listPath: string;
}

/** A document is a file uploaded one at a time: its list exports, but rows of a sheet cannot make one. */
const NOT_IMPORTED = new Set(["documents.document"]);

const ENTITY_VALUE = /^([a-z][a-z0-9_]{0,62})\.([a-z][a-z0-9_]{0,62})$/;

function ofScreen(screen: RecordScreen): BulkEntity {
  return {
    value: `${screen.schema}.${screen.table}`,
    schema: screen.schema,
    table: screen.table,
    resource: screen.resource,
    labelKey: screen.labelKey,
    names: screen.names,
    listPath: `/${screen.path}`,
  };
}

type Rights = Pick<MeInfo, "companyAdmin" | "permissions" | "customEntities">;

function may(user: Rights, operation: string, resource: string) {
  return user.companyAdmin || user.permissions.some((p) => p.name === resource && p.operation === operation);
}

/** Every entity with a record list: the built-in ones, then the custom entities the user may read. */
export function bulkEntities(user: Rights): BulkEntity[] {
  return [
    ...Object.values(screens).map(ofScreen),
    ...user.customEntities.map((entity) => ({
      value: `${CUSTOM_SCHEMA}.${entity.key}`,
      schema: CUSTOM_SCHEMA,
      table: entity.key,
      resource: entity.key,
      names: { en: entity.pluralEn, nb: entity.pluralNb },
      listPath: `/custom-entity/${entity.key}`,
    })),
  ];
}

/** Whether the user may import into the entity: Import Create, and the entity's Create or Update. */
export function mayImport(user: Rights, entity: BulkEntity): boolean {
  return (
    !NOT_IMPORTED.has(entity.value) &&
    may(user, "Create", "Import") &&
    (may(user, "Create", entity.resource) || may(user, "Update", entity.resource))
  );
}

/** Whether the user may export the entity's records: Export Create and the entity's Read. */
export function mayExport(user: Rights, entity: BulkEntity): boolean {
  return may(user, "Create", "Export") && may(user, "Read", entity.resource);
}

/** The entities the user may import into, in the menu's order. */
export function importableEntities(user: Rights): BulkEntity[] {
  return bulkEntities(user).filter((entity) => mayImport(user, entity));
}

/** The entity a "schema.table" value names, if it is one the user sees. */
export function findEntity(user: Rights, value: string | null | undefined): BulkEntity | undefined {
  if (!value || !ENTITY_VALUE.test(value)) return undefined;
  return bulkEntities(user).find((entity) => entity.value === value);
}

/** The entity of a record screen, as the bulk data calls name it. */
export function entityOfScreen(screen: RecordScreen): BulkEntity {
  return ofScreen(screen);
}

/**
 * The entity's declared bulk route of the pair: a custom entity's is the spec's /api/{schema}/table/{entity}, with its
 * parameters.
 */
export function bulkRoute<Standard, Custom>(
  entity: Pick<BulkEntity, "schema" | "table">,
  routes: { standard: Standard; custom: Custom },
): { route: Standard | Custom; params: { schema: string; entity: string } } {
  return {
    route: entity.schema === CUSTOM_SCHEMA ? routes.custom : routes.standard,
    params: { schema: entity.schema, entity: entity.table },
  };
}

/** The entity's plural name in the page's language; an entity no longer known shows its "schema.table". */
export function entityLabel(
  entity: Pick<BulkEntity, "labelKey" | "names"> | undefined,
  fallback: string,
  t: (key: string) => string,
  language: Language,
): string {
  if (entity?.labelKey) return t(entity.labelKey);
  return entity?.names?.[language] ?? fallback;
}

/** The entity options the pages need, small enough to send to the browser. */
export type EntityOption = Pick<BulkEntity, "value" | "labelKey" | "names" | "listPath">;

export function entityOptions(entities: BulkEntity[]): EntityOption[] {
  return entities.map(({ value, labelKey, names, listPath }) => ({
    value,
    ...(labelKey ? { labelKey } : {}),
    ...(names ? { names } : {}),
    listPath,
  }));
}
