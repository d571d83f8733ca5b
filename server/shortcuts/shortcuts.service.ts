import type { Kysely, Transaction } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import { duplicateMessage, messages } from "../contract/messages.ts";
import {
  OWN_SHORTCUTS_MAX,
  SHARED_SHORTCUTS_MAX,
  type SharedShortcutDto,
  type SharedShortcutInput,
  type ShortcutDto,
  type ShortcutInput,
  shortcutTexts,
} from "../contract/shortcuts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import * as repo from "./shortcuts.repository.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", shortcutTexts.notFound);
}

function invalid(field: string, message: string, objectName = "shortcut"): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", message, [
    { field, defaultMessage: message, objectName },
  ]);
}

function toDto(row: repo.SeenShortcut, ordering: number): ShortcutDto {
  return {
    uuid: row.id,
    name: row.name,
    url: row.url,
    visible: row.visible,
    ordering,
    own: row.owner_id !== null,
    visibility: row.visibility,
    group: row.group_id && row.group_name !== null ? { uuid: row.group_id, name: row.group_name } : null,
  };
}

async function seen(db: Kysely<Database> | Transaction<Database>, actor: Actor): Promise<repo.SeenShortcut[]> {
  return repo.seenShortcuts(db, actor.id, actor.companyAdmin);
}

/** The user's shortcuts in their order: their own and the shared ones they see, shown or hidden. */
export async function userShortcuts(db: Kysely<Database>, actor: Actor): Promise<ShortcutDto[]> {
  return (await seen(db, actor)).map(toDto);
}

/**
 * Changes the user's list under a lock of the user's row, and writes it back whole: every shortcut they see gets its
 * place, so a shared one the user has never placed keeps where it showed.
 */
async function changeList(
  db: Kysely<Database>,
  actor: Actor,
  change: (list: repo.SeenShortcut[]) => repo.SeenShortcut[],
): Promise<ShortcutDto[]> {
  return db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, actor.id);
    const list = change(await seen(trx, actor));
    await repo.savePlaces(trx, actor.id, list);
    return list.map(toDto);
  });
}

/** Shows or hides one of the shortcuts the user sees; any other id (another user's own) is not found. */
export async function setVisibility(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  visible: boolean,
): Promise<ShortcutDto> {
  if (!isUuid(id)) throw notFound();
  const list = await changeList(db, actor, (current) => {
    if (!current.some((row) => row.id === id)) throw notFound();
    return current.map((row) => (row.id === id ? { ...row, visible } : row));
  });
  return list.find((shortcut) => shortcut.uuid === id) as ShortcutDto;
}

/**
 * Puts the user's shortcuts in the order of `ids`; those left out (a shared one added meanwhile) follow in their
 * order. An id the user does not see is not found, and one listed twice is refused.
 */
export async function orderShortcuts(db: Kysely<Database>, actor: Actor, ids: string[]): Promise<ShortcutDto[]> {
  if (new Set(ids).size !== ids.length) throw invalid("order", shortcutTexts.listedOnce, "shortcutOrder");
  return changeList(db, actor, (current) => {
    const byId = new Map(current.map((row) => [row.id, row]));
    const listed = ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw notFound();
      return row;
    });
    const named = new Set(ids);
    return [...listed, ...current.filter((row) => !named.has(row.id))];
  });
}

/** Adds a shortcut of the user's own (the page they are on), last in their list. */
export async function addOwn(db: Kysely<Database>, actor: Actor, input: ShortcutInput): Promise<ShortcutDto> {
  const list = await db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, actor.id);
    if ((await repo.countOwn(trx, actor.id)) >= OWN_SHORTCUTS_MAX) throw invalid("url", shortcutTexts.ownLimit);
    if (await repo.ownUrlTaken(trx, actor.id, input.url)) throw duplicateUrl(input.url);
    const id = await repo.insertOwn(trx, actor.id, input);
    const current = await seen(trx, actor);
    // The new one has no place yet: it goes last.
    const ordered = [...current.filter((row) => row.id !== id), ...current.filter((row) => row.id === id)];
    await repo.savePlaces(trx, actor.id, ordered);
    return ordered.map(toDto);
  });
  return list.at(-1) as ShortcutDto;
}

