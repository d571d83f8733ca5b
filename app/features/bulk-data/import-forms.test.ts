import { describe, expect, it } from "vitest";
import { fileMessages } from "../../../server/contract/files.ts";
import { importUploadSchema } from "./import-forms.ts";

const errorsOf = (file: File) => {
  const result = importUploadSchema(10).safeParse({ file });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the upload form of a new import", () => {
  it("says only that a file is missing when the input is empty, not that its type is wrong too", () => {
    expect(errorsOf(new File([], ""))).toEqual([fileMessages.missing]);
  });

  it("refuses a file of another type, and takes a CSV", () => {
    expect(errorsOf(new File(["hello"], "notes.txt"))).toEqual([fileMessages.unsupportedType]);
    expect(errorsOf(new File(["a,b\n1,2\n"], "contacts.csv"))).toEqual([]);
  });
});
