import type { ComponentType } from "react";
import type { OverviewBlockKey } from "../../../server/contract/overview-blocks.ts";
import type { RecordDetailData } from "./detail.server.ts";
import type { DetailTab } from "./screens.ts";

/**
 * What other features add to a record page's data, each under its own key. Records is their host and imports none
 * of them: a feature declares its key here from its own module (`declare module "../records/record-features.ts"`),
 * and `app/features/registry.server.ts` gives the loader of each (the compiler checks that every key has one).
 */
// biome-ignore lint/suspicious/noEmptyInterface: features merge their keys into it.
export interface RecordFeatureData {}

/**
 * What other features show on a record's page, as `app/features/registry.tsx` assembles it: the tabs they own, the
 * connections tab of an inquiry or a to-do, and their blocks of the 360-overview. Each is given the page's data.
 */
export interface RecordViews {
  tabs: Partial<Record<DetailTab, ComponentType<RecordDetailData>>>;
  workItemConnections: ComponentType<RecordDetailData>;
  blocks: Partial<Record<OverviewBlockKey, ComponentType<RecordDetailData>>>;
}
