import { z } from "zod";
import { notificationTypes } from "../../../server/contract/notifications.ts";

/** The panel's forms: one notification marked read, or all; each goes back to the page it was posted from. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.uuid(), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("read-all"), redirectTo: z.string().max(2000).optional() }),
]);

/** A setting's row on the profile's notifications page: the event type, and the state its switch turns it to. */
export const notificationSettingFormSchema = z.object({
  type: z.enum(notificationTypes),
  enabled: z.enum(["true", "false"]),
  /** Posted by the page's script (a fetcher), which wants an answer rather than the page again. */
  enhanced: z.boolean().default(false),
});
