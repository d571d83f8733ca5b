import { z } from "zod";
import { TEXT_MAX } from "../../../server/contract/fields.ts";
import { DOCUMENT_DESCRIPTION_MAX, fileMessages, tooLargeMessage } from "../../../server/contract/files.ts";

export const MEGABYTE = 1024 * 1024;

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string().max(max, `Max ${max} limit`).optional(),
  );

/** The upload form's text fields; the name defaults to the file's. */
export const uploadFieldsSchema = z.object({
  name: optionalText(TEXT_MAX),
  description: optionalText(DOCUMENT_DESCRIPTION_MAX),
});

/**
 * The upload form's schema with its file (spec §5 texts), for the browser, which checks the file before sending a
 * byte. The action never holds the file (it streams on to the API): it checks the text fields with
 * `uploadFieldsSchema`, and the file's absence or size as the stream tells, with the same texts.
 */
export function uploadSchema(maxMegabytes: number) {
  return uploadFieldsSchema.extend({
    file: z
      .instanceof(File, { message: fileMessages.missing })
      // An empty input is only missing: its empty name is no type to refuse as well.
      .refine((file) => file.size > 0 && file.name !== "", { message: fileMessages.missing, abort: true })
      .refine((file) => file.size <= maxMegabytes * MEGABYTE, tooLargeMessage(maxMegabytes)),
  });
}
