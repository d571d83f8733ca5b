import { messageCode } from "./message-code.ts";
import { validationCodes } from "./messages.ts";

/**
 * Uploads: the codes of the texts of spec §5 and §8, and the limit's default. Apart from any schema, so that the web
 * app can use them without loading Zod.
 */
export const fileMessages = {
  /** The API's answer past the limit (`MaxUploadSizeExceededException`). */
  maxUploadSizeExceeded: "apiErrors.MaxUploadSizeExceededException",
  unsupportedType: validationCodes.fileTypeNotSupported,
  missing: validationCodes.fileMissing,
} as const;

/**
 * The types a workspace stores (spec §5): PDF, images, Office and OpenDocument files, text and CSV. The API tells a
 * file's type by its content (server/files/file-types.ts); each detected type lists the name extensions it may carry.
 * SVG is not on the list: it may carry script.
 */
export const storedFileTypes: Record<string, { mime: string; extensions: string[] }> = {
  pdf: { mime: "application/pdf", extensions: ["pdf"] },
  png: { mime: "image/png", extensions: ["png"] },
  jpg: { mime: "image/jpeg", extensions: ["jpg", "jpeg"] },
  gif: { mime: "image/gif", extensions: ["gif"] },
  webp: { mime: "image/webp", extensions: ["webp"] },
  tif: { mime: "image/tiff", extensions: ["tif", "tiff"] },
  heic: { mime: "image/heic", extensions: ["heic"] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"] },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: ["xlsx"] },
  pptx: { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extensions: ["pptx"] },
  odt: { mime: "application/vnd.oasis.opendocument.text", extensions: ["odt"] },
  ods: { mime: "application/vnd.oasis.opendocument.spreadsheet", extensions: ["ods"] },
  odp: { mime: "application/vnd.oasis.opendocument.presentation", extensions: ["odp"] },
  rtf: { mime: "application/rtf", extensions: ["rtf"] },
};

/** Office's older formats share one container (CFB); the name tells which. */
export const compoundDocumentTypes: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Files with no signature of their own: accepted when they are UTF-8 text without control characters. */
export const textFileTypes: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  md: "text/markdown",
};

/** A document's file input's `accept`: every name extension the API stores. */
export const DOCUMENT_ACCEPT = [
  ...Object.values(storedFileTypes).flatMap((type) => type.extensions),
  ...Object.keys(compoundDocumentTypes),
  ...Object.keys(textFileTypes),
]
  .map((extension) => `.${extension}`)
  .join(",");

export const MAX_UPLOAD_MB_DEFAULT = 100;
/** An import's file (MAX_IMPORT_MB): a sheet of a million rows is larger than any document. */
export const MAX_IMPORT_MB_DEFAULT = 1024;
/** A document's description (spec §3). */
export const DOCUMENT_DESCRIPTION_MAX = 200;

export function tooLargeMessage(maxMegabytes: number): string {
  return messageCode(validationCodes.fileTooLarge, { max: maxMegabytes });
}
