import type { Kysely } from "kysely";
import { type Actor, can } from "../auth/permissions.ts";
import type { RecentRecord } from "../contract/recent.ts";
import type { Database } from "../db/schema.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { toDto } from "../records/record-dto.ts";
import { findRecordsByIds } from "../records/records.repository.ts";
import { touchedRecords } from "./recent.repository.ts";

/**
 * The records the user changed last (spec §2 "/ default loading page": the user's own work), newest first: one entry
 * per record, leaving out records deleted since and entities the user may no longer read. A few more are read than
 * asked for, as some may be left out.
 */
export async function recentRecords(db: Kysely<Database>, actor: Actor, size: number): Promise<RecentRecord[]> {
  const touched = await touchedRecords(db, actor.id, size * 2);
  const entities = new Map<string, EntityMetadata | undefined>();
  for (const row of touched) {
    const name = `${row.schema_key}.${row.table_key}`;
    if (!entities.has(name)) entities.set(name, await cachedEntity(db, row.schema_key, row.table_key));
  }
  const found = new Map<string, string>();
  for (const [name, entity] of entities) {
    if (!entity || !can(actor, "Read", entity.resource)) continue;
    const ids = touched.filter((row) => `${row.schema_key}.${row.table_key}` === name).map((row) => row.record_id);
    for (const record of await findRecordsByIds(db, entity, ids)) {
      found.set(`${name}.${record.id}`, toDto(entity, record).rowName);
    }
  }
  return touched
    .flatMap((row) => {
      const name = `${row.schema_key}.${row.table_key}`;
      const recordName = found.get(`${name}.${row.record_id}`);
      const entity = entities.get(name);
      if (recordName === undefined || !entity) return [];
      return [
        {
          schemaKey: row.schema_key,
          tableKey: row.table_key,
          uuid: row.record_id,
          rowName: recordName,
          entityLabelEn: entity.labelEn,
          entityLabelNb: entity.labelNb,
          action: row.action,
          at: new Date(row.at).toISOString(),
        },
      ];
    })
    .slice(0, size);
}
