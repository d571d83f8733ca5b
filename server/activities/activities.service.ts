import type { Kysely } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import { type Activity, type ActivityKind, type ActivityPage, activityKinds } from "../contract/activities.ts";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { historyReader } from "../records/read-rights.ts";
import { rowName } from "../records/record-dto.ts";
import { findRecordsByIds } from "../records/records.repository.ts";
import { readableRecord, resolveEntity } from "../records/records.service.ts";
import { toTransactionDto } from "../records/transactions.ts";
import * as repo from "./activities.repository.ts";

/** Each kind's entity, and the resource that must be readable for its entries to show. */
const itemKinds = {
  note: { schema: "notes", table: "note" },
  document: { schema: "documents", table: "document" },
  inquiry: { schema: "crm", table: "inquiry" },
  todo: { schema: "crm", table: "todo" },
} as const;

/**
 * A record's timeline, newest first (spec §3 activities): the notes and documents on it, the inquiries and to-dos
 * linked to it, and its own history, of the kinds asked for and the actor may read.
 */
export async function activitiesOf(
  db: Kysely<Database>,
  actor: Actor,
  ref: { schemaKey: string; tableKey: string; uuidKey: string },
  options: { kinds?: ActivityKind[]; page: number; size: number },
): Promise<ActivityPage> {
  const { entity } = await readableRecord(db, actor, ref);
  const readable: ActivityKind[] = [];
  for (const kind of activityKinds) {
    if (kind === "history") {
      readable.push(kind);
      continue;
    }
    const itemEntity = await resolveEntity(db, itemKinds[kind].schema, itemKinds[kind].table);
    if (can(actor, "Read", itemEntity.resource)) readable.push(kind);
  }
  const kinds = readable.filter((kind) => !options.kinds?.length || options.kinds.includes(kind));
  const record = { schemaKey: entity.schemaKey, tableKey: entity.tableKey, id: ref.uuidKey };
  const [rows, { counts, open }] = await Promise.all([
    repo.timelinePage(db, record, kinds, options.page * options.size, options.size),
    repo.timelineCounts(db, record, readable),
  ]);
  return {
    content: await describe(db, actor, entity, rows),
    totalElements: kinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0),
    page: options.page,
    size: options.size,
    counts,
    open,
  };
}

/** The entries' items and history, each read once for the page. */
async function describe(
  db: Kysely<Database>,
  actor: Actor,
  entity: EntityMetadata,
  rows: repo.TimelineRow[],
): Promise<Activity[]> {
  const items = new Map<string, Activity["item"]>();
  for (const [kind, { schema, table }] of Object.entries(itemKinds)) {
    const ids = rows.flatMap((row) => (row.kind === kind && row.item_id ? [row.item_id] : []));
    if (ids.length === 0) continue;
    const itemEntity = await resolveEntity(db, schema, table);
    for (const found of await findRecordsByIds(db, itemEntity, ids)) {
      items.set(found.id, {
        schemaKey: schema,
        tableKey: table,
        uuidKey: found.id,
        rowName: rowName(itemEntity, found),
        statusId: found.status_id ?? null,
        dueDate: typeof found.due_date === "string" ? found.due_date : null,
      });
    }
  }
  const transactionIds = rows.flatMap((row) => (row.transaction_id ? [String(row.transaction_id)] : []));
  const stored = await repo.transactionsByIds(db, transactionIds);
  // Its history's entries that name a linked record the actor may not read do not name it, as in the history tab.
  const reader = await historyReader(db, actor, entity, stored);
  const transactions = new Map(stored.map((row) => [String(row.id), toTransactionDto(row, reader)]));
  return rows.flatMap((row): Activity[] => {
    const at = new Date(row.at).toISOString();
    if (row.kind === "history") {
      const history = transactions.get(String(row.transaction_id));
      return history ? [{ kind: row.kind, at, item: null, history }] : [];
    }
    // An item deleted since the page was read is left out.
    const item = row.item_id ? items.get(row.item_id) : undefined;
    return item ? [{ kind: row.kind, at, item, history: null }] : [];
  });
}
