import { z } from "zod";

export const RECENT_SIZE_DEFAULT = 10;
export const RECENT_SIZE_MAX = 50;

/**
 * `GET /api/me/recent`: the records the signed-in user changed last, newest first, one entry per record, only those
 * that still exist and that the user may read.
 */
export const recentRecordSchema = z.object({
  schemaKey: z.string(),
  tableKey: z.string(),
  uuid: z.string(),
  rowName: z.string(),
  entityLabelEn: z.string(),
  entityLabelNb: z.string(),
  /** What the user did last: create, update, link, unlink, … as the record's history has it. */
  action: z.string(),
  at: z.string(),
});
export type RecentRecord = z.infer<typeof recentRecordSchema>;
