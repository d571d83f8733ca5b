import { linksApi } from "../../../server/contract/links.api.ts";
import type { MetaStatus } from "../../../server/contract/records.ts";
import { workItemsApi } from "../../../server/contract/work-items.api.ts";
import { hasPermission } from "../../middleware/auth.server.ts";
import type { api } from "../../utils/api.server.ts";
import { entityStatuses } from "./metadata.server.ts";
import { readsRelated } from "./related.server.ts";
import { type DetailTab, type RecordScreen, type WorkItemTab, workItemKinds } from "./screens.ts";

type Client = ReturnType<typeof api>;
type User = Parameters<typeof hasPermission>[0];

/** How many of each kind the connections tab lists; each kind's own tab has them all. */
const CONNECTIONS_EACH = 10;

/**
 * A company's or a contact's connections tab: the records it is linked to, of every kind at once (its contacts or
 * companies with their roles, its inquiries and to-dos), the latest few of each with how many there are.
 */
export async function loadConnections(client: Client, user: User, screen: RecordScreen, id: string, tab: DetailTab) {
  const related = screen.related;
  // Only a company's and a contact's pages have this tab (the other side's links, their inquiries and to-dos).
  const owner = screen.table === "company" || screen.table === "contact" ? screen.table : null;
  if (tab !== "connections" || !related || !owner) return null;
  const itemsOf = async (itemTab: WorkItemTab) => {
    const kind = workItemKinds[itemTab];
    if (!hasPermission(user, "Read", kind.resource)) return null;
    const [page, statuses] = await Promise.all([
      client.call(workItemsApi.itemsOf, {
        params: { table: kind.table, ownerTable: owner, ownerId: id },
        query: { page: 0, size: CONNECTIONS_EACH },
      }),
      entityStatuses(client, "crm", kind.table),
    ]);
    return { tab: itemTab, page, statuses: statuses as MetaStatus[] };
  };
  const [linked, inquiries, todos] = await Promise.all([
    readsRelated(screen, user)
      ? client.call(linksApi.linkedRecords, {
          params: { schema: screen.schema, table: related.table, ownerTable: screen.table, ownerId: id },
          query: { page: 0, size: CONNECTIONS_EACH },
        })
      : null,
    itemsOf("inquiries"),
    itemsOf("todo"),
  ]);
  return { linked, workItems: [inquiries, todos].flatMap((items) => (items ? [items] : [])) };
}
