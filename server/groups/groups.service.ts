import type { Kysely, Transaction } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import type { GroupAdminDto, GroupMember } from "../contract/iam.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import { forgetRelationships } from "../relationships/relationships.repository.ts";
import * as users from "../users/users.repository.ts";
import { iamError } from "../users/users.service.ts";
import * as repo from "./groups.repository.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.group);
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

function toGroup(row: { id: string; name: string; members: number | string | null }): GroupAdminDto {
  return { uuid: row.id, groupUuid: row.id, name: row.name, members: Number(row.members ?? 0) };
}

interface Page<T> {
  content: T[];
  totalElements: number;
  page: number;
  size: number;
}

export async function listGroups(
  db: Kysely<Database>,
  actor: Actor,
  query: { q?: string; page: number; size: number },
): Promise<Page<GroupAdminDto>> {
  requirePermission(actor, "Read", SETTINGS);
  const term = query.q?.trim() ?? "";
  const { rows, total } = await repo.listGroups(
    db,
    term.length >= 3 ? term : null,
    query.page * query.size,
    query.size,
  );
  return { content: rows.map(toGroup), totalElements: total, page: query.page, size: query.size };
}

export async function getGroup(db: Kysely<Database>, actor: Actor, id: string): Promise<GroupAdminDto> {
  requirePermission(actor, "Read", SETTINGS);
  const group = await repo.findGroup(db, id);
  if (!group) throw notFound();
  return toGroup(group);
}

/** A name no other group has, in any case: the index has the last word when two are saved at once. */
async function nameWriting<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw iamError(409, "GroupAlreadyExistingException");
    throw error;
  }
}

export async function createGroup(db: Kysely<Database>, actor: Actor, name: string): Promise<GroupAdminDto> {
  requirePermission(actor, "Update", SETTINGS);
  const id = await nameWriting(() =>
    db.transaction().execute(async (trx) => {
      if (await repo.groupNamed(trx, name)) throw iamError(409, "GroupAlreadyExistingException");
      return (await repo.insertGroup(trx, name)).id;
    }),
  );
  return getGroup(db, actor, id);
}

export async function renameGroup(db: Kysely<Database>, actor: Actor, id: string, name: string) {
  requirePermission(actor, "Update", SETTINGS);
  await nameWriting(() =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.lockGroup(trx, id))) throw notFound();
      if (await repo.groupNamed(trx, name, id)) throw iamError(409, "GroupAlreadyExistingException");
      await repo.renameGroup(trx, id, name);
    }),
  );
  return getGroup(db, actor, id);
}

/**
 * Changes some users' groups in the transaction and writes each one's history: what their groups were, what they are.
 */
async function changingGroupsOf(
  trx: Transaction<Database>,
  actor: Actor,
  userIds: readonly string[],
  change: () => Promise<void>,
) {
  const before = new Map<string, users.UserSnapshot | undefined>();
  for (const userId of userIds) before.set(userId, await users.userSnapshot(trx, userId));
  await change();
  for (const userId of userIds) {
    const after = await users.userSnapshot(trx, userId);
    if (after) await users.auditUser(trx, actor.id, userId, before.get(userId) ?? null, after);
  }
}

/** Deletes a group with its memberships (each member's history notes it) and its record assignments. */
export async function deleteGroup(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockGroup(trx, id))) throw notFound();
    await changingGroupsOf(trx, actor, await repo.memberIds(trx, id), () => repo.deleteGroup(trx, id));
  });
  // Relationships shown to the group changed.
  forgetRelationships(db);
}

export async function listMembers(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  page: number,
  size: number,
): Promise<Page<GroupMember>> {
  requirePermission(actor, "Read", SETTINGS);
  if (!(await repo.findGroup(db, id))) throw notFound();
  // The users' own list, narrowed to the group: by name, in pages.
  const { rows, total } = await users.listUsers(db, { term: null, groupId: id }, page * size, size);
  return {
    content: rows.map((row) => ({
      uuid: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      status: row.status,
    })),
    totalElements: total,
    page,
    size,
  };
}

/** Adds users to a group; one that is a member already is refused ("User already exist"), and nothing is added. */
export async function addMembers(db: Kysely<Database>, actor: Actor, id: string, userIds: readonly string[]) {
  requirePermission(actor, "Update", SETTINGS);
  const unique = [...new Set(userIds)];
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockGroup(trx, id))) throw notFound();
    if ((await repo.usersByIds(trx, unique)).length !== unique.length) {
      throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
        { field: "userUuids", defaultMessage: "Must be one of the options", objectName: "group" },
      ]);
    }
    const members = new Set(await repo.memberIds(trx, id));
    if (unique.some((userId) => members.has(userId))) {
      throw new DomainError(409, "UserAlreadyAssignedException", "User already exist");
    }
    await changingGroupsOf(trx, actor, unique, () => repo.addMembers(trx, id, unique));
  });
}

export async function removeMember(db: Kysely<Database>, actor: Actor, id: string, userId: string) {
  requirePermission(actor, "Update", SETTINGS);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockGroup(trx, id))) throw notFound();
    await changingGroupsOf(trx, actor, [userId], async () => {
      if (!(await repo.removeMember(trx, id, userId))) {
        throw new DomainError(404, "NotFoundException", notFoundTexts.user);
      }
    });
  });
}
