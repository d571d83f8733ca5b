import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { type Actor, requirePermission } from "../users/users.service.ts";
import { cachedEntity, type EntityMetadata, loadEntity } from "./metadata.repository.ts";
import * as repo from "./records.repository.ts";
import { rowName, toDto } from "./records.service.ts";
import { type StandardRelationship, standardRelationships } from "./standard-entities.ts";

type AnyDb = Kysely<any> | Transaction<any>;

interface Side {
  relationship: StandardRelationship;
  /** Column holding this entity's id in the link table, and the other side's. */
  ownColumn: string;
  otherColumn: string;
  other: { schemaKey: string; tableKey: string };
}

function sidesOf(entity: Pick<EntityMetadata, "schemaKey" | "tableKey">): Side[] {
  return standardRelationships.flatMap((relationship) => {
    const sides: Side[] = [];
    if (relationship.schema1 === entity.schemaKey && relationship.key1 === entity.tableKey) {
      sides.push({
        relationship,
        ownColumn: relationship.column1,
        otherColumn: relationship.column2,
        other: { schemaKey: relationship.schema2, tableKey: relationship.key2 },
      });
    }
    if (relationship.schema2 === entity.schemaKey && relationship.key2 === entity.tableKey) {
      sides.push({
        relationship,
        ownColumn: relationship.column2,
        otherColumn: relationship.column1,
        other: { schemaKey: relationship.schema1, tableKey: relationship.key1 },
      });
    }
    return sides;
  });
}

function findRelationship(linkSchema: string, linkTable: string): StandardRelationship {
  const relationship = standardRelationships.find((r) => r.linkSchema === linkSchema && r.linkTable === linkTable);
  if (!relationship) throw new DomainError(404, "NotFoundException", "Relationship not found");
  return relationship;
}

async function entityOrFail(db: Kysely<Database>, schemaKey: string, tableKey: string) {
  const entity = await cachedEntity(db, schemaKey, tableKey);
  if (!entity) throw new DomainError(404, "NotFoundException", "Entity not found");
  return entity;
}

