import { metaStatusApi } from "../../../server/contract/meta-status.api.ts";
import { recordsApi } from "../../../server/contract/records.api.ts";
import type { EntityInfo, MetaStatus } from "../../../server/contract/records.ts";
import { TtlCache } from "../../../server/shared/ttl-cache.ts";
import type { api } from "../../utils/api.server.ts";

type Client = ReturnType<typeof api>;

/**
 * An entity's fields and statuses are the same for every user and change seldom, so pages share them for a few
 * seconds instead of asking on every view. Access is still checked: each page also asks for its records.
 */
const entities = new TtlCache<EntityInfo>(30_000, 500);
const statuses = new TtlCache<MetaStatus[]>(30_000, 500);

export function entityInfo(client: Client, schema: string, table: string): Promise<EntityInfo> {
  return entities.get(`${schema}.${table}`, () => client.call(recordsApi.info, { params: { schema, entity: table } }));
}

export function entityStatuses(client: Client, schema: string, table: string): Promise<MetaStatus[]> {
  return statuses.get(`${schema}.${table}`, () => client.call(metaStatusApi.ofEntity, { params: { schema, table } }));
}

/** After a change to an entity's fields or statuses in the settings: the next page reads them anew. */
export function forgetEntityMetadata(schema: string, table: string): void {
  entities.delete(`${schema}.${table}`);
  statuses.delete(`${schema}.${table}`);
}
