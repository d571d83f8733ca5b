import type { Kysely, Transaction } from "kysely";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import { relationshipTexts } from "../contract/relationships.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import {
  cachedRelationships,
  loadRelationships,
  type Relationship,
} from "../relationships/relationships.repository.ts";
import { sidesOf } from "./connections.ts";
import { inTransaction } from "./in-transaction.ts";
import * as links from "./links.repository.ts";
import { cachedEntity, type EntityMetadata, loadEntity } from "./metadata.repository.ts";
import { CRM_LINKS, readsLinksOf } from "./read-rights.ts";
import { rowName, toDto } from "./record-dto.ts";
import type { RecordHooks } from "./record-hooks.ts";
import * as repo from "./records.repository.ts";

import { type HistorySource, namedIn, sourcedBy } from "./transactions.ts";

async function findRelationship(db: Kysely<Database>, linkSchema: string, linkTable: string): Promise<Relationship> {
  const relationship = (await cachedRelationships(db)).find(
    (r) => r.linkSchema === linkSchema && r.linkTable === linkTable,
  );
  if (!relationship) throw new DomainError(404, "NotFoundException", notFoundTexts.relationship);
  return relationship;
}

async function entityOrFail(db: Kysely<Database>, schemaKey: string, tableKey: string) {
  const entity = await cachedEntity(db, schemaKey, tableKey);
  if (!entity) throw new DomainError(404, "NotFoundException", notFoundTexts.entity);
  return entity;
}

function notFound() {
  return new DomainError(404, "NotFoundException", notFoundTexts.record);
}

async function nameOf(db: Kysely<Database> | Transaction<Database>, entity: EntityMetadata, id: string) {
  const row = await repo.findRecord(db, entity, id);
  return row ? rowName(entity, row as Record<string, unknown>) : undefined;
}

/** The records linked to one record, with each link's id and role. */
export async function linkedRecords(
  db: Kysely<Database>,
  actor: Actor,
  listed: { schemaKey: string; tableKey: string },
  owner: { tableKey: string; id: string },
  page: number,
  size: number,
) {
  const entity = await entityOrFail(db, listed.schemaKey, listed.tableKey);
  requirePermission(actor, "Read", entity.resource);
  const side = sidesOf(await cachedRelationships(db), entity).find((s) => s.other.tableKey === owner.tableKey);
  if (!side) throw new DomainError(404, "NotFoundException", notFoundTexts.relationship);
  // The owner's entity is read too: which records are linked to one of its records says something of that record.
  requirePermission(actor, "Read", (await entityOrFail(db, side.other.schemaKey, side.other.tableKey)).resource);
  if (!readsLinksOf(actor, side.relationship)) requirePermission(actor, "Read", CRM_LINKS);
  if (!isUuid(owner.id)) throw notFound();
  const columns = { own: side.ownColumn, other: side.otherColumn };
  const { rows, total } = await links.linkedPage(db, entity, side.relationship, columns, owner.id, page * size, size);
  return {
    content: rows.map((row) => ({
      link: { uuid: row.link_id, role: row.link_role },
      record: toDto(entity, row),
    })),
    totalElements: total,
    page,
    size,
  };
}

/** The link's role, checked against the relationship's options; a relationship without roles takes none. */
function checkRole(relationship: Relationship, role: unknown): string | null {
  if (!relationship.roleOptions) return null;
  const value = typeof role === "string" ? role.trim() : "";
  const message = !value
    ? "Required"
    : relationship.roleOptions.some((o) => o.value === value)
      ? undefined
      : "Must be one of the options";
  if (message) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "role", defaultMessage: message, objectName: "connection" },
    ]);
  }
  return value;
}

/**
 * The link in the histories of the records on its sides: each names the other record, and says of which entity (and
 * whether it is a company–contact link), so that a reader who may not read that is not shown its name.
 */
async function writeLinkHistory(
  trx: Transaction<Database>,
  action: "link" | "unlink",
  actorId: string,
  relationship: Pick<Relationship, "builtIn">,
  sides: { entity: EntityMetadata; id: string; other: EntityMetadata; otherName: string }[],
  role: string | null,
  source?: HistorySource,
) {
  for (const side of sides) {
    const detail = {
      connection: side.otherName,
      role,
      ...namedIn([side.other], relationship.builtIn),
      ...(action === "link" ? sourcedBy(source) : {}),
    };
    await repo.insertTransaction(trx, {
      schema_key: side.entity.schemaKey,
      table_key: side.entity.tableKey,
      record_id: side.id,
      action,
      actor_id: actorId,
      before: action === "unlink" ? detail : null,
      after: action === "link" ? detail : null,
    });
  }
}

interface LinkInput {
  id1: string;
  id2: string;
  role?: unknown;
}

async function loadPair(db: Kysely<Database>, actor: Actor, relationship: Relationship) {
  const entity1 = await entityOrFail(db, relationship.schema1, relationship.key1);
  const entity2 = await entityOrFail(db, relationship.schema2, relationship.key2);
  requirePermission(actor, "Update", entity1.resource);
  requirePermission(actor, "Update", entity2.resource);
  return { entity1, entity2 };
}