function notFound() {
  return new DomainError(404, "NotFoundException", "Record not found");
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
  requirePermission(actor, "Read", "CRM");
  const side = sidesOf(entity).find((s) => s.other.tableKey === owner.tableKey);
  if (!side) throw new DomainError(404, "NotFoundException", "Relationship not found");
  if (!isUuid(owner.id)) throw notFound();
  const link = `${side.relationship.linkSchema}.${side.relationship.linkTable}`;
  const base = (db as AnyDb)
    .selectFrom(`${repo.tableName(entity)} as r`)
    .innerJoin(`${link} as l`, `l.${side.ownColumn}`, "r.id")
    .where(`l.${side.otherColumn}`, "=", owner.id);
  const nameFields = entity.fields.filter((field) => field.partOfName);
  let rows = base.selectAll("r").select(["l.id as link_id", "l.role as link_role"]);
  for (const field of nameFields) rows = rows.orderBy(sql`lower(${sql.ref(`r.${field.key}`)})`);
  const [content, total] = await Promise.all([
    rows
      .orderBy("r.id")
      .offset(page * size)
      .limit(size)
      .execute(),
    base.select((eb: any) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  return {
    content: content.map((row: any) => ({
      link: { uuid: row.link_id, role: row.link_role },
      record: toDto(entity, row),
    })),
    totalElements: Number(total.total),
    page,
    size,
  };
}

/** The linked records of many records at once (a list page's), by record id: names and ids, at most `limit` each. */
export async function connectionsOfMany(db: Kysely<Database>, entity: EntityMetadata, ids: string[], limit = 5) {
  const byRecord = new Map<string, { schemaKey: string; tableKey: string; rowName: string; uuidKey: string }[]>();
  if (ids.length === 0) return byRecord;
  for (const side of sidesOf(entity)) {
    const other = await cachedEntity(db, side.other.schemaKey, side.other.tableKey);
    if (!other) continue;
    const rows = await (db as AnyDb)
      .selectFrom(`${repo.tableName(other)} as r`)
      .innerJoin(`${side.relationship.linkSchema}.${side.relationship.linkTable} as l`, `l.${side.otherColumn}`, "r.id")
      .selectAll("r")
      .select(`l.${side.ownColumn} as owner_id`)
      .where(`l.${side.ownColumn}`, "in", ids)
      .orderBy("r.id")
      .execute();
    for (const row of rows) {
      const list = byRecord.get(row.owner_id) ?? [];
      if (list.length >= limit) continue;
      list.push({
        schemaKey: other.schemaKey,
        tableKey: other.tableKey,
        rowName: rowName(other, row),
        uuidKey: row.id,
      });
      byRecord.set(row.owner_id, list);
    }
  }
  return byRecord;
}

/** Connections of one record for its detail view: the linked records' names and ids. */
export async function connectionsOf(db: Kysely<Database>, entity: EntityMetadata, id: string, limit = 50) {
  return (await connectionsOfMany(db, entity, [id], limit)).get(id) ?? [];
}

function checkRole(relationship: StandardRelationship, role: unknown): string {
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

async function writeLinkHistory(
  trx: Transaction<Database>,
  action: "link" | "unlink",
  actorId: string,
  sides: { entity: EntityMetadata; id: string; otherName: string }[],
  role: string,
) {
  for (const side of sides) {
    const detail = { connection: side.otherName, role };
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

async function loadPair(db: Kysely<Database>, actor: Actor, relationship: StandardRelationship) {
  const entity1 = await entityOrFail(db, relationship.schema1, relationship.key1);
  const entity2 = await entityOrFail(db, relationship.schema2, relationship.key2);
  requirePermission(actor, "Update", entity1.resource);
  requirePermission(actor, "Update", entity2.resource);
  return { entity1, entity2 };
}

export async function createLink(
  db: Kysely<Database>,
  actor: Actor,
  linkSchema: string,
  linkTable: string,
  input: LinkInput,
) {
  const relationship = findRelationship(linkSchema, linkTable);
  const { entity1, entity2 } = await loadPair(db, actor, relationship);
  const role = checkRole(relationship, input.role);
  if (!isUuid(input.id1) || !isUuid(input.id2)) throw notFound();
  const [name1, name2] = [await nameOf(db, entity1, input.id1), await nameOf(db, entity2, input.id2)];
  if (name1 === undefined || name2 === undefined) throw notFound();
  const table = `${relationship.linkSchema}.${relationship.linkTable}`;
  return db.transaction().execute(async (trx) => {
    const existing = await (trx as AnyDb)
      .selectFrom(table)
      .select("id")
      .where(relationship.column1, "=", input.id1)
      .where(relationship.column2, "=", input.id2)
      .executeTakeFirst();
    if (existing) throw new DomainError(409, "DataAlreadyConnectedException", "Connection already exists.");
    const row = await (trx as AnyDb)
      .insertInto(table)
      .values({ [relationship.column1]: input.id1, [relationship.column2]: input.id2, role, created_by: actor.id })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    await writeLinkHistory(
      trx,
      "link",
      actor.id,
      [
        { entity: entity1, id: input.id1, otherName: name2 },
        { entity: entity2, id: input.id2, otherName: name1 },
      ],
      role,
    );
    return { uuid: row.id as string, role, [relationship.column1]: input.id1, [relationship.column2]: input.id2 };
  });
}

export async function deleteLink(
  db: Kysely<Database>,
  actor: Actor,
  linkSchema: string,
  linkTable: string,
  linkId: string,
) {
  const relationship = findRelationship(linkSchema, linkTable);
  const { entity1, entity2 } = await loadPair(db, actor, relationship);
  if (!isUuid(linkId)) throw new DomainError(404, "NotFoundException", "Connection not found");
  const table = `${relationship.linkSchema}.${relationship.linkTable}`;
  const link = await (db as AnyDb).selectFrom(table).selectAll().where("id", "=", linkId).executeTakeFirst();
  if (!link) throw new DomainError(404, "NotFoundException", "Connection not found");
  const id1 = link[relationship.column1] as string;
  const id2 = link[relationship.column2] as string;
  const [name1, name2] = [(await nameOf(db, entity1, id1)) ?? "", (await nameOf(db, entity2, id2)) ?? ""];
  await db.transaction().execute(async (trx) => {
    await (trx as AnyDb).deleteFrom(table).where("id", "=", linkId).execute();
    await writeLinkHistory(
      trx,
      "unlink",
      actor.id,
      [
        { entity: entity1, id: id1, otherName: name2 },
        { entity: entity2, id: id2, otherName: name1 },
      ],
      link.role as string,
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
  for (const side of sidesOf(entity)) {
    const other = await loadEntity(trx, side.other.schemaKey, side.other.tableKey);
    if (!other) continue;
    const links = await (trx as AnyDb)
      .selectFrom(`${side.relationship.linkSchema}.${side.relationship.linkTable}`)
      .select([`${side.otherColumn} as other_id`, "role"])
      .where(side.ownColumn, "=", id)
      .execute();
    for (const link of links) {
      await writeLinkHistory(
        trx,
        "unlink",
        actorId,
        [{ entity: other, id: link.other_id, otherName: name }],
        link.role,
      );
    }
  }
}
