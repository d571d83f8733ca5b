import type { Kysely } from "kysely";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { EntityRef } from "../contract/records.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { notifyAssigned } from "../notifications/notifications.service.ts";
import { rowName } from "../records/record-dto.ts";
import { readableRecord } from "../records/records.service.ts";
import * as repo from "./assignments.repository.ts";

export const AUTOCOMPLETE_SIZE = 200;

export type { EntityRef };

type Target = repo.Target;

async function checkTarget(db: Kysely<Database>, target: Target) {
  const found = isUuid(target.id) && (await repo.targetExists(db, target));
  if (!found)
    throw new DomainError(404, "NotFoundException", target.kind === "group" ? notFoundTexts.group : notFoundTexts.user);
}

export async function assign(db: Kysely<Database>, actor: Actor, target: Target, refs: EntityRef[]) {
  requirePermission(actor, "Create", "Entity_Assignment");
  await checkTarget(db, target);
  const records: ({ ref: EntityRef } & Awaited<ReturnType<typeof readableRecord>>)[] = [];
  for (const ref of refs) records.push({ ref, ...(await readableRecord(db, actor, ref)) });
  await db.transaction().execute(async (trx) => {
    for (const { ref, entity, row } of records) {
      if (await repo.isAssigned(trx, ref, target)) {
        throw target.kind === "group"
          ? new DomainError(409, "GroupAlreadyAssignedException", "Group already exist")
          : new DomainError(409, "UserAlreadyAssignedException", "User already exist");
      }
      await repo.insertAssignment(trx, ref, target);
      // The user, or the group's members, are told in the same transaction: a refused assignment tells nobody.
      await notifyAssigned(trx, actor.id, { entity, id: ref.uuidKey, name: rowName(entity, row) }, target);
    }
  });
}

export async function unassign(db: Kysely<Database>, actor: Actor, target: Target, refs: EntityRef[]) {
  requirePermission(actor, "Delete", "Entity_Assignment");
  await checkTarget(db, target);
  for (const ref of refs) await readableRecord(db, actor, ref);
  for (const ref of refs) await repo.deleteAssignment(db, ref, target);
}

export async function assignedGroups(db: Kysely<Database>, actor: Actor, ref: EntityRef) {
  requirePermission(actor, "Read", "Entity_Assignment");
  await readableRecord(db, actor, ref);
  const rows = await repo.groupsOfRecord(db, ref);
  return rows.map((row) => ({ uuid: row.id, groupUuid: row.id, name: row.name }));
}

export async function assignedUsers(db: Kysely<Database>, actor: Actor, ref: EntityRef) {
  requirePermission(actor, "Read", "Entity_Assignment");
  await readableRecord(db, actor, ref);
  const rows = await repo.usersOfRecord(db, ref);
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
  const { rows, total } = await repo.pageOfGroups(db, term, page * size, size);
  return {
    content: rows.map((row) => ({ uuid: row.id, groupUuid: row.id, name: row.name })),
    totalElements: total,
    page,
    size,
  };
}

export async function autocompleteUsers(db: Kysely<Database>, actor: Actor, query: string | undefined) {
  requirePermission(actor, "Read", "Entity_Assignment");
  const term = query?.trim() ?? "";
  if (term.length < 3) return [];
  const rows = await repo.usersMatching(db, term, AUTOCOMPLETE_SIZE);
  return rows.map((row) => ({ uuid: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email }));
}
