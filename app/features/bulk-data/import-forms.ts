import { z } from "zod";
import {
  bulkDataTexts,
  type ImportDetail,
  type ImportMappingInput,
  importModes,
  MATCH_BY_ID,
} from "../../../server/contract/bulk-data.ts";
import { fileMessages, tooLargeMessage } from "../../../server/contract/files.ts";

export const MEGABYTE = 1024 * 1024;

/** The file types an import reads, by name; the API checks the content. */
export const IMPORT_ACCEPT = ".xlsx,.csv";
const IMPORT_FILE = /\.(xlsx|csv)$/i;

/**
 * The upload form of a new import, for the browser, which checks the file before a byte is sent. The action never
 * holds the file (it streams on to the API) and answers its absence, size and type with the same texts.
 */
export function importUploadSchema(maxMegabytes: number) {
  return z.object({
    file: z
      .instanceof(File, { message: fileMessages.missing })
      // An empty input is only missing: its empty name is no type to refuse as well.
      .refine((file) => file.size > 0 && file.name !== "", { message: fileMessages.missing, abort: true })
      .refine((file) => IMPORT_FILE.test(file.name), fileMessages.unsupportedType)
      .refine((file) => file.size <= maxMegabytes * MEGABYTE, tooLargeMessage(maxMegabytes)),
  });
}

/** The buttons of the mapping form. */
export const mappingIntents = ["check", "start"] as const;

/** What the mapping form's rules need of the import: its columns, the fields and which of them find a record. */
export type MappingContext = Pick<ImportDetail, "columns" | "fields" | "matchFields">;

/**
 * The mapping form (one select per column of the file, the mode and the match field), checked by the same rules as
 * the API's, with its texts: a column per field, at least one column mapped, and for updates a match field that a
 * column fills. Its value is the API's `ImportMappingInput`.
 */
export function importMappingSchema(context: MappingContext) {
  const keys = new Set(context.fields.map((field) => field.key));
  // A record's id is no field of its own, but a column may hold it to find the records to update.
  if (context.matchFields.includes(MATCH_BY_ID)) keys.add(MATCH_BY_ID);
  return z
    .object({
      intent: z.enum(mappingIntents).default("check"),
      // A select left at "Do not import" sends "", which Conform reads as no value.
      mapping: z
        .array(
          z
            .string()
            .max(63)
            .refine((key) => keys.has(key), bulkDataTexts.unknownField)
            .optional(),
        )
        .max(context.columns.length)
        .default([]),
      mode: z.enum(importModes, { message: bulkDataTexts.matchFieldRequired }).default("create"),
      matchField: z.string().max(63).optional(),
    })
    .superRefine((value, issues) => {
      const mapped = value.mapping.filter((key): key is string => Boolean(key));
      if (mapped.length === 0) issues.addIssue({ code: "custom", path: [], message: bulkDataTexts.notMapped });
      value.mapping.forEach((key, index) => {
        if (key && value.mapping.indexOf(key) !== index) {
          issues.addIssue({ code: "custom", path: ["mapping", index], message: bulkDataTexts.mappedTwice });
        }
      });
      if (value.mode === "create") return;
      if (!value.matchField) {
        issues.addIssue({ code: "custom", path: ["matchField"], message: bulkDataTexts.matchFieldRequired });
      } else if (!context.matchFields.includes(value.matchField)) {
        issues.addIssue({ code: "custom", path: ["matchField"], message: bulkDataTexts.matchFieldNotUnique });
      } else if (!mapped.includes(value.matchField)) {
        issues.addIssue({ code: "custom", path: ["matchField"], message: bulkDataTexts.matchColumnMissing });
      }
    })
    .transform((value): ImportMappingInput & { intent: (typeof mappingIntents)[number] } => ({
      intent: value.intent,
      mapping: context.columns.map((_, index) => value.mapping[index] ?? null),
      mode: value.mode,
      matchField: value.mode === "create" ? null : (value.matchField ?? null),
    }));
}

/** The match field's name: "id" reads "ID"; a field its label. */
export function isMatchById(key: string): boolean {
  return key === MATCH_BY_ID;
}
