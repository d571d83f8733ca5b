import fs from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import { fileMessages } from "../contract/files.ts";
import { refusedTextMessage } from "../contract/messages.ts";
import { DomainError } from "../http/errors.ts";
import { checkFileType, type FileType } from "./file-types.ts";
import { type FileStorage, FileTooLargeError, type StoredFile } from "./storage.ts";

export interface ReceivedUpload extends StoredFile {
  /** The name the browser sent, without any folder. */
  fileName: string;
  /** The type by content (file-types.ts), which downloads are sent with. */
  mime: string;
  /** The form's text fields, sent before or after the file (the first value of each). */
  fields: Record<string, string>;
}

/** The most a form's text fields may hold beside the file (a name, a description, links). */
const FIELD_BYTES = 64 * 1024;

/** The product's own text: only a client that writes multipart bodies by hand can send a broken one. */
const MALFORMED_MULTIPART = "The request is not well-formed multipart/form-data";

function missingFile(): DomainError {
  return new DomainError(400, "MissingServletRequestPartException", fileMessages.missing, [
    { field: "file", defaultMessage: fileMessages.missing, objectName: "request" },
  ]);
}

function tooLarge(): DomainError {
  return new DomainError(413, "MaxUploadSizeExceededException", fileMessages.maxUploadSizeExceeded);
}

/**
 * Reads the request's multipart upload into storage, within the limit and of the types the service chooses: services
 * take this, not the request, and call it once the user may upload.
 */
export type UploadReader = (
  maxBytes: number,
  checkType?: (filePath: string, fileName: string) => Promise<FileType>,
) => Promise<ReceivedUpload>;

export function uploadReader(request: FastifyRequest, storage: FileStorage): UploadReader {
  return (maxBytes, checkType) => receiveUpload(request, storage, maxBytes, checkType);
}

/**
 * Streams the request's one file part into storage, never whole in memory: written, checked by content, then stored
 * (storage.ts). Text fields may come before or after the file (a browser sends a form's fields in order; the web app
 * forwards the file as it arrives and its fields after). Needs `@fastify/multipart` registered
 * (server/plugins/storage.ts).
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
  /** Reads the file's type by content and refuses what the upload may not be; by default a document's types. */
  checkType: (filePath: string, fileName: string) => Promise<FileType> = checkFileType,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw missingFile();
  const fields: Record<string, string> = {};
  let upload: (StoredFile & { fileName: string; mime: string }) | undefined;
  const parts = request
    .parts({ limits: { fileSize: maxBytes, files: 1, fieldSize: FIELD_BYTES, fields: 50 } })
    [Symbol.asyncIterator]();
  try {
    for (;;) {
      // What the parser throws (no boundary, a body cut short) is a malformed request, not a failure of ours.
      const next = await parts.next().catch((error: unknown) => {
        throw malformedOr(error);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === "field") {
        refuseUnstorable(part.fieldname, part.fieldname);
        if (typeof part.value !== "string") continue;
        refuseUnstorable(part.fieldname, part.value);
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      const fileName = (part.filename ?? "").split(/[\\/]/).pop()?.trim() ?? "";
      // Browsers send an empty part with no name when no file was chosen.
      if (fileName === "") {
        part.file.resume();
        continue;
      }
      // The name is stored and searched: PostgreSQL would refuse a NUL in it.
      refuseUnstorable("file", fileName);
      let mime = "";
      let cutShort: unknown;
      part.file.once("error", (error) => {
        cutShort = error;
      });
      const stored = await storage
        .put(part.file, {
          maxBytes,
          check: async (filePath) => {
            // The parser stops reading at the limit and marks the file cut short.
            if (part.file.truncated) throw tooLarge();
            if ((await fs.stat(filePath)).size === 0) throw missingFile();
            mime = (await checkType(filePath, fileName)).mime;
          },
        })
        .catch((error: unknown) => {
          // The file's part ended before its boundary (before it reached us, or while stored): the body was malformed.
          throw cutShort !== undefined || part.file.errored ? malformedOr(error) : error;
        });
      upload = { ...stored, fileName, mime };
    }
  } catch (error) {
    if (error instanceof FileTooLargeError || (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw tooLarge();
    }
    throw error;
  }
  if (!upload) throw missingFile();
  return { ...upload, fields };
}

/** The multipart parser's own errors carry no status; those of @fastify/multipart (limits, closed early) do. */
function malformedOr(error: unknown): unknown {
  const known = error instanceof DomainError || typeof (error as { statusCode?: unknown }).statusCode === "number";
  return known ? error : new DomainError(400, "BadRequestException", MALFORMED_MULTIPART);
}

function refuseUnstorable(field: string, text: string): void {
  const message = refusedTextMessage(text);
  if (message) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field, defaultMessage: message, objectName: "request" },
    ]);
  }
}
