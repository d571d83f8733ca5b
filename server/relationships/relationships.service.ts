import type { Kysely } from "kysely";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  type RelationshipChange,
  type RelationshipDto,
  type RelationshipInput,
  relationshipTexts,
} from "../contract/relationships.ts";
import { notFoundTexts, STANDARD_RELATIONSHIP } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid, uniqueKey } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { groupsOf, shownTo, sidesOf } from "../records/connections.ts";
import { loadEntity } from "../records/metadata.repository.ts";
import { readsLinksOf } from "../records/read-rights.ts";
import { rowName } from "../records/record-dto.ts";
import { findRecordsByIds, tableName } from "../records/records.repository.ts";
import { readableRecord, resolveEntity } from "../records/records.service.ts";
import * as repo from "./relationships.repository.ts";

/** Linked records a record's connections show of each relationship; the rest are counted. */
const CONNECTIONS_SHOWN = 10;

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.relationship);
}

async function toDto(db: Kysely<Database>, relationship: repo.Relationship): Promise<RelationshipDto> {
  const { column1: _c1, column2: _c2, roleOptions, ...rest } = relationship;
  return { ...rest, hasRole: roleOptions !== null, links: await repo.countLinks(db, relationship) };
}

function rowOf(change: RelationshipChange): repo.RelationshipRow {
  return {
    label1_en: change.label1En,
    label1_nb: change.label1Nb,
    label2_en: change.label2En,
    label2_nb: change.label2Nb,
    name1_en: change.name1En,
    name1_nb: change.name1Nb,
    name2_en: change.name2En,
    name2_nb: change.name2Nb,
    visible1: change.visible1,
    visible2: change.visible2,
    visible_groups1: change.visibleGroups1,
    visible_groups2: change.visibleGroups2,
    favorite: change.favorite,
  };
}

export async function listRelationships(db: Kysely<Database>, actor: Actor): Promise<RelationshipDto[]> {
  requirePermission(actor, "Read", SETTINGS);
  const relationships = await repo.loadRelationships(db);
  return Promise.all(relationships.map((relationship) => toDto(db, relationship)));
}

async function existing(db: Kysely<Database>, id: string): Promise<repo.Relationship> {
  const relationship = isUuid(id) ? (await repo.loadRelationships(db)).find((r) => r.id === id) : undefined;
  if (!relationship) throw notFound();
  return relationship;
}

export async function getRelationship(db: Kysely<Database>, actor: Actor, id: string): Promise<RelationshipDto> {
  requirePermission(actor, "Read", SETTINGS);
  return toDto(db, await existing(db, id));
}

/** A relationship between two entities (one may be both sides), with a link table of its own. */
export async function createRelationship(
  db: Kysely<Database>,
  actor: Actor,
  input: RelationshipInput,
): Promise<RelationshipDto> {
  requirePermission(actor, "Update", SETTINGS);
  const entity1 = await resolveEntity(db, input.schema1, input.key1);
  const entity2 = await resolveEntity(db, input.schema2, input.key2);
  const id = await db.transaction().execute(async (trx) => {
    const taken = new Set<string>();
    let linkTable = uniqueKey(`${input.key1}_${input.key2}`, taken, "link", 50);
    while (await repo.linkTableTaken(trx, linkTable))
      linkTable = uniqueKey(`${input.key1}_${input.key2}`, taken, "link", 50);
    await repo.createLinkTable(trx, linkTable, tableName(entity1), tableName(entity2), input.type);
    const row = await repo.insertRelationship(trx, {
      ...rowOf(input),
      link_table: linkTable,
      schema1: input.schema1,
      key1: input.key1,
      schema2: input.schema2,
      key2: input.key2,
      type: input.type,
    });
    return row.id;
  });
  repo.forgetRelationships(db);
  return toDto(db, await existing(db, id));
}

function builtInRefused(): DomainError {
  return new DomainError(409, "StandardRelationshipException", STANDARD_RELATIONSHIP);
}

export async function updateRelationship(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  change: RelationshipChange,
): Promise<RelationshipDto> {
  requirePermission(actor, "Update", SETTINGS);
  const relationship = await existing(db, id);
  if (relationship.builtIn) throw builtInRefused();
  await repo.updateRelationship(db, id, rowOf(change));
  repo.forgetRelationships(db);
  return toDto(db, await existing(db, id));
}

