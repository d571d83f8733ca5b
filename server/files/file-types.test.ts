import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { english } from "../../tests/support/messages.ts";
import { docxFile, odtFile, pdfFile, pngFile, windowsProgram } from "../../tests/support/upload-files.ts";
import { fileMessages } from "../contract/files.ts";
import { checkFileType } from "./file-types.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-file-types-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let count = 0;
function written(content: Buffer | string): string {
  const file = path.join(folder, `upload-${count++}`);
  fs.writeFileSync(file, content);
  return file;
}

async function refusal(content: Buffer | string, name: string) {
  return checkFileType(written(content), name).then(
    () => undefined,
    (error: { status: number; exceptionName: string; message: string }) => ({
      status: error.status,
      exceptionName: error.exceptionName,
      message: english(error.message),
    }),
  );
}

describe("file types by content", () => {
  it("knows PDFs, images, Word and OpenDocument files by their bytes", async () => {
    expect(await checkFileType(written(pdfFile()), "Tilbud.pdf")).toEqual({
      mime: "application/pdf",
      extension: "pdf",
    });
    expect(await checkFileType(written(pngFile), "logo.PNG")).toEqual({ mime: "image/png", extension: "png" });
    expect(await checkFileType(written(docxFile()), "avtale.docx")).toEqual({
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      extension: "docx",
    });
    expect(await checkFileType(written(odtFile()), "møtereferat.odt")).toEqual({
      mime: "application/vnd.oasis.opendocument.text",
      extension: "odt",
    });
  });

  it("takes UTF-8 text and CSV, with or without a BOM, by their names", async () => {
    expect(await checkFileType(written("navn;by\r\nNordlys AS;Tromsø\r\n"), "firmaer.csv")).toEqual({
      mime: "text/csv",
      extension: "csv",
    });
    expect(await checkFileType(written("\uFEFFHei, verden\n"), "hilsen.txt")).toEqual({
      mime: "text/plain",
      extension: "txt",
    });
  });

  it("takes text whose sample ends inside a character", async () => {
    // 65,535 ASCII bytes, then "ø" (two bytes) across the 64 KiB sample's edge.
    expect(await checkFileType(written(`${"a".repeat(65_535)}ø\n`), "lang.txt")).toMatchObject({ mime: "text/plain" });
  });

  it("refuses programs, whatever they are called", async () => {
    for (const name of ["setup.exe", "rapport.pdf", "notat.txt"]) {
      expect(await refusal(windowsProgram(), name)).toMatchObject({
        status: 415,
        exceptionName: "HttpMediaTypeNotSupportedException",
        message: english(fileMessages.unsupportedType),
      });
    }
    expect(await refusal(Buffer.from("\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0", "latin1"), "tool.txt")).toMatchObject({
      status: 415,
    });
  });

  it("refuses a name that claims another type than the content", async () => {
    expect(await refusal(pdfFile(), "bilde.png")).toMatchObject({ message: "File type not supported" });
    expect(await refusal(pngFile, "logo.pdf")).toMatchObject({ message: "File type not supported" });
    expect(await refusal(docxFile(), "avtale.xlsx")).toMatchObject({ message: "File type not supported" });
  });

  it("refuses text that is not UTF-8 or carries control characters, and types off the list", async () => {
    expect(await refusal(Buffer.from([0x48, 0x65, 0xff, 0xfe, 0x0a]), "latin.txt")).toMatchObject({ status: 415 });
    expect(await refusal("before\u0000after", "nul.csv")).toMatchObject({ status: 415 });
    expect(
      await refusal("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "a.svg"),
    ).toMatchObject({ status: 415 });
    expect(await refusal("plain words", "no-extension")).toMatchObject({ status: 415 });
  });
});
