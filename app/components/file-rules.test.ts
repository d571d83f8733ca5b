import { describe, expect, it } from "vitest";
import { DOCUMENT_ACCEPT } from "../../server/contract/files.ts";
import { inEnglish } from "../../tests/support/messages.ts";
import { documentRule, fileProblem, isAccepted, megabyteRule } from "./file-rules.ts";

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe("a file input's rule", () => {
  it("reads an accept list as the browser's picker does: extensions, types and type families", () => {
    expect(isAccepted(file("Tilbud.PDF", "application/pdf"), ".pdf,.docx")).toBe(true);
    expect(isAccepted(file("setup.exe", "application/x-msdownload"), ".pdf,.docx")).toBe(false);
    expect(isAccepted(file("me.webp", "image/webp"), "image/png,image/jpeg,image/webp")).toBe(true);
    expect(isAccepted(file("me.gif", "image/gif"), "image/png,image/jpeg,image/webp")).toBe(false);
    expect(isAccepted(file("me.gif", "image/gif"), "image/*")).toBe(true);
    expect(isAccepted(file("pdf", ""), ".pdf")).toBe(false);
  });

  it("refuses another type, then a file past the limit, with the specification's texts", () => {
    const rule = megabyteRule(".xlsx,.csv", 2);
    expect(inEnglish(fileProblem(file("notes.txt", "text/plain"), rule))).toBe("File type not supported");
    expect(inEnglish(fileProblem(file("big.csv", "text/csv", 2 * 1024 * 1024 + 1), rule))).toBe(
      "File should not exceed 2mb",
    );
    expect(fileProblem(file("ok.csv", "text/csv", 2 * 1024 * 1024), rule)).toBeNull();
  });

  it("takes as documents every type the API stores, and no program", () => {
    const rule = documentRule(100);
    for (const name of ["a.pdf", "a.docx", "a.doc", "a.xls", "a.odt", "a.jpeg", "a.heic", "a.csv", "a.md", "a.rtf"]) {
      expect(fileProblem(file(name, ""), rule), name).toBeNull();
    }
    for (const name of ["a.exe", "a.svg", "a.html", "a.js", "a.zip"]) {
      expect(inEnglish(fileProblem(file(name, ""), rule)), name).toBe("File type not supported");
    }
    expect(DOCUMENT_ACCEPT.split(",")).toContain(".pdf");
  });
});
