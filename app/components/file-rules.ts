import { DOCUMENT_ACCEPT, fileMessages, tooLargeMessage } from "../../server/contract/files.ts";

const MEGABYTE = 1024 * 1024;

/**
 * What a file input takes: its `accept` list (name extensions such as ".pdf", MIME types such as "image/png", or
 * "image/*"), its largest size, and the texts that refuse a file (English, as the API words them; shown in the page's
 * language). The API checks the same again, by the file's content.
 */
export interface FileRule {
  accept: string;
  maxBytes: number;
  /** Spec §5: "File type not supported" unless the API answers this input with its own text. */
  unsupported: string;
  /** Spec §5: "File should not exceed {n}mb" unless the API answers this input with its own text. */
  tooLarge: string;
}

/** A rule whose limit is in megabytes and whose texts are the specification's (spec §5). */
export function megabyteRule(accept: string, maxMegabytes: number): FileRule {
  return {
    accept,
    maxBytes: maxMegabytes * MEGABYTE,
    unsupported: fileMessages.unsupportedType,
    tooLarge: tooLargeMessage(maxMegabytes),
  };
}

/** A document's (or a note's attachment's): every type the workspace stores. */
export function documentRule(maxMegabytes: number): FileRule {
  return megabyteRule(DOCUMENT_ACCEPT, maxMegabytes);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/** Whether a file is one of `accept`'s types, as a browser's file picker reads the list. */
export function isAccepted(file: { name: string; type: string }, accept: string): boolean {
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  return accept
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)
    .some((token) => {
      if (token.startsWith(".")) return token === extension;
      if (token.endsWith("/*")) return type.startsWith(token.slice(0, -1));
      return token === type;
    });
}

/** Why a chosen file is refused before it is sent (spec §5: its type, then its size), or null when it may go. */
export function fileProblem(file: { name: string; type: string; size: number }, rule: FileRule): string | null {
  if (!isAccepted(file, rule.accept)) return rule.unsupported;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}