function otherPartner(): DomainError {
  return new DomainError(409, "AnotherConnectionAlreadyExistingException", relationshipTexts.otherPartner);
}

/**
 * Links two records. A pair is linked once ("Connection already exists."), and a record on a "one" side has at most one
 * partner ("Selected relationship is already connected to another record."); the link table's constraints hold both
 * against concurrent links too.
 */
export async function createLink(
  db: Kysely<Database>,
  actor: Actor,
  linkSchema: string,
  linkTable: string,
  input: LinkInput,
  /** Where the link came from, which the records' history tells (a web form's merge). */
  source?: HistorySource,
) {
  const relationship = await findRelationship(db, linkSchema, linkTable);
  const { entity1, entity2 } = await loadPair(db, actor, relationship);
  const role = checkRole(relationship, input.role);
  if (!isUuid(input.id1) || !isUuid(input.id2)) throw notFound();
  const [name1, name2] = [await nameOf(db, entity1, input.id1), await nameOf(db, entity2, input.id2)];
  if (name1 === undefined || name2 === undefined) throw notFound();
  const { column1, column2, type } = relationship;
  const linked = (trx: Transaction<Database>, column: string, id: string) =>
    links.hasLink(trx, relationship, column, id);
  try {
    return await inTransaction(db, async (trx) => {
      if (await links.pairLinked(trx, relationship, input.id1, input.id2)) {
        throw new DomainError(409, "DataAlreadyConnectedException", relationshipTexts.repeated);
      }
      if ((type === "1to1" || type === "1toN") && (await linked(trx, column2, input.id2))) throw otherPartner();
      if ((type === "1to1" || type === "Nto1") && (await linked(trx, column1, input.id1))) throw otherPartner();
      const values: Record<string, unknown> = { [column1]: input.id1, [column2]: input.id2, created_by: actor.id };
      if (role !== null) values.role = role;
      const row = { id: await links.insertLink(trx, relationship, values) };
      await writeLinkHistory(
        trx,
        "link",
        actor.id,
        relationship,
        [
          { entity: entity1, id: input.id1, other: entity2, otherName: name2 },
          { entity: entity2, id: input.id2, other: entity1, otherName: name1 },
        ],
        role,
        source,
      );
      return { uuid: row.id, role: role ?? "", [column1]: input.id1, [column2]: input.id2 };
    });
  } catch (error) {
    // A concurrent link got there first: the constraint it broke tells which rule.
    const constraint = (error as { constraint?: string }).constraint;
    if (constraint === `${relationship.linkTable}_pair` || constraint === "company_has_contact_pair") {
      throw new DomainError(409, "DataAlreadyConnectedException", relationshipTexts.repeated);
    }
    if (constraint?.startsWith(`${relationship.linkTable}_one`)) throw otherPartner();
    throw error;
  }
}

export async function deleteLink(
  db: Kysely<Database>,
  actor: Actor,
  linkSchema: string,
  linkTable: string,
  linkId: string,
) {
  const relationship = await findRelationship(db, linkSchema, linkTable);
  const { entity1, entity2 } = await loadPair(db, actor, relationship);
  if (!isUuid(linkId)) throw new DomainError(404, "NotFoundException", notFoundTexts.connection);
  const link = await links.findLink(db, relationship, linkId);
  if (!link) throw new DomainError(404, "NotFoundException", notFoundTexts.connection);
  const id1 = link[relationship.column1] as string;
  const id2 = link[relationship.column2] as string;
  const [name1, name2] = [(await nameOf(db, entity1, id1)) ?? "", (await nameOf(db, entity2, id2)) ?? ""];
  await db.transaction().execute(async (trx) => {
    await links.deleteLink(trx, relationship, linkId);
    await writeLinkHistory(
      trx,
      "unlink",
      actor.id,
      relationship,
      [
        { entity: entity1, id: id1, other: entity2, otherName: name2 },
        { entity: entity2, id: id2, other: entity1, otherName: name1 },
      ],
      (link.role as string | undefined) ?? null,
    );
  });
}

/** Before a record is deleted: its links go with it (cascade), and the other sides' histories say so. */
export async function recordUnlinksBeforeDelete(
  trx: Transaction<Database>,
  entity: EntityMetadata,
  id: string,
  name: string,
  actorId: string,
) {
  for (const side of sidesOf(await loadRelationships(trx), entity)) {
    const other = await loadEntity(trx, side.other.schemaKey, side.other.tableKey);
    if (!other) continue;
    const columns = { own: side.ownColumn, other: side.otherColumn };
    for (const link of await links.linksOfRecord(trx, side.relationship, columns, id)) {
      await writeLinkHistory(
        trx,
        "unlink",
        actorId,
        side.relationship,
        [{ entity: other, id: link.other_id, other: entity, otherName: name }],
        (link.role as string | null) ?? null,
      );
    }
  }
}

/** What links add to the record path: a deleted record's links leave a line in the other sides' histories. */
export const linkRecordHooks: RecordHooks = {
  beforeDelete: ({ trx, entity, id, name, actorId }) => recordUnlinksBeforeDelete(trx, entity, id, name, actorId),
};
