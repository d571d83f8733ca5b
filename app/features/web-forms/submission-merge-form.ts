import { z } from "zod";
import { bulkFormats } from "../../../server/contract/bulk-data.ts";
import { mergeInputSchema } from "../../../server/contract/forms.ts";

/**
 * The merge review's form: per entity an action (create, update, skip), the matched record's id, and the differing
 * fields whose submitted value is taken. The API's own schema, so the browser checks what the API checks.
 */
export const mergeFormSchema = mergeInputSchema;
export const MERGE_FORM_ID = "merge-form";

/** The submissions' export: the file's format. */
export const submissionsExportSchema = z.object({ format: z.enum(bulkFormats).default("xlsx") });
