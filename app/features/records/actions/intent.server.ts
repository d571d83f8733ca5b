import type { RouterContextProvider } from "react-router";
import type { CurrentUser } from "../../../middleware/auth.server.ts";
import type { IntentInput } from "../../../utils/form-action.server.ts";
import type { RecordScreen } from "../screens.ts";

/** What every handler of a record page's intents is given, besides the posted form. */
export interface RecordActionArgs {
  context: Readonly<RouterContextProvider>;
  user: CurrentUser;
  /** The list or page the form was posted on. */
  screen: RecordScreen;
  /** The record whose page it is; undefined on the list. */
  recordId: string | undefined;
  /** The address posted to (with JavaScript, the page's data address "….data"). */
  url: URL;
}

export type RecordIntentInput = IntentInput<RecordActionArgs>;
