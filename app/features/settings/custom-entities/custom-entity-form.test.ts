import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../../tests/support/messages.ts";
import { firstFieldTypes, parseEntityNamesForm, parseNewEntityForm } from "./custom-entity-form.ts";

/** The errors of a submission that failed. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? undefined : inEnglish(submission.error);
}

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const names: [string, string][] = [
  ["labelEn", "Project"],
  ["labelNb", "Prosjekt"],
  ["pluralEn", "Projects"],
  ["pluralNb", "Prosjekter"],
];

const firstField: [string, string][] = [
  ["fields[0].labelEn", "Title"],
  ["fields[0].labelNb", "Tittel"],
  ["fields[0].key", "Title"],
  ["fields[0].type", "Text"],
];

describe("the new custom entity form", () => {
  it("reads the names, the icon, a normalised key and an active first field", () => {
    const submission = parseNewEntityForm(
      form([...names, ["key", "Client Project!"], ["icon", "truck"], ...firstField, ["fields[0].partOfName", "on"]]),
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      key: "client_project",
      labelEn: "Project",
      pluralNb: "Prosjekter",
      icon: "truck",
      fields: [{ key: "title", labelEn: "Title", type: "Text", partOfName: true, active: true, required: false }],
    });
  });

  it("takes an unchecked box as no, and no icon as the default one", () => {
    const submission = parseNewEntityForm(form([...names, ["key", "project"], ...firstField]));
    expect(submission.status === "success" && submission.value).toMatchObject({
      icon: "box",
      fields: [{ partOfName: false, active: true }],
    });
  });

  it("says what is missing, on the first field too", () => {
    const submission = parseNewEntityForm(
      form([
        ["labelEn", ""],
        ["key", "-"],
        ["icon", "skull"],
        ["fields[0].labelEn", "Title"],
        ["fields[0].type", "Text"],
      ]),
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toMatchObject({
      labelEn: ["Required"],
      pluralNb: ["Required"],
      key: ["Required"],
      icon: ["Must be one of the options"],
      "fields[0].labelNb": ["Required"],
      "fields[0].key": ["Required"],
    });
  });

  it("offers the types that need nothing more than a label", () => {
    expect(firstFieldTypes).toContain("Text");
    expect(firstFieldTypes).toHaveLength(10);
    expect(firstFieldTypes).not.toContain("List");
    expect(firstFieldTypes).not.toContain("Query");
  });
});

describe("the rename form", () => {
  it("reads the names and icon, and needs every name", () => {
    expect(parseEntityNamesForm(form([...names, ["icon", "star"]])).status).toBe("success");
    const missing = parseEntityNamesForm(form([["labelEn", "Project"]]));
    expect(errorsOf(missing)).toMatchObject({ labelNb: ["Required"], pluralEn: ["Required"] });
  });
});
