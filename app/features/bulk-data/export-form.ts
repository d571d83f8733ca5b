import { z } from "zod";
import { bulkFormats } from "../../../server/contract/bulk-data.ts";

/**
 * The export panel of a record list: which records (all, or as the list shows them now), which fields (all, or the
 * list's columns) and the file's format. The list's search, filters and sort come from the address it posts to.
 */
export const exportFormSchema = z.object({
  scope: z.enum(["all", "listed"]).default("listed"),
  fields: z.enum(["all", "visible"]).default("all"),
  format: z.enum(bulkFormats).default("xlsx"),
});
export type ExportForm = z.infer<typeof exportFormSchema>;

export const EXPORT_FORM_ID = "export-form";
