import { linksApi } from "../../../server/contract/links.api.ts";
import { recordsApi } from "../../../server/contract/records.api.ts";
import type { RecordDto } from "../../../server/contract/records.ts";
import { workItemsApi } from "../../../server/contract/work-items.api.ts";
import { hasPermission } from "../../middleware/auth.server.ts";
import type { api } from "../../utils/api.server.ts";
import { entityInfo, entityStatuses } from "../records/metadata.server.ts";
import type { RecordLoadInput } from "../records/record-features.server.ts";
import {
  type DetailTab,
  type RecordScreen,
  type WorkItemTab,
  workItemColumns,
  workItemKinds,
} from "../records/screens.ts";

type Client = ReturnType<typeof api>;
type User = Parameters<typeof hasPermission>[0];

const TAB_PAGE_SIZE = 25;
/** How many contacts (or companies) a new item's select offers; a company with more is rare, search is the way then. */
const CHOICES_SIZE = 200;
const SEARCH_SIZE = 20;

/** A choice of contact, with one of its companies or none: "contactId" or "contactId:companyId". */
export interface ContactChoice {
  value: string;
  contact: string;
  company: string | null;
}

/**
 * The tabs of a record's page that show inquiries and to-dos: on a company or a contact, its items (with a new one,
 * linked from the start); on an item, its contacts and companies (with linking and unlinking).
 */
export async function loadWorkItems(
  client: Client,
  user: User,
  screen: RecordScreen,
  record: RecordDto,
  tab: DetailTab,
  url: URL,
  /** The overview shows an item's contacts and companies (its settings may hide them). */
  overviewLinks = true,
) {
  const panel = url.searchParams.get("panel");
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);

  // On an inquiry or a to-do: its links, on the overview (unless hidden there) and the connections tab.
  if (screen.workItem) {
    const kind = workItemKinds[screen.workItem];
    const links =
      (tab === "360-overview" && overviewLinks) || tab === "connections"
        ? await client.call(workItemsApi.links, { params: { table: kind.table, id: record.uuid } })
        : null;
    const canLink = hasPermission(user, "Update", kind.resource) && hasPermission(user, "Read", "Contact");
    const q = panel === "link-contact" ? (url.searchParams.get("q")?.trim() ?? "") : "";
    const choices = canLink && q.length >= 3 ? await contactChoices(client, q) : null;
    return {
      kind: "item" as const,
      links,
      canLink,
      canReadCompanies: hasPermission(user, "Read", "Company"),
      canReadContacts: hasPermission(user, "Read", "Contact"),
      search: { q, choices },
    };
  }

  // On a company or a contact: the tab of its inquiries or to-dos.
  if ((tab === "inquiries" || tab === "todo") && (screen.table === "company" || screen.table === "contact")) {
    const itemTab: WorkItemTab = tab;
    const kind = workItemKinds[itemTab];
    const canAdd = hasPermission(user, "Create", kind.resource);
    const adding = panel === "new-item" && canAdd;
    // The other side of the link the new item gets: a company's contacts, or a contact's companies.
    const other = screen.table === "company" ? "contact" : "company";
    const [items, info, statuses, others] = await Promise.all([
      client.call(workItemsApi.itemsOf, {
        params: { table: kind.table, ownerTable: screen.table, ownerId: record.uuid },
        query: { page: page - 1, size: TAB_PAGE_SIZE },
      }),
      entityInfo(client, "crm", kind.table),
      entityStatuses(client, "crm", kind.table),
      // The choices are the company–contact links, which need the CRM right too (without, none are offered).
      adding &&
      hasPermission(user, "Read", other === "contact" ? "Contact" : "Company") &&
      hasPermission(user, "Read", "CRM")
        ? client.call(linksApi.linkedRecords, {
            params: { schema: "crm", table: other, ownerTable: screen.table, ownerId: record.uuid },
            query: { page: 0, size: CHOICES_SIZE },
          })
        : null,
    ]);
    return {
      kind: "owner" as const,
      tab: itemTab,
      items,
      info: adding
        ? info
        : { ...info, fields: info.fields.filter((f) => workItemColumns.includes(f.key) || f.partOfName) },
      statuses,
      canAdd,
      newItem: adding
        ? {
            info,
            other,
            options: (others?.content ?? []).map(({ record: linked }) => ({
              value: linked.uuid,
              label: linked.rowName,
            })),
          }
        : null,
    };
  }
  return null;
}

/** Contacts whose names match, each with each of its companies and alone, for linking an item to one. */
export async function contactChoices(client: Client, q: string): Promise<ContactChoice[]> {
  const found = await client.call(recordsApi.list, {
    params: { schema: "crm", entity: "contact" },
    query: { size: SEARCH_SIZE, q, connections: "true", fields: "email" },
  });
  return found.content.flatMap((contact) => [
    ...contact.connections
      .filter((connection) => connection.tableKey === "company")
      .map((company) => ({
        value: `${contact.uuid}:${company.uuidKey}`,
        contact: contact.rowName,
        company: company.rowName,
      })),
    { value: contact.uuid, contact: contact.rowName, company: null },
  ]);
}

declare module "../records/record-features.ts" {
  interface RecordFeatureData {
    /** A company's or a contact's inquiries or to-dos, or an inquiry's or a to-do's links. */
    workItems: Awaited<ReturnType<typeof loadWorkItems>>;
  }
}

/** The work items' part of a record's page; the overview's block of an item's links shows as its settings say. */
export function recordWorkItems({ client, user, screen, record, tab, url, shows }: RecordLoadInput) {
  return loadWorkItems(client, user, screen, record, tab, url, shows("workItemLinks"));
}