/** Deletes a relationship no records are linked by, with its link table; one in use answers the spec's text. */
export async function deleteRelationship(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  const relationship = await existing(db, id);
  if (relationship.builtIn) throw builtInRefused();
  await db.transaction().execute(async (trx) => {
    // Links being made wait for this lock and then find the table gone.
    await repo.lockLinkTable(trx, relationship);
    if ((await repo.countLinks(trx, relationship)) > 0) {
      throw new DomainError(409, "CrmRelationshipIsCurrentlyUsingException", relationshipTexts.inUse);
    }
    await repo.dropLinkTable(trx, relationship.linkSchema, relationship.linkTable);
    await repo.deleteRelationship(trx, id);
  });
  repo.forgetRelationships(db);
}

/** Which of a record's connections to read: all relationships' newest links, or a page of one relationship's. */
export interface ConnectionsQuery {
  relationshipId?: string;
  page?: number;
  size?: number;
}

/**
 * A record's connections (the `connections` tab): every relationship of its entity shown to the actor, whose other
 * entity the actor may read (and the company–contact links only with the CRM right), with the newest linked records
 * and how many there are; or a page of one of them.
 */
export async function connectionsOfRecord(
  db: Kysely<Database>,
  actor: Actor,
  ref: { schemaKey: string; tableKey: string; uuidKey: string },
  query: ConnectionsQuery = {},
) {
  const { entity, row } = await readableRecord(db, actor, ref);
  const { relationshipId, page = 0, size = CONNECTIONS_SHOWN } = query;
  let groups: Promise<Set<string>> | undefined;
  const groupIds = () => {
    groups ??= groupsOf(db, actor.id);
    return groups;
  };
  const result = [];
  const sides = sidesOf(await repo.cachedRelationships(db), entity).filter(
    (side) => relationshipId === undefined || side.relationship.id === relationshipId,
  );
  for (const side of sides) {
    if (!(await shownTo(actor, side, groupIds))) continue;
    const other = await loadEntity(db, side.other.schemaKey, side.other.tableKey);
    if (!other || !can(actor, "Read", other.resource) || !readsLinksOf(actor, side.relationship)) continue;
    const { relationship } = side;
    const rows = await repo.newestLinks(db, relationship, side, row.id, { page, size });
    const records = await findRecordsByIds(
      db,
      other,
      rows.map((r) => r.other_id),
    );
    const byId = new Map(records.map((record) => [record.id, record]));
    const one = side.side === 1 ? ["1to1", "Nto1"] : ["1to1", "1toN"];
    result.push({
      relationshipId: relationship.id,
      linkSchema: relationship.linkSchema,
      linkTable: relationship.linkTable,
      side: side.side,
      labelEn: side.side === 1 ? relationship.label1En : relationship.label2En,
      labelNb: side.side === 1 ? relationship.label1Nb : relationship.label2Nb,
      nameEn: side.side === 1 ? relationship.name1En : relationship.name2En,
      nameNb: side.side === 1 ? relationship.name1Nb : relationship.name2Nb,
      type: relationship.type,
      favorite: relationship.favorite,
      roleOptions: relationship.roleOptions,
      /** This record may have one partner only (a one-to-one, or the "many" side of a one-to-many). */
      single: one.includes(relationship.type),
      /** Links are made and removed by those who may change records of both entities. */
      canLink: can(actor, "Update", entity.resource) && can(actor, "Update", other.resource),
      other: {
        schemaKey: other.schemaKey,
        tableKey: other.tableKey,
        labelEn: other.labelEn,
        labelNb: other.labelNb,
        pluralEn: other.pluralEn,
        pluralNb: other.pluralNb,
      },
      // A page past the last has no rows to carry the count.
      totalElements: rows[0]?.total ?? (page > 0 ? await repo.countLinksOf(db, relationship, side, row.id) : 0),
      content: rows.flatMap((link) => {
        const record = byId.get(link.other_id);
        return record
          ? [{ linkId: link.link_id, role: link.role, uuid: record.id, rowName: rowName(other, record as never) }]
          : [];
      }),
    });
  }
  // A relationship asked for by id that the actor may not see is as unknown as one that does not exist.
  if (relationshipId !== undefined && result.length === 0) throw notFound();
  return result;
}

/** The custom entities a record's entity is related to, with the record's linked records of each (spec §7). */
export async function relatedCustomEntities(
  db: Kysely<Database>,
  actor: Actor,
  ref: { schemaKey: string; tableKey: string; uuidKey: string },
) {
  const connections = await connectionsOfRecord(db, actor, ref);
  return connections
    .filter((connection) => connection.other.schemaKey === "custom_schema")
    .map((connection) => ({
      ...connection.other,
      relationshipId: connection.relationshipId,
      totalElements: connection.totalElements,
      records: connection.content.map(({ uuid, rowName: name }) => ({ uuid, rowName: name })),
    }));
}
