import { type Kysely, sql, type Transaction } from "kysely";
import type { QueryDefinition, QueryType } from "../contract/advanced-search.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type SavedQueryKind = "query" | "datasource";

export interface StoredQuery {
  id: string;
  kind: SavedQueryKind;
  scope: QueryType;
  owner_id: string;
  owner_first_name: string;
  owner_last_name: string;
  name: string;
  description: string;
  definition: QueryDefinition;
  created_at: Date;
  updated_at: Date;
}

function selectQueries(db: Db) {
  return db
    .selectFrom("core.saved_query as q")
    .innerJoin("core.app_user as u", "u.id", "q.owner_id")
    .select([
      "q.id",
      "q.kind",
      "q.scope",
      "q.owner_id",
      "u.first_name as owner_first_name",
      "u.last_name as owner_last_name",
      "q.name",
      "q.description",
      "q.definition",
      "q.created_at",
      "q.updated_at",
    ]);
}

/** Which saved queries a list reads: a kind and scope, a personal list's owner, and a search of name and description. */
export interface QueryListFilter {
  kind: SavedQueryKind;
  scope: QueryType;
  /** Personal queries are listed for their owner only. */
  ownerId?: string;
  q?: string;
}

export async function listQueries(
  db: Db,
  filter: QueryListFilter,
  offset: number,
  limit: number,
): Promise<{ rows: StoredQuery[]; total: number }> {
  let query = selectQueries(db).where("q.kind", "=", filter.kind).where("q.scope", "=", filter.scope);
  if (filter.ownerId !== undefined) query = query.where("q.owner_id", "=", filter.ownerId);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where(
      (eb) =>
        sql<boolean>`core.search_fold(${eb.ref("q.name")} || ' ' || ${eb.ref("q.description")}) like core.search_fold(${pattern})`,
    );
  }
  const [rows, counted] = await Promise.all([
    query.orderBy("q.updated_at", "desc").orderBy("q.id", "desc").offset(offset).limit(limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StoredQuery[], total: Number(counted.total) };
}

export async function findQuery(db: Db, id: string, kind: SavedQueryKind): Promise<StoredQuery | undefined> {
  return (await selectQueries(db).where("q.id", "=", id).where("q.kind", "=", kind).executeTakeFirst()) as
    | StoredQuery
    | undefined;
}

export interface QueryRow {
  name: string;
  description: string;
  definition: QueryDefinition;
}

export async function insertQuery(
  db: Db,
  row: QueryRow & { kind: SavedQueryKind; scope: QueryType; ownerId: string },
): Promise<string> {
  const { id } = await db
    .insertInto("core.saved_query")
    .values({
      kind: row.kind,
      scope: row.scope,
      owner_id: row.ownerId,
      name: row.name,
      description: row.description,
      definition: JSON.stringify(row.definition),
      created_by: row.ownerId,
      updated_by: row.ownerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateQuery(db: Db, id: string, row: QueryRow, userId: string): Promise<void> {
  await db
    .updateTable("core.saved_query")
    .set({
      name: row.name,
      description: row.description,
      definition: JSON.stringify(row.definition),
      updated_by: userId,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

export async function deleteQuery(db: Db, id: string): Promise<void> {
  await db.deleteFrom("core.saved_query").where("id", "=", id).execute();
}
