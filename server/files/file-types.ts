import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import { compoundDocumentTypes, fileMessages, storedFileTypes, textFileTypes } from "../contract/files.ts";
import { DomainError } from "../http/errors.ts";

/** What a stored file is, by its content: the type to send it with. */
export interface FileType {
  mime: string;
  extension: string;
}

const TEXT_SAMPLE_BYTES = 64 * 1024;

function unsupported(): DomainError {
  return new DomainError(415, "HttpMediaTypeNotSupportedException", fileMessages.unsupportedType);
}

function extensionOf(fileName: string): string {
  return path.extname(fileName).slice(1).toLowerCase();
}

/** Reads the file's type from its content and checks it against the allow-list and its name; refuses with 415. */
export async function checkFileType(filePath: string, fileName: string): Promise<FileType> {
  const extension = extensionOf(fileName);
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.ext === "cfb" && compoundDocumentTypes[extension]) {
      return { mime: compoundDocumentTypes[extension], extension };
    }
    const type = storedFileTypes[detected.ext];
    if (!type?.extensions.includes(extension)) throw unsupported();
    return { mime: type.mime, extension };
  }
  const textMime = textFileTypes[extension];
  if (!textMime || !(await isPlainText(filePath))) throw unsupported();
  return { mime: textMime, extension };
}

/**
 * An image of one of `mimes`, by its content alone (its name may say anything): refused with 415 and `message`
 * otherwise. SVG is never one: it is text, and may carry script.
 */
export async function checkImageType(filePath: string, mimes: readonly string[], message: string): Promise<FileType> {
  const detected = await fileTypeFromFile(filePath);
  if (!detected || !mimes.includes(detected.mime)) {
    throw new DomainError(415, "HttpMediaTypeNotSupportedException", message);
  }
  return { mime: detected.mime, extension: detected.ext };
}

/** UTF-8 (a BOM allowed) with no control characters but tab, line feed, carriage return and form feed. */
async function isPlainText(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    let sample = buffer.subarray(0, bytesRead);
    // The sample may end inside a character; drop up to three bytes of an unfinished sequence.
    if (bytesRead === TEXT_SAMPLE_BYTES) sample = sample.subarray(0, completeUtf8Length(sample));
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(sample);
    } catch {
      return false;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } finally {
    await handle.close();
  }
}

function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
