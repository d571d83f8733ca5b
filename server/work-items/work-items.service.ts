import type { Kysely, Transaction } from "kysely";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import { messages, minValueMessage, NOT_COMPANY_CONTACT } from "../contract/messages.ts";
import type { RecordDto } from "../contract/records.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { WorkItemDefaults, WorkItemLink, WorkItemTable } from "../contract/work-items.ts";
import { workItemTables } from "../contract/work-items.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { rowName, toDto } from "../records/record-dto.ts";
import type { RecordHooks } from "../records/record-hooks.ts";
import { findRecordsByIds, insertTransaction } from "../records/records.repository.ts";
import { createRecord, readableRecord, resolveEntity } from "../records/records.service.ts";
import { namedIn } from "../records/transactions.ts";
import * as repo from "./work-items.repository.ts";

function notFound(what = "Record not found"): DomainError {
  return new DomainError(404, "NotFoundException", what);
}

function linkRefused(message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field: "contactId", defaultMessage: message, objectName: "connection" },
  ]);
}

export function isWorkItemTable(table: string): table is WorkItemTable {
  return (workItemTables as readonly string[]).includes(table);
}

/** The item's entity, which the actor may `operation`. */
async function itemEntity(db: Kysely<Database>, actor: Actor, table: WorkItemTable, operation: "Read" | "Update") {
  const entity = await resolveEntity(db, "crm", table);
  requirePermission(actor, operation, entity.resource);
  return entity;
}

async function existingItem(db: Kysely<Database>, entity: EntityMetadata, id: string) {
  const [row] = isUuid(id) ? await findRecordsByIds(db, entity, [id]) : [];
  if (!row) throw notFound();
  return row;
}

interface CheckedLink {
  companyId: string | null;
  contactId: string;
  companyName: string | null;
  contactName: string;
}

/**
 * A company and a contact the actor may read, the contact one of the company's: a company alone is refused with the
 * spec's "An inquiry or to-do selection requires a contact as well".
 */
async function checkLink(
  db: Kysely<Database>,
  actor: Actor,
  input: { companyId?: string | null; contactId?: string | null },
): Promise<CheckedLink> {
  const companyId = input.companyId || null;
  if (!input.contactId) throw linkRefused(companyId ? messages.contactRequired : messages.required);
  const contact = await readableRecord(db, actor, { schemaKey: "crm", tableKey: "contact", uuidKey: input.contactId });
  const company = companyId
    ? await readableRecord(db, actor, { schemaKey: "crm", tableKey: "company", uuidKey: companyId })
    : undefined;
  if (companyId && !(await repo.isCompanyContact(db, companyId, input.contactId))) {
    throw linkRefused(NOT_COMPANY_CONTACT);
  }
  return {
    companyId,
    contactId: input.contactId,
    companyName: company ? rowName(company.entity, company.row) : null,
    contactName: rowName(contact.entity, contact.row),
  };
}

function linkName(link: Pick<CheckedLink, "companyName" | "contactName">): string {
  return link.companyName ? `${link.contactName} (${link.companyName})` : link.contactName;
}

/** The link in the histories of the item, the contact and the company: each names the other side, and its entities. */
async function writeLinkHistory(
  trx: Transaction<Database>,
  action: "link" | "unlink",
  actorId: string,
  table: WorkItemTable,
  item: { id: string; name: string },
  link: CheckedLink,
) {
  const [itemRef, contact, company] = [table, "contact", "company"].map((key) => ({ schemaKey: "crm", tableKey: key }));
  const entries = [
    { table, id: item.id, connection: linkName(link), named: link.companyId ? [contact, company] : [contact] },
    { table: "contact", id: link.contactId, connection: item.name, named: [itemRef] },
    ...(link.companyId ? [{ table: "company", id: link.companyId, connection: item.name, named: [itemRef] }] : []),
  ];
  for (const entry of entries) {
    // Which entities the text names, so that a reader who may not read one is not shown it.
    const detail = { connection: entry.connection, ...namedIn(entry.named) };
    await insertTransaction(trx, {
      schema_key: "crm",
      table_key: entry.table,
      record_id: entry.id,
      action,
      actor_id: actorId,
      before: action === "unlink" ? detail : null,
      after: action === "link" ? detail : null,
    });
  }
}

function alreadyLinked(): DomainError {
  return new DomainError(409, "DataAlreadyConnectedException", "Connection already exists.");
}

