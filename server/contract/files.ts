/**
 * Uploads: the texts of spec §5 and §8, and the limit's default. Apart from any schema, so that the web app can use
 * them without loading Zod.
 */
export const fileMessages = {
  /** The web app's own check before a file is sent; `{n}` is the limit in megabytes. */
  tooLarge: "File should not exceed {n}mb",
  /** The API's answer past the limit (`MaxUploadSizeExceededException`). */
  maxUploadSizeExceeded: "Max upload size exceeded",
  unsupportedType: "File type not supported",
  missing: "You must upload a file",
} as const;

export const MAX_UPLOAD_MB_DEFAULT = 100;
/** An import's file (MAX_IMPORT_MB): a sheet of a million rows is larger than any document. */
export const MAX_IMPORT_MB_DEFAULT = 1024;
/** A document's description (spec §3). */
export const DOCUMENT_DESCRIPTION_MAX = 200;

export function tooLargeMessage(maxMegabytes: number): string {
  return fileMessages.tooLarge.replace("{n}", String(maxMegabytes));
}
