import type { ActionResult } from "../../utils/form-action.ts";

/** Which of a record page's forms answered, with Conform's reply for it, and the warning dialog's text if any. */
export type RecordActionResult = ActionResult<
  "record" | "link" | "connect" | "group" | "user" | "delete" | "upload" | "detach" | "contact-link"
>;
