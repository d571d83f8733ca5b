import type { RouterContextProvider, UNSAFE_DataWithResponseInit } from "react-router";
import type { OverviewBlockKey } from "../../../server/contract/overview-blocks.ts";
import type { RecordDto } from "../../../server/contract/records.ts";
import type { CurrentUser } from "../../middleware/auth.server.ts";
import type { api } from "../../utils/api.server.ts";
import type { RecordIntentInput } from "./actions/intent.server.ts";
import type { RecordActionResult } from "./record-action.ts";
import type { RecordFeatureData } from "./record-features.ts";
import type { DetailTab, RecordScreen } from "./screens.ts";

/** What a feature's loader is given: the record's page as the URL asks for it. */
export interface RecordLoadInput {
  context: Readonly<RouterContextProvider>;
  client: ReturnType<typeof api>;
  user: CurrentUser;
  screen: RecordScreen;
  record: RecordDto;
  /** The tab shown. */
  tab: DetailTab;
  url: URL;
  /** Whether the 360-overview shows a block (what it hides is not loaded). */
  shows: (block: OverviewBlockKey) => boolean;
}

/** What an intent's handler answers: a redirect, or the page's forms' errors and warning. */
export type RecordActionAnswer = Response | UNSAFE_DataWithResponseInit<RecordActionResult>;

export type RecordIntentHandler = (input: RecordIntentInput) => Promise<RecordActionAnswer>;

/** What a multipart upload posted to a record's list or page came to. */
export type RecordUploadOutcome =
  | { ok: true; redirectTo: string }
  | { ok: false; result: RecordActionResult["result"]; dialog?: string | null };

/**
 * What other features add to a record's list and page on the server, as `app/features/registry.server.ts`
 * assembles it; the record routes pass it to records' loader and action.
 */
export interface RecordFeatures {
  /** Each feature's part of the page's data, loaded beside the record's own. */
  data: { [K in keyof RecordFeatureData]: (input: RecordLoadInput) => Promise<RecordFeatureData[K]> };
  /** Whether the user sees a tab a feature owns; the tabs not named here follow records' own rules. */
  tabVisible: Partial<Record<DetailTab, (screen: RecordScreen, user: CurrentUser) => boolean>>;
  /** The intents the features' forms post to a record's list or page. */
  intents: Record<string, RecordIntentHandler>;
  /**
   * A feature's form whose warning was closed without JavaScript ("dismiss"): the first whose `owns` says the form
   * is its own answers; the record's own form otherwise.
   */
  dismiss: { owns: (input: RecordIntentInput) => boolean; handle: RecordIntentHandler }[];
  /** Whether the list's toolbar offers Import (into the entity) and Export (of the list): the bulk data's rights. */
  bulkRights: (screen: RecordScreen, user: CurrentUser) => { canImport: boolean; canExport: boolean };
  /** A multipart upload (a document, from the documents list or a record's documents tab). */
  upload: (
    request: Request,
    context: Readonly<RouterContextProvider>,
    screen: RecordScreen,
    recordId: string | undefined,
  ) => Promise<RecordUploadOutcome>;
}