function duplicateUrl(url: string): DomainError {
  const message = duplicateMessage(url);
  return new DomainError(409, "DuplicateValueException", message, [
    { field: "url", defaultMessage: message, objectName: "shortcut" },
  ]);
}

/** Renames (or points elsewhere) one of the user's own shortcuts; a shared one or another user's is not found. */
export async function changeOwn(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: ShortcutInput,
): Promise<ShortcutDto> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, actor.id);
    if (!(await repo.findOwn(trx, actor.id, id))) throw notFound();
    if (await repo.ownUrlTaken(trx, actor.id, input.url, id)) throw duplicateUrl(input.url);
    await repo.updateOwn(trx, actor.id, id, input);
  });
  return (await userShortcuts(db, actor)).find((shortcut) => shortcut.uuid === id) as ShortcutDto;
}

/** Deletes one of the user's own shortcuts; a shared one or another user's is not found. */
export async function deleteOwn(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteOwn(db, actor.id, id))) throw notFound();
}

function toSharedDto(row: repo.SharedRow): SharedShortcutDto {
  return {
    uuid: row.id,
    name: row.name,
    url: row.url,
    visibility: row.visibility,
    group: row.group_id && row.group_name !== null ? { uuid: row.group_id, name: row.group_name } : null,
    ordering: row.position,
  };
}

/** The shared shortcuts, for the system settings. */
export async function listShared(db: Kysely<Database>, actor: Actor): Promise<SharedShortcutDto[]> {
  requirePermission(actor, "Read", SETTINGS);
  return (await repo.listShared(db)).map(toSharedDto);
}

export async function getShared(db: Kysely<Database>, actor: Actor, id: string): Promise<SharedShortcutDto> {
  requirePermission(actor, "Read", SETTINGS);
  const row = isUuid(id) ? await repo.findShared(db, id) : undefined;
  if (!row) throw notFound();
  return toSharedDto(row);
}

async function sharedValues(
  db: Kysely<Database> | Transaction<Database>,
  input: SharedShortcutInput,
  position: number,
): Promise<repo.SharedValues> {
  if (input.groupUuid && !(await repo.groupExists(db, input.groupUuid))) {
    throw invalid("groupUuid", messages.notAnOption, "sharedShortcut");
  }
  return {
    name: input.name,
    url: input.url,
    visibility: input.visibility,
    group_id: input.groupUuid,
    position,
  };
}

export async function createShared(
  db: Kysely<Database>,
  actor: Actor,
  input: SharedShortcutInput,
): Promise<SharedShortcutDto> {
  requirePermission(actor, "Update", SETTINGS);
  const id = await db.transaction().execute(async (trx) => {
    const shared = await repo.listShared(trx);
    if (shared.length >= SHARED_SHORTCUTS_MAX) throw invalid("url", shortcutTexts.sharedLimit, "sharedShortcut");
    const last = Math.max(-1, ...shared.map((row) => row.position));
    return repo.insertShared(trx, await sharedValues(trx, input, input.ordering ?? last + 1));
  });
  return getShared(db, actor, id);
}

export async function changeShared(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: SharedShortcutInput,
): Promise<SharedShortcutDto> {
  requirePermission(actor, "Update", SETTINGS);
  const current = isUuid(id) ? await repo.findShared(db, id) : undefined;
  if (!current) throw notFound();
  const values = await sharedValues(db, input, input.ordering ?? current.position);
  if (!(await repo.updateShared(db, id, values))) throw notFound();
  return getShared(db, actor, id);
}

export async function deleteShared(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  if (!isUuid(id) || !(await repo.deleteShared(db, id))) throw notFound();
}
