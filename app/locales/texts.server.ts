import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { DocumentEncoding } from "../utils/document-encoding.server.ts";
import type { Language } from "../utils/i18n.ts";
import { type TextNamespace, textResources } from "./all.ts";

/** The texts' version: another build with other texts has another, so the browser may keep a namespace for good. */
export const textsVersion = createHash("sha256").update(JSON.stringify(textResources)).digest("hex").slice(0, 12);

type Encoding = DocumentEncoding | "identity";

// zlib's results are Buffers over plain (never shared) ArrayBuffers.
const encoded = new Map<string, Uint8Array<ArrayBuffer> | string>();

/**
 * A namespace's texts as JSON, compressed once at the most (they do not change while the process runs): Brotli's
 * and gzip's highest levels, which a body made once and kept by browsers is worth.
 */
export function encodedTexts(
  language: Language,
  namespace: TextNamespace,
  encoding: Encoding,
): Uint8Array<ArrayBuffer> | string {
  const key = `${language}:${namespace}:${encoding}`;
  let body = encoded.get(key);
  if (body === undefined) {
    const json = JSON.stringify(textResources[language][namespace]);
    body =
      encoding === "br"
        ? (brotliCompressSync(json, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }) as Uint8Array<ArrayBuffer>)
        : encoding === "gzip"
          ? (gzipSync(json, { level: 9 }) as Uint8Array<ArrayBuffer>)
          : json;
    encoded.set(key, body);
  }
  return body;
}
