import { describe, expect, it } from "vitest";
import type { BuilderOptions, FormDto } from "../../../server/contract/forms.ts";
import { formTexts } from "../../../server/contract/forms.ts";
import { builderSchema, formFieldName, formOfForm, inputOfForm, mappedField, newForm } from "./builder-form.ts";

const options: BuilderOptions = {
  fields: {
    contact: [
      { key: "first_name", labelEn: "First name", labelNb: "Fornavn", type: "Text", required: true, options: [] },
      { key: "email", labelEn: "Email", labelNb: "E-post", type: "Email", required: false, options: [] },
    ],
    company: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, options: [] }],
  },
  groups: [],
};

describe("the form builder's form", () => {
  it("spells the posted form out as the contract's input: flags, a mapping, lines as lists", () => {
    expect(
      inputOfForm({
        title: "Book a demo",
        open: "on",
        allowedSites: "https://a.example\n\n  https://b.example  ",
        groupIds: "6f1c0f3e-8a51-4a8e-9d59-2f1f0c7e2a11",
        blocks: [
          { type: "TITLE", heading: "About you", id: "" },
          { type: "QUESTION", label: "Email", mergeWith: "contact.email", required: "on", fieldType: "Text" },
          { type: "QUESTION", label: "Size", mergeWith: "", fieldType: "List", options: "Small\nLarge\n" },
          { type: "QUESTION", label: "Notes", fieldType: "Text", options: "ignored" },
        ],
      }),
    ).toMatchObject({
      title: "Book a demo",
      open: true,
      acceptingResponse: false,
      allowedSites: ["https://a.example", "https://b.example"],
      groupIds: ["6f1c0f3e-8a51-4a8e-9d59-2f1f0c7e2a11"],
      blocks: [
        { type: "TITLE", heading: "About you", id: undefined },
        { type: "QUESTION", label: "Email", required: true, mergeWith: { entity: "contact", field: "email" } },
        { type: "QUESTION", mergeWith: null, fieldType: "List", options: ["Small", "Large"] },
        { type: "QUESTION", options: [] },
      ],
    });
  });

  it("puts the contract's errors on the inputs that hold them", () => {
    expect(formFieldName("blocks.2.mergeWith.field")).toBe("blocks[2].mergeWith");
    expect(formFieldName("blocks.0.options.3")).toBe("blocks[0].options");
    expect(formFieldName("allowedSites.1")).toBe("allowedSites");
    expect(formFieldName("blocks.1.label")).toBe("blocks[1].label");
    const parsed = builderSchema.safeParse({
      title: "",
      submitButtonColorCode: "green",
      allowedSites: "not a site",
      blocks: [{ type: "TITLE", heading: "Only a title" }],
    });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? []);
    expect(byPath).toMatchObject({
      title: "validation.required",
      submitButtonColorCode: formTexts.invalidColour,
      allowedSites: formTexts.site,
      blocks: formTexts.needsQuestion,
    });
  });

  it("reads a saved form back as the builder's values, and keeps its version", () => {
    const saved = {
      uuid: "f1",
      publicId: "p",
      title: "Contact us",
      description: "",
      bannerUrl: null,
      submitLabelText: "Send",
      submitLabelColorCode: "#ffffff",
      submitButtonColorCode: "#239859",
      thankYouPageTitle: "",
      thankYouPageParagraph: "",
      accessibility: "login",
      allowedSites: ["https://a.example"],
      open: true,
      acceptingResponse: false,
      visibility: "groups",
      groups: [{ uuid: "6f1c0f3e-8a51-4a8e-9d59-2f1f0c7e2a11", name: "Sales" }],
      autoMerge: false,
      owner: null,
      submissionCount: 0,
      refusals: {},
      version: 4,
      createdAt: "",
      updatedAt: "",
      blocks: [
        {
          id: "0b7d2c4e-1a3f-4c5d-8e9f-a1b2c3d4e5f6",
          type: "QUESTION",
          label: "Size",
          helpText: "",
          required: true,
          mergeWith: null,
          fieldType: "List",
          inputType: "List",
          options: [{ value: "S", labelEn: "S", labelNb: "S" }],
          maxLength: null,
        },
      ],
    } satisfies FormDto;
    const values = formOfForm(saved);
    expect(values).toMatchObject({
      open: "on",
      acceptingResponse: undefined,
      version: "4",
      groupIds: ["6f1c0f3e-8a51-4a8e-9d59-2f1f0c7e2a11"],
    });
    expect(values.blocks?.[0]).toMatchObject({
      id: "0b7d2c4e-1a3f-4c5d-8e9f-a1b2c3d4e5f6",
      required: "on",
      mergeWith: "",
      options: "S",
    });
    const parsed = builderSchema.parse(values);
    expect(parsed).toMatchObject({ version: 4, visibility: "groups", accessibility: "login", open: true });
    expect(parsed.blocks[0]).toMatchObject({
      id: "0b7d2c4e-1a3f-4c5d-8e9f-a1b2c3d4e5f6",
      fieldType: "List",
      options: ["S"],
      required: true,
    });
  });

  it("starts a new form with the contact's name and e-mail, in the user's language", () => {
    const form = newForm(options, "Kontakt oss", "nb");
    expect(form.blocks?.map((block) => [block.label, block.mergeWith, block.required])).toEqual([
      ["Fornavn", "contact.first_name", "on"],
      ["E-post", "contact.email", "on"],
    ]);
    expect(mappedField(options, "company.name")?.labelEn).toBe("Name");
    expect(mappedField(options, "company.nope")).toBeUndefined();
    expect(mappedField(options, "")).toBeUndefined();
  });
});
