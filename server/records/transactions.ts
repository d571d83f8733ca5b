import { ownValue } from "../contract/fields.ts";
import type { TransactionDto } from "../contract/records.ts";

/**
 * The key of a link's history entry that says which entities its text names ("crm.contact"), and whether it is a
 * company–contact link (the CRM right's). It is never a field's key (those start with a letter), and never shown.
 */
export const NAMED_KEY = "$named";

export interface Named {
  entities: string[];
  /** A link of the built-in company–contact relationship: reading it needs the CRM right. */
  crm?: boolean;
}

/**
 * The key of a history entry that says where the change came from when not from a record screen (a web form whose
 * submission was merged). Like NAMED_KEY, never a field's key, and not a change.
 */
export const SOURCE_KEY = "$source";

export interface HistorySource {
  type: "form";
  uuid: string;
  name: string;
}

/** What an entry keeps besides its changes when they came from a source. */
export function sourcedBy(source: HistorySource | undefined): Record<string, HistorySource> {
  return source ? { [SOURCE_KEY]: source } : {};
}

function sourceOf(after: Record<string, unknown>): HistorySource | null {
  const source = ownValue(after, SOURCE_KEY) as HistorySource | undefined;
  if (!source || typeof source !== "object" || source.type !== "form") return null;
  return { type: "form", uuid: String(source.uuid), name: String(source.name) };
}

/** What a link's history entry keeps besides its text: the entities the text names. */
export function namedIn(entities: { schemaKey: string; tableKey: string }[], crm = false): Record<string, Named> {
  return { [NAMED_KEY]: { entities: entities.map((e) => `${e.schemaKey}.${e.tableKey}`), ...(crm && { crm }) } };
}

/** What the reader of a history may be shown of the records other entries name (read-rights.ts builds one). */
export interface HistoryReader {
  /** Whether the reader may read records of the entity ("crm.contact"). */
  readsEntity(name: string): boolean;
  /** Whether the reader may read the company–contact links (spec §6 "CRM: read on company or contact links"). */
  readsCrmLinks: boolean;
  /** Link entries written before they said what they name: shown to a reader who may read whatever they could name. */
  readsUnmarked: boolean;
}

/** Whether a link entry names a record the reader may not read (its name is then not shown). */
function hiddenFrom(reader: HistoryReader, detail: Record<string, unknown>): boolean {
  const named = ownValue(detail, NAMED_KEY) as Named | undefined;
  if (!named || typeof named !== "object" || !Array.isArray(named.entities)) return !reader.readsUnmarked;
  return (named.crm === true && !reader.readsCrmLinks) || named.entities.some((name) => !reader.readsEntity(name));
}

/**
 * A history entry as the calls give it: who, when, and each changed key's value before and after. For a `reader`,
 * a link entry that names a record they may not read keeps its place, but its values are left empty: it says that a
 * connection was added or removed, not to what.
 */
export function toTransactionDto(
  row: {
    id: unknown;
    action: string;
    at: Date | string;
    before: unknown;
    after: unknown;
    actor_id: string | null;
    first_name: string | null;
    last_name: string | null;
  },
  reader?: HistoryReader,
): TransactionDto {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const isLink = row.action === "link" || row.action === "unlink";
  const hidden = isLink && reader !== undefined && hiddenFrom(reader, row.action === "link" ? after : before);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => key !== NAMED_KEY && key !== SOURCE_KEY,
  );
  return {
    id: String(row.id),
    action: row.action as TransactionDto["action"],
    at: new Date(row.at).toISOString(),
    actor: row.actor_id ? { uuid: row.actor_id, firstName: row.first_name ?? "", lastName: row.last_name ?? "" } : null,
    changes: keys.map((key) => ({
      key,
      before: hidden ? null : (ownValue(before, key) ?? null),
      after: hidden ? null : (ownValue(after, key) ?? null),
    })),
    source: sourceOf(after),
  };
}
