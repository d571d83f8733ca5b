import { data, type RouterContextProvider } from "react-router";
import { assignmentsApi } from "../../../server/contract/assignments.api.ts";
import { attachmentsApi } from "../../../server/contract/attachments.api.ts";
import type { QueryResult } from "../../../server/contract/custom-fields.ts";
import { fieldsApi } from "../../../server/contract/fields.api.ts";
import { type FieldDefinition, isShown } from "../../../server/contract/fields.ts";
import { linksApi } from "../../../server/contract/links.api.ts";
import { overviewBlocksApi } from "../../../server/contract/overview-blocks.api.ts";
import type { OverviewBlockKey } from "../../../server/contract/overview-blocks.ts";
import { recordsApi } from "../../../server/contract/records.api.ts";
import type { RecordPage } from "../../../server/contract/records.ts";
import { type CurrentUser, hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { today } from "../../utils/dates.ts";
import { webEnv } from "../../utils/env.server.ts";
import { loadConnections } from "./connections.server.ts";
import { entityInfo, entityStatuses } from "./metadata.server.ts";
import type { RecordFeatures, RecordLoadInput } from "./record-features.server.ts";
import type { RecordFeatureData } from "./record-features.ts";
import { readsRelated } from "./related.server.ts";
import { loadRelationshipConnections } from "./relationships.server.ts";
import {
  type AttachmentTab,
  attachmentKinds,
  type DetailTab,
  named,
  type RecordScreen,
  workItemKinds,
} from "./screens.ts";

/** How many linked records the overview's card shows; the tab has them all. */
const OVERVIEW_LINKED = 10;
const RELATED_PAGE_SIZE = 25;
/** How many of the latest notes and documents the overview shows. */
const OVERVIEW_ATTACHED = 3;

/**
 * The tabs a user sees on a record of this screen: notes and documents only to those who may read them, a company's
 * contacts and a contact's companies only to those who may read those links, a feature's tab as the feature says
 * (the dashboard tab only when a dashboard the user sees is marked for the entity).
 */
export function visibleTabs(
  screen: RecordScreen,
  user: CurrentUser,
  featureTabs: RecordFeatures["tabVisible"],
): DetailTab[] {
  return screen.tabs.filter((tab) => {
    const visible = featureTabs[tab];
    if (visible) return visible(screen, user);
    if (tab === screen.related?.tab) return readsRelated(screen, user);
    if (tab === "notes" || tab === "documents") return hasPermission(user, "Read", attachmentKinds[tab].resource);
    if (tab === "inquiries" || tab === "todo") return hasPermission(user, "Read", workItemKinds[tab].resource);
    return true;
  });
}

export async function loadRecordDetail(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  params: { id?: string; tab?: string; idFeed?: string },
  features: RecordFeatures,
) {
  const user = requirePermission(context, request, "Read", screen.resource);
  const client = api(context);
  const tabs = visibleTabs(screen, user, features.tabVisible);
  const tab = (params.tab ?? "360-overview") as DetailTab;
  if (!tabs.includes(tab)) throw data("Not found", { status: 404 });
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const panel = url.searchParams.get("panel");
  const related = screen.related;
  const relatedResource = related?.screen === "companies" ? "Company" : "Contact";
  const canReadRelated = readsRelated(screen, user);
  // The overview shows the blocks its entity's settings say, in their order; what it hides is not loaded.
  const overviewPromise =
    tab === "360-overview"
      ? client.call(overviewBlocksApi.get, { params: { schema: screen.schema, table: screen.table } })
      : null;
  overviewPromise?.catch(() => {});
  const linkedRecords = (table: string, size: number, from: number) =>
    client.call(linksApi.linkedRecords, {
      params: { schema: screen.schema, table, ownerTable: screen.table, ownerId: params.id as string },
      query: { page: from, size },
    });
  const attachmentTab = tab === "notes" || tab === "documents" ? (tab as AttachmentTab) : null;
  const attachedKind = attachmentTab ? attachmentKinds[attachmentTab] : null;

  // A missing or foreign record answers 404 from the API, which the page answers too (api.server.ts).
  const record = await client.call(recordsApi.get, {
    params: { schema: screen.schema, entity: screen.table, id: params.id },
  });
  const overviewBlocks = ((await overviewPromise) ?? []).flatMap((block) => (block.shown ? [block.key] : []));
  const shows = (key: OverviewBlockKey) => overviewBlocks.includes(key);
  // The assignments are part of the overview: other tabs do without their three calls.
  const canSeeAssignments = shows("assignments") && hasPermission(user, "Read", "Entity_Assignment");
  // The hosted features' parts of the page (inquiries and to-dos, activities, the dashboard tab), each by its key.
  const featureInput: RecordLoadInput = { context, client, user, screen, record, tab, url, shows };
  const featureEntries = Object.entries(features.data) as [
    keyof RecordFeatureData,
    (input: RecordLoadInput) => Promise<unknown>,
  ][];
  const featuresPromise = Promise.all(
    featureEntries.map(async ([key, load]) => [key, await load(featureInput)] as const),
  ).then((entries) => Object.fromEntries(entries) as unknown as RecordFeatureData);
  // What the overview's assignment section offers: the groups, and the users a search found.
  const canAssign = canSeeAssignments && hasPermission(user, "Create", "Entity_Assignment");
  const userQuery = url.searchParams.get("userQ")?.trim() ?? "";
  const assignmentChoices = Promise.all([
    canAssign ? client.call(assignmentsApi.groups, { query: { size: 200 } }) : null,
    canAssign && userQuery.length >= 3
      ? client.call(assignmentsApi.usersAutocomplete, { query: { query: userQuery } })
      : null,
  ]);
  const connectionsPromise = loadConnections(client, user, screen, record.uuid, tab);
  const relationshipsPromise = loadRelationshipConnections(client, screen, record.uuid, tab, params.idFeed, url);
  // Awaited below, after the calls beside them: should one of those fail first, these failures are not unhandled.
  for (const pending of [featuresPromise, connectionsPromise, relationshipsPromise, assignmentChoices]) {
    pending?.catch(() => {});
  }
  // The overview's cards of the latest notes and documents, with their counts.
  const latest = (kindTab: AttachmentTab) => {
    return shows(kindTab) && tabs.includes(kindTab)
      ? client.call(attachmentsApi[kindTab].itemsOfRecord, {
          params: { schema: screen.schema, table: screen.table, id: params.id as string },
          query: { page: 0, size: OVERVIEW_ATTACHED },
        })
      : null;
  };
  const recordRef = { schema: screen.schema, table: screen.table, id: record.uuid };
  const [info, statuses, linked, history, groups, users, attached, attachedTo, latestNotes, latestDocuments] =
    await Promise.all([
      entityInfo(client, screen.schema, screen.table),
      entityStatuses(client, screen.schema, screen.table),
      related && tab === related.tab
        ? linkedRecords(related.table, RELATED_PAGE_SIZE, page - 1)
        : related && shows("related") && canReadRelated
          ? linkedRecords(related.table, OVERVIEW_LINKED, 0)
          : null,
      tab === "history"
        ? client.call(recordsApi.history, {
            params: { schema: screen.schema, entity: screen.table },
            query: { id: record.uuid, page: page - 1 },
          })
        : null,
      canSeeAssignments ? client.call(assignmentsApi.assignedGroups, { params: recordRef }) : null,
      canSeeAssignments ? client.call(assignmentsApi.assignedUsers, { params: recordRef }) : null,
      attachmentTab
        ? client.call(attachmentsApi[attachmentTab].itemsOfRecord, {
            params: recordRef,
            query: { page: page - 1, size: RELATED_PAGE_SIZE },
          })
        : null,
      screen.attachable && shows("attachedTo")
        ? client.call(attachmentsApi[screen.attachable].attachedTo, { params: { id: record.uuid } })
        : null,
      latest("notes"),
      latest("documents"),
    ]);
  const canLink =
    related !== undefined &&
    hasPermission(user, "Update", screen.resource) &&
    hasPermission(user, "Update", relatedResource);
  // A new contact made from its company's tab: the contact's form, with the role it will have.
  const canCreateRelated = canLink && related?.screen === "contacts" && hasPermission(user, "Create", relatedResource);
  const needsRelatedInfo = linked !== null || (panel === "new-related" && canCreateRelated);
  const [relatedInfo, relatedStatuses] =
    related && needsRelatedInfo
      ? await Promise.all([
          entityInfo(client, screen.schema, related.table),
          panel === "new-related" ? entityStatuses(client, screen.schema, related.table) : null,
        ])
      : [null, null];
  // Notes written and documents uploaded from a record's tab are attached to it; removing one detaches it.
  const canAddAttached = attachedKind !== null && hasPermission(user, "Create", attachedKind.resource);
  const canDetach = attachedKind !== null && hasPermission(user, "Update", attachedKind.resource);
  const [attachedInfo, newNoteStatuses] = attachedKind
    ? await Promise.all([
        entityInfo(client, attachedKind.schema, attachedKind.table),
        panel === "new-note" && attachmentTab === "notes" && canAddAttached
          ? entityStatuses(client, attachedKind.schema, attachedKind.table)
          : null,
      ])
    : [null, null];

  // Without JavaScript the link panel searches by reloading itself with q.
  const linkQuery = panel === "link" ? (url.searchParams.get("q")?.trim() ?? "") : "";
  const linkResults =
    related && linkQuery.length >= 3
      ? (
          await client.call(recordsApi.list, {
            params: { schema: screen.schema, entity: related.table },
            query: { size: 20, q: linkQuery },
          })
        ).content.map((found) => ({ uuid: found.uuid, name: found.rowName }))
      : null;
  const [featureData, connections, relationships, queryResults] = await Promise.all([
    featuresPromise,
    connectionsPromise,
    relationshipsPromise,
    tab === "360-overview" ? loadQueryResults(client, screen, info.fields, record.uuid) : noQueryResults,
  ]);
  const [groupOptions, userResults] = await assignmentChoices;
  return {
    screen: named(screen, info),
    tab,
    page,
    info,
    record,
    statuses,
    tabs,
    related: linked && relatedInfo ? { page: linked, info: relatedInfo } : null,
    attached:
      attached && attachedInfo && attachmentTab
        ? { tab: attachmentTab, page: attached, info: attachedInfo, canAdd: canAddAttached, canDetach }
        : null,
    newNote:
      newNoteStatuses && attachedInfo && attachmentTab === "notes"
        ? { info: attachedInfo, statuses: newNoteStatuses }
        : null,
    attachedTo,
    latestAttached: { notes: latestNotes, documents: latestDocuments },
    maxUploadMb: webEnv().maxUploadMb,
    newRelated:
      panel === "new-related" && relatedInfo && relatedStatuses
        ? { info: relatedInfo, statuses: relatedStatuses }
        : null,
    linkSearch: { q: linkQuery, results: linkResults },
    history,
    ...featureData,
    connections,
    relationships,
    queryResults,
    overviewBlocks,
    today: today(user.timeZone),
    assignments: canSeeAssignments
      ? {
          groups: groups ?? [],
          users: users ?? [],
          canAssign,
          canRemove: hasPermission(user, "Delete", "Entity_Assignment"),
          groupOptions: groupOptions?.content ?? [],
          userSearch: {
            q: userQuery,
            results: userResults?.map((u) => ({ uuid: u.uuid, name: `${u.firstName} ${u.lastName}` })) ?? null,
          },
        }
      : null,
    canUpdate: hasPermission(user, "Update", screen.resource),
    canLink,
    canCreateRelated,
    canDelete: hasPermission(user, "Delete", screen.resource),
    canReadRelated,
  };
}

const noQueryResults: Record<string, QueryResult | null> = {};

/**
 * The record's Query fields, each run on its own: one whose select fails shows "Query failed." in its place, and
 * the rest of the page stands.
 */
async function loadQueryResults(
  client: ReturnType<typeof api>,
  screen: RecordScreen,
  fields: FieldDefinition[],
  id: string,
): Promise<Record<string, QueryResult | null>> {
  const queries = fields.filter((field) => field.type === "Query" && isShown(field));
  const results = await Promise.all(
    queries.map((field) =>
      client
        .call(fieldsApi.execute, {
          params: { schema: screen.schema, table: screen.table, fieldKey: field.key },
          query: { id },
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 422) return null;
          throw error;
        }),
    ),
  );
  return Object.fromEntries(queries.map((field, index) => [field.key, results[index]]));
}

export type RecordDetailData = Awaited<ReturnType<typeof loadRecordDetail>>;
export type { RecordPage };
