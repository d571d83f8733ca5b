import { z } from "zod";

/** The panel's forms: one notification marked read, or all; each goes back to the page it was posted from. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.uuid(), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("read-all"), redirectTo: z.string().max(2000).optional() }),
]);
