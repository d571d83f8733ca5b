/**
 * Content-Disposition with the file's name (RFC 6266): an ASCII `filename` for old clients and the whole name, UTF-8
 * and percent-encoded (RFC 8187), as `filename*`, which every current browser prefers, so "Møtereferat.pdf" survives.
 */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach a header.
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_").replace(/[\u0000-\u001f]/g, "") || "download";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type RangeResult = { start: number; end: number } | "unsatisfiable" | undefined;

/**
 * One byte range of a `Range` header (RFC 9110 §14.1.2): `bytes=0-99`, `bytes=100-`, `bytes=-100`. Undefined for no
 * header or one this server does not serve (several ranges, other units: the whole file is sent instead);
 * "unsatisfiable" for a range wholly past the end.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return undefined;
  return { start, end };
}
