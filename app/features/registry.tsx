import { ActivitiesCard, ActivitiesTab } from "./activities/activities-tab.tsx";
import { RecordDashboardTab } from "./dashboards/record-dashboard-tab.tsx";
import { DocumentPreview } from "./documents/document-preview.tsx";
import type { RecordViews } from "./records/record-features.ts";
import { ConnectionsCard, ConnectionsTab } from "./work-items/connections-tab.tsx";
import { WorkItemsTab } from "./work-items/work-items-tab.tsx";

/**
 * The one place where the features that records hosts show on a record's page: the tabs they own and their blocks
 * of the 360-overview (their data comes from `registry.server.ts`). Records imports none of them; the record
 * page's route passes this to it.
 */
export const recordViews: RecordViews = {
  tabs: {
    activities: ActivitiesTab,
    inquiries: WorkItemsTab,
    todo: WorkItemsTab,
    preview: ({ record }) => <DocumentPreview record={record} />,
    dashboard: ({ dashboard, screen, record }) =>
      dashboard && <RecordDashboardTab dashboard={dashboard} base={`/${screen.path}/${record.uuid}`} />,
  },
  workItemConnections: ConnectionsTab,
  blocks: {
    activities: ActivitiesCard,
    workItemLinks: ConnectionsCard,
  },
};
