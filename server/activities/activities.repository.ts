import { type Kysely, type RawBuilder, sql } from "kysely";
import type { ActivityKind } from "../contract/activities.ts";
import type { Database } from "../db/schema.ts";

export interface RecordKey {
  schemaKey: string;
  tableKey: string;
  id: string;
}

export interface TimelineRow {
  kind: ActivityKind;
  at: Date;
  item_id: string | null;
  transaction_id: string | null;
}

/** Where each kind's entries of a record come from, as a query of (kind, at, item_id, transaction_id), newest first. */
function branch(kind: ActivityKind, record: RecordKey, limit: number): RawBuilder<TimelineRow> | undefined {
  const { schemaKey, tableKey, id } = record;
  switch (kind) {
    case "note":
    case "document": {
      const [table, column] =
        kind === "note" ? ["notes.note_attached_to", "note_id"] : ["documents.document_attached_to", "document_id"];
      return sql<TimelineRow>`(select ${kind}::text as kind, created_at as at, ${sql.ref(column)} as item_id,
        null::bigint as transaction_id from ${sql.table(table)}
        where schema_key = ${schemaKey} and table_key = ${tableKey} and record_id = ${id}
        order by created_at desc limit ${limit})`;
    }
    case "inquiry":
    case "todo": {
      const owner = ownerColumn(record);
      if (!owner) return undefined;
      const links = sql.table(`crm.${kind}_company_contact`);
      const item = sql.ref(`link.${kind}_id`);
      // A contact has one link per item (a unique constraint). An item linked to two contacts of one company is one
      // entry on the company, at its latest link: a link that a later one of the same item follows is left out, so
      // the walk down the company's links, newest first, stops after the page.
      const latestOnly =
        owner === "company_id"
          ? sql`and not exists (select 1 from ${links} as later where later.company_id = link.company_id
              and ${sql.ref(`later.${kind}_id`)} = ${item}
              and (later.created_at, later.id) > (link.created_at, link.id))`
          : sql``;
      return sql<TimelineRow>`(select ${kind}::text as kind, link.created_at as at, ${item} as item_id,
        null::bigint as transaction_id from ${links} as link
        where ${sql.ref(`link.${owner}`)} = ${id} ${latestOnly}
        order by link.created_at desc, link.id desc limit ${limit})`;
    }
    case "history":
      return sql<TimelineRow>`(select 'history'::text as kind, at, null::uuid as item_id, id as transaction_id
        from core.transaction where schema_key = ${schemaKey} and table_key = ${tableKey} and record_id = ${id}
        order by at desc, id desc limit ${limit})`;
  }
}

/** Inquiries and to-dos are linked to companies and contacts only. */
function ownerColumn(record: RecordKey): "company_id" | "contact_id" | undefined {
  if (record.schemaKey !== "crm") return undefined;
  if (record.tableKey === "company") return "company_id";
  if (record.tableKey === "contact") return "contact_id";
  return undefined;
}

/**
 * A page of a record's timeline, newest first: each kind gives at most as many of its newest entries as the page
 * reaches (through its own index), and only those are merged, so a record with thousands of entries reads few.
 */
export async function timelinePage(
  db: Kysely<Database>,
  record: RecordKey,
  kinds: ActivityKind[],
  offset: number,
  limit: number,
): Promise<TimelineRow[]> {
  const branches = kinds.flatMap((kind) => branch(kind, record, offset + limit) ?? []);
  if (branches.length === 0) return [];
  const { rows } = await sql<TimelineRow>`select * from (${sql.join(branches, sql` union all `)}) as timeline
    order by at desc, kind, coalesce(item_id::text, transaction_id::text) desc
    offset ${offset} limit ${limit}`.execute(db);
  return rows;
}

/** How many entries of each kind the record has, and how many of its inquiries and to-dos are open. */
export async function timelineCounts(db: Kysely<Database>, record: RecordKey, kinds: ActivityKind[]) {
  const { schemaKey, tableKey, id } = record;
  const counts: Partial<Record<ActivityKind, number>> = {};
  const open = { inquiry: 0, todo: 0 };
  const owner = ownerColumn(record);
  await Promise.all(
    kinds.map(async (kind) => {
      if (kind === "note" || kind === "document") {
        const table = kind === "note" ? "notes.note_attached_to" : "documents.document_attached_to";
        const { rows } = await sql<{ total: string }>`select count(*) as total from ${sql.table(table)}
          where schema_key = ${schemaKey} and table_key = ${tableKey} and record_id = ${id}`.execute(db);
        counts[kind] = Number(rows[0].total);
      } else if (kind === "history") {
        const { rows } = await sql<{ total: string }>`select count(*) as total from core.transaction
          where schema_key = ${schemaKey} and table_key = ${tableKey} and record_id = ${id}`.execute(db);
        counts.history = Number(rows[0].total);
      } else if (owner) {
        const { rows } = await sql<{ total: string; open: string }>`select count(*) as total,
            count(*) filter (where not coalesce(s.closed, false)) as open
          from (select distinct ${sql.ref(`${kind}_id`)} as item_id from ${sql.table(`crm.${kind}_company_contact`)}
            where ${sql.ref(owner)} = ${id}) as linked
          join ${sql.table(`crm.${kind}`)} as item on item.id = linked.item_id
          left join core.meta_status s on s.id = item.status_id`.execute(db);
        counts[kind] = Number(rows[0].total);
        open[kind] = Number(rows[0].open);
      }
    }),
  );
  return { counts, open };
}

export async function transactionsByIds(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("core.transaction as t")
    .leftJoin("core.app_user as u", "u.id", "t.actor_id")
    .select(["t.id", "t.action", "t.at", "t.before", "t.after", "u.id as actor_id", "u.first_name", "u.last_name"])
    .where("t.id", "in", ids)
    .execute();
}
