import { type Kysely, sql } from "kysely";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { EntityRef } from "../contract/records.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern, isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { notifyAssigned } from "../notifications/notifications.service.ts";
import { rowName } from "../records/record-dto.ts";
import { readableRecord } from "../records/records.service.ts";

export const AUTOCOMPLETE_SIZE = 200;

export type { EntityRef };

type Target = { kind: "group"; id: string } | { kind: "user"; id: string };

async function checkTarget(db: Kysely<Database>, target: Target) {
  const found = isUuid(target.id)
    ? target.kind === "group"
      ? await db.selectFrom("core.user_group").select("id").where("id", "=", target.id).executeTakeFirst()
      : await db.selectFrom("core.app_user").select("id").where("id", "=", target.id).executeTakeFirst()
    : undefined;
  if (!found)
    throw new DomainError(404, "NotFoundException", target.kind === "group" ? "Group not found" : "User not found");
}

const column = (target: Target) => (target.kind === "group" ? "group_id" : "user_id");

export async function assign(db: Kysely<Database>, actor: Actor, target: Target, refs: EntityRef[]) {
  requirePermission(actor, "Create", "Entity_Assignment");
  await checkTarget(db, target);
  const records: ({ ref: EntityRef } & Awaited<ReturnType<typeof readableRecord>>)[] = [];
  for (const ref of refs) records.push({ ref, ...(await readableRecord(db, actor, ref)) });
  await db.transaction().execute(async (trx) => {
    for (const { ref, entity, row } of records) {
      const existing = await trx
        .selectFrom("core.record_assignment")
        .select("id")
        .where("schema_key", "=", ref.schemaKey)
        .where("table_key", "=", ref.tableKey)
        .where("record_id", "=", ref.uuidKey)
        .where(column(target), "=", target.id)
        .executeTakeFirst();
      if (existing) {
        throw target.kind === "group"
          ? new DomainError(409, "GroupAlreadyAssignedException", "Group already exist")
          : new DomainError(409, "UserAlreadyAssignedException", "User already exist");
      }
      await trx
        .insertInto("core.record_assignment")
        .values({
          schema_key: ref.schemaKey,
          table_key: ref.tableKey,
          record_id: ref.uuidKey,
          [column(target)]: target.id,
        })
        .execute();
      // The user, or the group's members, are told in the same transaction: a refused assignment tells nobody.
      await notifyAssigned(trx, actor.id, { entity, id: ref.uuidKey, name: rowName(entity, row) }, target);
    }
  });
}

export async function unassign(db: Kysely<Database>, actor: Actor, target: Target, refs: EntityRef[]) {
  requirePermission(actor, "Delete", "Entity_Assignment");
  await checkTarget(db, target);
  for (const ref of refs) await readableRecord(db, actor, ref);
  for (const ref of refs) {
    await db
      .deleteFrom("core.record_assignment")
      .where("schema_key", "=", ref.schemaKey)
      .where("table_key", "=", ref.tableKey)
      .where("record_id", "=", ref.uuidKey)
      .where(column(target), "=", target.id)
      .execute();
  }
}

export async function assignedGroups(db: Kysely<Database>, actor: Actor, ref: EntityRef) {
  requirePermission(actor, "Read", "Entity_Assignment");
  await readableRecord(db, actor, ref);
  const rows = await db
    .selectFrom("core.record_assignment as a")
    .innerJoin("core.user_group as g", "g.id", "a.group_id")
    .select(["g.id", "g.name"])
    .where("a.schema_key", "=", ref.schemaKey)
    .where("a.table_key", "=", ref.tableKey)
    .where("a.record_id", "=", ref.uuidKey)
    .orderBy("g.name")
    .execute();
  return rows.map((row) => ({ uuid: row.id, groupUuid: row.id, name: row.name }));
}

export async function assignedUsers(db: Kysely<Database>, actor: Actor, ref: EntityRef) {
  requirePermission(actor, "Read", "Entity_Assignment");
  await readableRecord(db, actor, ref);
  const rows = await db
    .selectFrom("core.record_assignment as a")
    .innerJoin("core.app_user as u", "u.id", "a.user_id")
    .select(["u.id", "u.first_name", "u.last_name"])
    .where("a.schema_key", "=", ref.schemaKey)
    .where("a.table_key", "=", ref.tableKey)
    .where("a.record_id", "=", ref.uuidKey)
    .orderBy("u.first_name")
    .orderBy("u.last_name")
    .execute();
  return rows.map((row) => ({ uuid: row.id, firstName: row.first_name, lastName: row.last_name, category: null }));
}

/** Groups by name; a search needs three characters. */
export async function searchGroups(
  db: Kysely<Database>,
  actor: Actor,
  q: string | undefined,
  page: number,
  size: number,
) {
  requirePermission(actor, "Read", "Entity_Assignment");
  const term = q?.trim() ?? "";
  let base = db.selectFrom("core.user_group");
  if (term.length >= 3) {
    base = base.where(sql<boolean>`core.search_fold(name) like core.search_fold(${containsPattern(term)})`);
  }
  const [rows, total] = await Promise.all([
    base
      .select(["id", "name"])
      .orderBy("name")
      .offset(page * size)
      .limit(size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    content: rows.map((row) => ({ uuid: row.id, groupUuid: row.id, name: row.name })),
    totalElements: Number(total.total),
    page,
    size,
  };
}

export async function autocompleteUsers(db: Kysely<Database>, actor: Actor, query: string | undefined) {
  requirePermission(actor, "Read", "Entity_Assignment");
  const term = query?.trim() ?? "";
  if (term.length < 3) return [];
  const pattern = containsPattern(term);
  const rows = await db
    .selectFrom("core.app_user")
    .select(["id", "first_name", "last_name", "email"])
    .where((eb) =>
      eb.or([
        sql<boolean>`core.search_fold(first_name || ' ' || last_name) like core.search_fold(${pattern})`,
        sql<boolean>`core.search_fold(email) like core.search_fold(${pattern})`,
      ]),
    )
    .orderBy("first_name")
    .orderBy("last_name")
    .limit(AUTOCOMPLETE_SIZE)
    .execute();
  return rows.map((row) => ({ uuid: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email }));
}
