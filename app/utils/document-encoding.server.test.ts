import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentEncoding, encodeDocument } from "./document-encoding.server.ts";

describe("document encoding", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(documentEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(documentEncoding("gzip, deflate")).toBe("gzip");
    expect(documentEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(documentEncoding("GZIP")).toBe("gzip");
    expect(documentEncoding("identity")).toBeUndefined();
    expect(documentEncoding(null)).toBeUndefined();
  });

  it("compresses the whole document", () => {
    const html = `<!DOCTYPE html><html><body>${"<p>Å</p>".repeat(100)}</body></html>`;
    expect(encodeDocument(html, undefined)).toBe(html);
    expect(brotliDecompressSync(encodeDocument(html, "br")).toString("utf8")).toBe(html);
    expect(gunzipSync(encodeDocument(html, "gzip")).toString("utf8")).toBe(html);
  });
});
