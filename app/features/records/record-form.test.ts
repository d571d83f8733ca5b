import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { FieldDefinition, FieldType } from "../../../server/contract/fields.ts";
import type { EntityInfo } from "../../../server/contract/records.ts";
import { standardEntities } from "../../../server/records/standard-entities.ts";
import { fieldOf } from "../../../tests/support/fields.ts";
import { inEnglish } from "../../../tests/support/messages.ts";
import { formDefaults, recordSchema } from "./record-form.ts";

const field = (key: string, type: FieldType, overrides: Partial<FieldDefinition> = {}) =>
  fieldOf(type, { key, labelEn: key, labelNb: key, ...overrides });

const options = [
  { value: "hot", labelEn: "Hot", labelNb: "Varm" },
  { value: "cold", labelEn: "Cold", labelNb: "Kald" },
];
const fields = [
  field("name", "Text", { required: true }),
  field("share", "Percent"),
  field("active", "Bool"),
  field("tags", "MultiSelect", { settings: { options } }),
  field("meeting", "DateTime"),
  field("website", "Url"),
  field("shoe_size", "Number", { customField: true, required: true }),
];
const schema = recordSchema(fields, "Europe/Oslo", false);

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the record form's schema", () => {
  it("gives the browser the fields' constraints", () => {
    const constraint = getZodConstraint(schema.in);
    expect(constraint.name).toMatchObject({ required: true, maxLength: 255 });
    expect(constraint.website).toMatchObject({ required: false, maxLength: 1000 });
    expect(constraint["customFields.shoe_size"]).toMatchObject({ required: true });
  });

  it("reads what a form posts into the values the API takes", () => {
    const submission = parseWithZod(
      form([
        ["name", " Fjord AS "],
        ["share", "25"],
        ["active", "on"],
        ["tags", "hot"],
        ["tags", "cold"],
        ["meeting", "2026-11-23T14:05"],
        ["customFields.shoe_size", "42"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      statusId: undefined,
      values: {
        name: "Fjord AS",
        share: 0.25,
        active: true,
        tags: ["hot", "cold"],
        meeting: "2026-11-23T13:05:00.000Z",
        website: null,
        shoe_size: 42,
      },
      extra: {},
    });
  });

  it("reports the spec's messages on the form's field names, custom fields under customFields", () => {
    const submission = parseWithZod(
      form([
        ["share", "a lot"],
        ["website", "not a url"],
        ["customFields.shoe_size", "big"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("error");
    expect(inEnglish(submission.reply().error)).toEqual({
      name: ["Required"],
      share: ["Must be a number"],
      website: ["Must be a valid URL"],
      "customFields.shoe_size": ["Required"],
    });
  });

  it("shows stored values as the inputs take them", () => {
    const info = { fields } as EntityInfo;
    const record = {
      values: {
        name: "Fjord AS",
        share: 0.25,
        active: true,
        tags: ["hot"],
        meeting: "2026-11-23T13:05:00.000Z",
        shoe_size: 42,
      },
    } as never;
    expect(formDefaults(info, record, "s1", "Europe/Oslo")).toEqual({
      statusId: "s1",
      name: "Fjord AS",
      share: "25",
      active: "on",
      tags: ["hot"],
      meeting: "2026-11-23T14:05",
      website: undefined,
      customFields: { shoe_size: "42" },
    });
  });
});

describe("the company form", () => {
  const companyFields = standardEntities.find((entity) => entity.tableKey === "company")!.fields;
  const companySchema = recordSchema(companyFields, "Europe/Oslo", false);
  const errorsFor = (entries: [string, string][]) => {
    const submission = parseWithZod(form([["name", "Fjord AS"], ...entries]), { schema: companySchema });
    return submission.status === "success" ? undefined : submission.error;
  };

  it("keeps the employees from going below zero and the discount within 0 to 100 %, as the API does", () => {
    expect(inEnglish(errorsFor([["employees", "-5"]]))).toEqual({ employees: ["Must be at least 0"] });
    expect(inEnglish(errorsFor([["discount", "500"]]))).toEqual({ discount: ["Must be at most 100 %"] });
    expect(inEnglish(errorsFor([["discount", "-1"]]))).toEqual({ discount: ["Must be at least 0 %"] });
    expect(
      errorsFor([
        ["employees", "0"],
        ["discount", "100"],
      ]),
    ).toBeUndefined();
  });
});
