import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "./downloads.ts";

describe("download headers", () => {
  it("names the file in ASCII and in full UTF-8", () => {
    expect(contentDisposition("attachment", "Møtereferat æøå.pdf")).toBe(
      `attachment; filename="M_tereferat ___.pdf"; filename*=UTF-8''M%C3%B8tereferat%20%C3%A6%C3%B8%C3%A5.pdf`,
    );
    expect(contentDisposition("inline", 'a"b\\c%.txt')).toBe(
      `inline; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%25.txt`,
    );
    expect(contentDisposition("attachment", "it's (1).pdf")).toContain("filename*=UTF-8''it%27s%20%281%29.pdf");
  });

  it("reads one byte range and refuses ranges past the end", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-2000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeUndefined();
    expect(parseRange("items=0-1", 1000)).toBeUndefined();
    expect(parseRange("bytes=5-1", 1000)).toBeUndefined();
  });
});
