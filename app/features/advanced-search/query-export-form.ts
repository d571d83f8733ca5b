import { z } from "zod";
import { bulkFormats } from "../../../server/contract/bulk-data.ts";

/** A query's export: the whole result, as a workbook or a CSV file. */
export const queryExportFormSchema = z.object({
  format: z.enum(bulkFormats).default("xlsx"),
});

export const QUERY_EXPORT_FORM_ID = "query-export-form";
