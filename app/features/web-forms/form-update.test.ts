import { describe, expect, it } from "vitest";
import type { FormDto } from "../../../server/contract/forms.ts";
import { formUpdateSchema } from "../../../server/contract/forms.ts";
import { formUpdate } from "./form-update.ts";

const form: FormDto = {
  uuid: "6a1c2d3e-0000-4000-8000-000000000001",
  publicId: "pub",
  title: "Book a demo",
  description: "Tell us when",
  bannerUrl: "/api/public/forms/pub/banner?v=1",
  submitLabelText: "Send",
  submitLabelColorCode: "#ffffff",
  submitButtonColorCode: "#112233",
  thankYouPageTitle: "Thanks",
  thankYouPageParagraph: "We will call",
  accessibility: "login",
  allowedSites: ["https://partner.example"],
  blocks: [
    { id: "6a1c2d3e-0000-4000-8000-0000000000a1", type: "TITLE", heading: "You", paragraph: "First" },
    {
      id: "6a1c2d3e-0000-4000-8000-0000000000a2",
      type: "QUESTION",
      label: "E-mail",
      helpText: "",
      required: true,
      mergeWith: { entity: "contact", field: "email" },
      fieldType: "Text",
      inputType: "Email",
      options: [{ value: "from-field", labelEn: "From field", labelNb: "Fra felt" }],
      maxLength: 255,
    },
    {
      id: "6a1c2d3e-0000-4000-8000-0000000000a3",
      type: "QUESTION",
      label: "Size",
      helpText: "People",
      required: false,
      mergeWith: null,
      fieldType: "List",
      inputType: "List",
      options: [
        { value: "Small", labelEn: "Small", labelNb: "Small" },
        { value: "Large", labelEn: "Large", labelNb: "Large" },
      ],
      maxLength: null,
    },
  ],
  open: false,
  acceptingResponse: true,
  visibility: "groups",
  groups: [{ uuid: "6a1c2d3e-0000-4000-8000-0000000000b1", name: "Sales" }],
  autoMerge: true,
  owner: null,
  submissionCount: 4,
  refusals: { tooFast: 1 },
  version: 7,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
};

describe("formUpdate", () => {
  it("sends the whole form back with the version the page showed, and only the switch changed", () => {
    const body = formUpdate(form, 6, { open: true });
    expect(body).toMatchObject({
      title: "Book a demo",
      description: "Tell us when",
      submitLabelText: "Send",
      submitButtonColorCode: "#112233",
      thankYouPageTitle: "Thanks",
      open: true,
      acceptingResponse: true,
      accessibility: "login",
      visibility: "groups",
      groupIds: ["6a1c2d3e-0000-4000-8000-0000000000b1"],
      allowedSites: ["https://partner.example"],
      autoMerge: true,
      version: 6,
    });
    expect(formUpdate(form, 7, { acceptingResponse: false })).toMatchObject({ open: false, acceptingResponse: false });
  });

  it("keeps each block's id, a mapped question without options and an unmapped one with its own", () => {
    const { blocks } = formUpdate(form, 7);
    expect(blocks).toEqual([
      { id: form.blocks[0].id, type: "TITLE", heading: "You", paragraph: "First" },
      {
        id: form.blocks[1].id,
        type: "QUESTION",
        label: "E-mail",
        helpText: "",
        required: true,
        mergeWith: { entity: "contact", field: "email" },
        fieldType: "Text",
        options: [],
      },
      {
        id: form.blocks[2].id,
        type: "QUESTION",
        label: "Size",
        helpText: "People",
        required: false,
        mergeWith: null,
        fieldType: "List",
        options: ["Small", "Large"],
      },
    ]);
  });

  it("is what the API's update schema takes, unchanged by its parse", () => {
    const body = formUpdate(form, 7, { open: true });
    const parsed = formUpdateSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(body);
  });
});