/** The item's links, oldest first, with the names of their companies and contacts. */
export async function linksOf(
  db: Kysely<Database>,
  actor: Actor,
  table: WorkItemTable,
  itemId: string,
): Promise<WorkItemLink[]> {
  const entity = await itemEntity(db, actor, table, "Read");
  await existingItem(db, entity, itemId);
  const links = await repo.linksOfItem(db, table, itemId);
  const [company, contact] = [await resolveEntity(db, "crm", "company"), await resolveEntity(db, "crm", "contact")];
  // Only what the actor may read is named: a link to a contact they may not read is left out, and a company they may
  // not read is not named (the link is the contact's).
  if (!can(actor, "Read", contact.resource)) return [];
  const described = await describeLinks(db, links);
  return can(actor, "Read", company.resource) ? described : described.map((link) => ({ ...link, company: null }));
}

async function describeLinks(db: Kysely<Database>, links: repo.StoredLink[]): Promise<WorkItemLink[]> {
  const [companyEntity, contactEntity] = [
    await resolveEntity(db, "crm", "company"),
    await resolveEntity(db, "crm", "contact"),
  ];
  const companyIds = [...new Set(links.flatMap((link) => (link.company_id ? [link.company_id] : [])))];
  const contactIds = [...new Set(links.map((link) => link.contact_id))];
  const [companies, contacts] = await Promise.all([
    findRecordsByIds(db, companyEntity, companyIds),
    findRecordsByIds(db, contactEntity, contactIds),
  ]);
  const names = new Map([
    ...companies.map((row) => [row.id, rowName(companyEntity, row)] as const),
    ...contacts.map((row) => [row.id, rowName(contactEntity, row)] as const),
  ]);
  return links.map((link) => ({
    uuid: link.id,
    company: link.company_id ? { uuid: link.company_id, rowName: names.get(link.company_id) ?? "" } : null,
    contact: { uuid: link.contact_id, rowName: names.get(link.contact_id) ?? "" },
    createdAt: new Date(link.created_at).toISOString(),
  }));
}

export async function addLink(
  db: Kysely<Database>,
  actor: Actor,
  table: WorkItemTable,
  itemId: string,
  input: { companyId?: string | null; contactId?: string | null },
): Promise<WorkItemLink> {
  const entity = await itemEntity(db, actor, table, "Update");
  const item = await existingItem(db, entity, itemId);
  const link = await checkLink(db, actor, input);
  const linkId = await db.transaction().execute(async (trx) => {
    const id = await repo.insertLink(trx, table, itemId, link, actor.id);
    if (!id) throw alreadyLinked();
    await writeLinkHistory(trx, "link", actor.id, table, { id: itemId, name: rowName(entity, item) }, link);
    return id;
  });
  const stored = await repo.findLink(db, table, linkId);
  if (!stored) throw notFound("Connection not found");
  return (await describeLinks(db, [stored]))[0];
}

export async function removeLink(db: Kysely<Database>, actor: Actor, table: WorkItemTable, linkId: string) {
  const entity = await itemEntity(db, actor, table, "Update");
  const stored = isUuid(linkId) ? await repo.findLink(db, table, linkId) : undefined;
  if (!stored) throw notFound("Connection not found");
  const item = await existingItem(db, entity, stored.item_id);
  const [described] = await describeLinks(db, [stored]);
  await db.transaction().execute(async (trx) => {
    await repo.deleteLink(trx, table, linkId);
    await writeLinkHistory(
      trx,
      "unlink",
      actor.id,
      table,
      { id: stored.item_id, name: rowName(entity, item) },
      {
        companyId: stored.company_id,
        contactId: stored.contact_id,
        companyName: described.company?.rowName ?? null,
        contactName: described.contact.rowName,
      },
    );
  });
}

/** A new item linked to a contact (and one of its companies) from the start, in one transaction. */
export async function createLinked(
  db: Kysely<Database>,
  actor: Actor,
  table: WorkItemTable,
  input: { values: Record<string, unknown>; statusId?: string | null },
  linkInput: { companyId?: string | null; contactId?: string | null },
): Promise<RecordDto> {
  // createRecord checks that the actor may create one.
  const entity = await itemEntity(db, actor, table, "Read");
  const link = await checkLink(db, actor, linkInput);
  return createRecord(db, actor, entity, input.values, input.statusId, {
    afterInsert: async (trx, id) => {
      await repo.insertLink(trx, table, id, link, actor.id);
      const [row] = await findRecordsByIds(trx, entity, [id]);
      await writeLinkHistory(trx, "link", actor.id, table, { id, name: rowName(entity, row) }, link);
    },
  });
}

