import fs from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import { fileMessages } from "../contract/files.ts";
import { DomainError } from "../http/errors.ts";
import { checkFileType } from "./file-types.ts";
import { type FileStorage, FileTooLargeError, type StoredFile } from "./storage.ts";

export interface ReceivedUpload extends StoredFile {
  /** The name the browser sent, without any folder. */
  fileName: string;
  /** The type by content (file-types.ts), which downloads are sent with. */
  mime: string;
  /** The form's text fields sent before the file. */
  fields: Record<string, string>;
}

/** The most a form's text fields may hold beside the file (a name, a description, links). */
const FIELD_BYTES = 64 * 1024;

function missingFile(): DomainError {
  return new DomainError(400, "MissingServletRequestPartException", fileMessages.missing, [
    { field: "file", defaultMessage: fileMessages.missing, objectName: "request" },
  ]);
}

function tooLarge(): DomainError {
  return new DomainError(413, "MaxUploadSizeExceededException", fileMessages.maxUploadSizeExceeded);
}

/**
 * Streams the request's one file part into storage, never whole in memory: written, checked by content, then stored
 * (storage.ts). Text fields must come before the file, as browsers send a form's fields in order. Needs
 * `@fastify/multipart` registered (server/plugins/storage.ts).
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw missingFile();
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fieldSize: FIELD_BYTES, fields: 50 } });
  } catch (error) {
    throw (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : error;
  }
  if (!part) throw missingFile();

  const fileName = (part.filename ?? "").split(/[\\/]/).pop()?.trim() ?? "";
  // Browsers send an empty part with no name when no file was chosen.
  if (fileName === "") {
    part.file.resume();
    throw missingFile();
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === "field" && typeof field.value === "string") fields[name] = field.value;
  }

  let mime = "";
  let stored: StoredFile;
  try {
    stored = await storage.put(part.file, {
      maxBytes,
      check: async (filePath) => {
        // The parser stops reading at the limit and marks the file cut short.
        if (part.file.truncated) throw tooLarge();
        if ((await fs.stat(filePath)).size === 0) throw missingFile();
        mime = (await checkFileType(filePath, fileName)).mime;
      },
    });
  } catch (error) {
    if (error instanceof FileTooLargeError || (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw tooLarge();
    }
    throw error;
  }
  return { ...stored, fileName, mime, fields };
}
