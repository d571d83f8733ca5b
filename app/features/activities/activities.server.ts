import { activitiesApi } from "../../../server/contract/activities.api.ts";
import { type ActivityKind, activityKinds } from "../../../server/contract/activities.ts";
import type { MetaStatus, RecordDto } from "../../../server/contract/records.ts";
import type { api } from "../../utils/api.server.ts";
import { entityStatuses } from "../records/metadata.server.ts";
import type { RecordLoadInput } from "../records/record-features.server.ts";
import type { DetailTab, RecordScreen } from "../records/screens.ts";

type Client = ReturnType<typeof api>;

/** How many of the latest activities a record's overview shows; the activities tab has them all. */
const OVERVIEW_ACTIVITIES = 5;

/**
 * A company's or a contact's activities: a page of the timeline on its tab (of one kind when the URL asks), the
 * latest few with the counts on its overview; with the statuses that tell whether an inquiry or a to-do is open.
 */
export async function loadActivities(
  client: Client,
  screen: RecordScreen,
  record: RecordDto,
  tab: DetailTab,
  url: URL,
) {
  if (!screen.tabs.includes("activities") || (tab !== "activities" && tab !== "360-overview")) return null;
  const asked = url.searchParams.get("kind");
  const kind = activityKinds.includes(asked as ActivityKind) ? (asked as ActivityKind) : null;
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const query =
    tab === "activities"
      ? { page: page - 1, kind: kind ?? undefined }
      : { page: 0, size: OVERVIEW_ACTIVITIES, kind: "note,document,inquiry,todo" };
  const [timeline, inquiryStatuses, todoStatuses] = await Promise.all([
    client.call(activitiesApi.ofRecord, {
      params: { schema: screen.schema, table: screen.table, id: record.uuid },
      query,
    }),
    entityStatuses(client, "crm", "inquiry").catch(() => [] as MetaStatus[]),
    entityStatuses(client, "crm", "todo").catch(() => [] as MetaStatus[]),
  ]);
  return { timeline, kind, statuses: { inquiry: inquiryStatuses, todo: todoStatuses } };
}

declare module "../records/record-features.ts" {
  interface RecordFeatureData {
    /** The record's activities: its tab, or the overview's block. */
    activities: Awaited<ReturnType<typeof loadActivities>>;
  }
}

/** The activities' part of a record's page; nothing when the overview hides their block. */
export async function recordActivities({ client, screen, record, tab, url, shows }: RecordLoadInput) {
  if (tab === "360-overview" && !shows("activities")) return null;
  return loadActivities(client, screen, record, tab, url);
}
