import { data } from "react-router";
import { recordsApi } from "../../../server/contract/records.api.ts";
import { relationshipsApi } from "../../../server/contract/relationships.api.ts";
import type { RecordConnection } from "../../../server/contract/relationships.ts";
import type { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import type { DetailTab, RecordScreen } from "./screens.ts";

type Client = ReturnType<typeof api>;

/** How many of one relationship's links its own page lists at a time. */
const RELATIONSHIP_PAGE_SIZE = 25;
/** How many matches the link panel's search offers without JavaScript. */
const SEARCH_SIZE = 20;

/**
 * The relationships this page shows on its own: all but the company–contact one, whose links carry a role and have
 * their own tab.
 */
function generic(connections: RecordConnection[]): RecordConnection[] {
  return connections.filter((connection) => connection.roleOptions === null);
}

function connectionsParams(screen: RecordScreen, id: string) {
  return { schema: screen.schema, table: screen.table, id };
}

/**
 * A record's links through its entity's relationships: on the overview (one-to-one partners and favorites), on the
 * connections tab (every relationship, its newest links), or a page of one relationship's links
 * (`connections/{relationshipId}`). With the link panel open, its relationship and, without JavaScript, its search.
 */
export async function loadRelationshipConnections(
  client: Client,
  screen: RecordScreen,
  id: string,
  tab: DetailTab,
  relationshipId: string | undefined,
  url: URL,
) {
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const connectTo = url.searchParams.get("panel") === "connect" ? url.searchParams.get("relationship") : null;
  if (tab !== "360-overview" && tab !== "connections") return null;
  if (relationshipId !== undefined && (tab !== "connections" || !isUuid(relationshipId))) {
    throw data("Not found", { status: 404 });
  }
  const one = relationshipId
    ? generic(
        await client.call(relationshipsApi.connections, {
          params: connectionsParams(screen, id),
          query: { relationship: relationshipId, page: page - 1, size: RELATIONSHIP_PAGE_SIZE },
        }),
      )[0]
    : undefined;
  if (relationshipId && !one) throw data("Not found", { status: 404 });
  const all = one
    ? [one]
    : generic(await client.call(relationshipsApi.connections, { params: connectionsParams(screen, id) }));
  const connecting = all.find((connection) => connection.relationshipId === connectTo && connection.canLink);
  const q = connecting ? (url.searchParams.get("q")?.trim() ?? "") : "";
  const results =
    connecting && q.length >= 3
      ? (
          await client.call(recordsApi.list, {
            params: { schema: connecting.other.schemaKey, entity: connecting.other.tableKey },
            query: { size: SEARCH_SIZE, q },
          })
        ).content.map((found) => ({ uuid: found.uuid, name: found.rowName }))
      : null;
  return {
    all,
    one: one ? { connection: one, page, size: RELATIONSHIP_PAGE_SIZE } : null,
    connect: connecting ? { connection: connecting, search: { q, results } } : null,
  };
}

export type RelationshipConnections = NonNullable<Awaited<ReturnType<typeof loadRelationshipConnections>>>;