/** A company's or a contact's inquiries (or to-dos), newest link first. */
export async function itemsOf(
  db: Kysely<Database>,
  actor: Actor,
  table: WorkItemTable,
  owner: { tableKey: string; id: string },
  page: number,
  size: number,
) {
  const entity = await itemEntity(db, actor, table, "Read");
  if (owner.tableKey !== "company" && owner.tableKey !== "contact") throw notFound(notFoundTexts.relationship);
  await readableRecord(db, actor, { schemaKey: "crm", tableKey: owner.tableKey, uuidKey: owner.id });
  const column = owner.tableKey === "company" ? "company_id" : "contact_id";
  const { ids, total } = await repo.itemIdsOf(db, table, column, owner.id, page * size, size);
  const rows = await findRecordsByIds(db, entity, ids);
  return { content: rows.map((row) => toDto(entity, row)), totalElements: total, page, size };
}

/**
 * Before a company or a contact is deleted: its links to inquiries and to-dos go with it (cascade), and the items'
 * histories say so. The items stay (decision 020).
 */
export async function unlinkWorkItemsBeforeDelete(
  trx: Transaction<Database>,
  entity: EntityMetadata,
  id: string,
  name: string,
  actorId: string,
) {
  if (entity.schemaKey !== "crm" || (entity.tableKey !== "company" && entity.tableKey !== "contact")) return;
  const column = entity.tableKey === "company" ? "company_id" : "contact_id";
  for (const table of workItemTables) {
    for (const link of await repo.linksTo(trx, table, column, id)) {
      await insertTransaction(trx, {
        schema_key: "crm",
        table_key: table,
        record_id: link.item_id,
        action: "unlink",
        actor_id: actorId,
        before: { connection: name, ...namedIn([entity]) },
        after: null,
      });
    }
  }
}

/** Where reference numbers go on (spec "reference number start"), a setting of the workspace's. */
export async function referenceNumberStart(db: Kysely<Database>, actor: Actor, table: WorkItemTable) {
  requirePermission(actor, "Read", SETTINGS);
  return { next: await repo.nextReferenceNumber(db, table) };
}

export async function setReferenceNumberStart(db: Kysely<Database>, actor: Actor, table: WorkItemTable, start: number) {
  requirePermission(actor, "Update", SETTINGS);
  if (!(await repo.startReferenceNumbersAt(db, table, start))) {
    const next = await repo.nextReferenceNumber(db, table);
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "next", defaultMessage: minValueMessage(next), objectName: "setting" },
    ]);
  }
  return { next: start };
}

/** Who new items of the table go to when their creator leaves the assignee or the group out (no permission check). */
export async function defaultAssignment(db: Kysely<Database>, table: WorkItemTable): Promise<WorkItemDefaults> {
  const row = await repo.findDefaults(db, table);
  return { assignedUserId: row?.assigned_user_id ?? null, groupId: row?.group_id ?? null };
}

/** The defaults for new items, a setting of the workspace's. */
export async function workItemDefaults(db: Kysely<Database>, actor: Actor, table: WorkItemTable) {
  requirePermission(actor, "Read", SETTINGS);
  return defaultAssignment(db, table);
}

export async function setWorkItemDefaults(
  db: Kysely<Database>,
  actor: Actor,
  table: WorkItemTable,
  input: WorkItemDefaults,
): Promise<WorkItemDefaults> {
  requirePermission(actor, "Update", SETTINGS);
  const { assignedUserId, groupId } = input;
  if (assignedUserId !== null && !isUuid(assignedUserId)) throw notFound(notFoundTexts.user);
  if (groupId !== null && !isUuid(groupId)) throw notFound(notFoundTexts.group);
  return db.transaction().execute(async (trx) => {
    if (assignedUserId !== null && !(await repo.lockUser(trx, assignedUserId))) throw notFound(notFoundTexts.user);
    if (groupId !== null && !(await repo.lockGroup(trx, groupId))) throw notFound(notFoundTexts.group);
    const saved = await repo.saveDefaults(
      trx,
      table,
      { assigned_user_id: assignedUserId, group_id: groupId },
      actor.id,
    );
    return { assignedUserId: saved.assigned_user_id, groupId: saved.group_id };
  });
}

/**
 * What inquiries and to-dos add to the record path: new ones go to the settings' assignee and group, and a deleted
 * company or contact leaves a line in its linked items' histories.
 */
export const workItemRecordHooks: RecordHooks = {
  appliesTo: (entity) => entity.schemaKey === "crm",
  beforeDelete: ({ trx, entity, id, name, actorId }) => unlinkWorkItemsBeforeDelete(trx, entity, id, name, actorId),
  assignmentDefaults: async (db, entity) =>
    isWorkItemTable(entity.tableKey) ? defaultAssignment(db, entity.tableKey) : { assignedUserId: null, groupId: null },
};
