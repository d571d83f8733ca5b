import { recordActivities } from "./activities/activities.server.ts";
import { entityOfScreen, mayExport, mayImport } from "./bulk-data/entities.ts";
import { recordDashboard, seesRecordDashboard } from "./dashboards/record-dashboards.server.ts";
import { handleUpload } from "./documents/upload.server.ts";
import type { RecordFeatures } from "./records/record-features.server.ts";
import {
  createWorkItem,
  dismissWorkItem,
  isWorkItemForm,
  linkContact,
  unlinkContact,
} from "./work-items/actions.server.ts";
import { recordWorkItems } from "./work-items/work-items.server.ts";

/**
 * The one place where the features that records hosts are put on a record's list and page (their data, the tabs
 * they decide, the forms they post). Records imports none of them; the record routes pass this to its loader and
 * action. A new record tab adds its loader here (its key declared on `RecordFeatureData`) and its view in
 * `registry.tsx`.
 */
export const recordFeatures: RecordFeatures = {
  data: {
    workItems: recordWorkItems,
    activities: recordActivities,
    dashboard: recordDashboard,
  },
  tabVisible: { dashboard: seesRecordDashboard },
  intents: { createWorkItem, linkContact, unlinkContact },
  dismiss: [{ owns: (input) => isWorkItemForm(input.formData), handle: dismissWorkItem }],
  upload: handleUpload,
  bulkRights: (screen, user) => ({
    canImport: mayImport(user, entityOfScreen(screen)),
    canExport: mayExport(user, entityOfScreen(screen)),
  }),
};
