import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { demoPdf } from "./demo-documents.ts";

/** The text of a PDF as poppler's pdftotext reads it. */
function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
}

describe("demo documents", () => {
  const document = {
    name: "Tilbud på årsavtale",
    description: "Tilbud sendt etter oppstartsmøtet.",
    heading: "Tilbud – årsavtale",
    lines: ["Prisen gjelder i tolv måneder.", "Æ, ø og å skrives riktig."],
  };

  it("are PDFs that a reader reads the heading, the company and every line of, Norwegian letters included", async () => {
    const bytes = await demoPdf(document, "Bjørk Eiendom AS");
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const expected of [document.heading, "Bjørk Eiendom AS", ...document.lines]) expect(text).toContain(expected);
  });

  it("are the same bytes on every first start", async () => {
    const first = await demoPdf(document, "Bjørk Eiendom AS");
    const second = await demoPdf(document, "Bjørk Eiendom AS");
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });
});
