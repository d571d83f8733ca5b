import { z } from "zod";
import { activityKinds } from "./activity-kinds.ts";
import { transactionSchema } from "./records.ts";

export { type ActivityKind, activityKinds } from "./activity-kinds.ts";

export const activitySchema = z.object({
  kind: z.enum(activityKinds),
  at: z.string(),
  /** The note, document, inquiry or to-do; null for a history entry. */
  item: z
    .object({
      schemaKey: z.string(),
      tableKey: z.string(),
      uuidKey: z.string(),
      rowName: z.string(),
      /** An inquiry's or a to-do's status and due date, so the timeline can say whether it is still open. */
      statusId: z.string().nullable(),
      dueDate: z.string().nullable(),
    })
    .nullable(),
  /** A history entry, as the record's history gives it. */
  history: transactionSchema.nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = z.object({
  content: z.array(activitySchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** How many of each kind the record has (of the kinds the user may read). */
  counts: z.record(z.string(), z.number().int()),
  /** Open inquiries and to-dos: not in a closed status. */
  open: z.object({ inquiry: z.number().int(), todo: z.number().int() }),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const ACTIVITY_PAGE_SIZE = 25;
