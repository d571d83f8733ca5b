import { describe, expect, it } from "vitest";
import { fieldRuleTexts } from "../../../../server/contract/custom-fields.ts";
import { fieldSettingOf } from "../../../../tests/support/field-settings.ts";
import { inEnglish } from "../../../../tests/support/messages.ts";
import settingsEn from "../../../locales/settings.en.ts";
import settingsNb from "../../../locales/settings.nb.ts";
import { settingsMessageKey } from "../settings-messages.ts";
import { fieldFormDefaults, parseFieldForm } from "./custom-field-form.ts";

/** The parsed values, or the errors, whichever the submission has. */
function parsedValue(submission: ReturnType<typeof parseFieldForm>) {
  return submission.status === "success" ? submission.value : undefined;
}
function errorsOf(submission: ReturnType<typeof parseFieldForm>) {
  return submission.status === "success" ? undefined : inEnglish(submission.error);
}

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const base: [string, string][] = [
  ["key", "Shoe size (EU)!"],
  ["labelEn", "Shoe size"],
  ["labelNb", "Skostørrelse"],
  ["type", "Number"],
];

describe("the custom field form", () => {
  it("reads an unchecked box as false, Active too, and normalises the key", () => {
    const submission = parseFieldForm(form([...base, ["favorite", "on"], ["minValue", "30"], ["maxValue", ""]]));
    expect(submission.status).toBe("success");
    expect(parsedValue(submission)).toMatchObject({
      key: "shoe_size_eu",
      active: false,
      required: false,
      favorite: true,
      minValue: 30,
      options: [],
    });
    expect(parsedValue(submission)?.maxValue).toBeUndefined();
    expect(parsedValue(parseFieldForm(form([...base, ["active", "on"]])))?.active).toBe(true);
  });

  it("says Required for empty controls and uses the contract's rules", () => {
    const submission = parseFieldForm(
      form([
        ["key", ""],
        ["labelEn", ""],
        ["labelNb", "Nivå"],
        ["type", "List"],
        ["minValue", "abc"],
      ]),
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toMatchObject({
      key: ["Required"],
      labelEn: ["Required"],
      minValue: ["Must be a number"],
    });
    // The rules across controls are checked once each control is right.
    const noOptions = parseFieldForm(form([...base.slice(0, 3), ["type", "List"]]));
    expect(errorsOf(noOptions)).toEqual({ options: ["Add at least one option"] });
  });

  it("adds and removes option rows as Conform intents, which work without JavaScript", () => {
    const rows: [string, string][] = [
      ...base.slice(0, 3),
      ["type", "List"],
      ["options[0].value", "gold"],
      ["options[0].labelEn", "Gold"],
      ["options[0].labelNb", "Gull"],
    ];
    const insert = { type: "insert", payload: { name: "options", defaultValue: { labelEn: "", labelNb: "" } } };
    const added = parseFieldForm(form([...rows, ["__intent__", JSON.stringify(insert)]])).reply();
    expect(added.initialValue?.options).toHaveLength(2);
    const remove = { type: "remove", payload: { name: "options", index: 0 } };
    const removed = parseFieldForm(form([...rows, ["__intent__", JSON.stringify(remove)]])).reply();
    expect(removed.initialValue?.options ?? []).toEqual([]);
  });

  it("starts a field as it is, a percentage's limits and default as percentages", () => {
    const field = fieldSettingOf();
    expect(fieldFormDefaults("Percent", field, "Europe/Oslo")).toMatchObject({
      active: true,
      favorite: true,
      minValue: "7",
      maxValue: "50",
      defaultValue: "25",
    });
    expect(fieldFormDefaults("List", undefined, "Europe/Oslo")).toMatchObject({
      type: "List",
      active: true,
      options: [{ labelEn: "", labelNb: "" }],
    });
  });

  it("refuses keys that PostgreSQL's system columns, JavaScript's objects or the record's own keys have, in both languages", () => {
    const withKey = (key: string) => form([...base.filter(([name]) => name !== "key"), ["key", key]]);
    for (const key of ["constructor", "__proto__", "prototype", "toString", "hasOwnProperty", "xmin", "ctid", "oid"]) {
      const errors = errorsOf(parseFieldForm(withKey(key)));
      expect(errors?.key, key).toContain("This key is reserved: choose another");
    }
    for (const key of ["tableoid", "cmin", "cmax", "xmax", "valueof", "uuid", "status_id", "values"]) {
      expect(errorsOf(parseFieldForm(withKey(key)))?.key, key).toEqual(["This key is reserved: choose another"]);
    }
    expect(errorsOf(parseFieldForm(withKey("constructor_year")))).toBeUndefined();
    const found = settingsMessageKey(fieldRuleTexts.keyReserved);
    expect(found).toEqual({ key: "settings.rules.keyReserved" });
    expect(settingsEn.settings.rules.keyReserved).toBe("This key is reserved: choose another");
    expect(settingsNb.settings.rules.keyReserved).toBe("Denne nøkkelen er reservert: velg en annen");
  });

  it("reads a value's limits with a decimal comma in Norwegian, and shows them so", () => {
    const limits = form([...base, ["minValue", "0,5"], ["maxValue", "1 000,25"]]);
    expect(parsedValue(parseFieldForm(limits, "nb"))).toMatchObject({ minValue: 0.5, maxValue: 1000.25 });
    expect(errorsOf(parseFieldForm(limits, "en"))?.minValue).toEqual(["Must be a number"]);
    const percent = fieldSettingOf({
      id: "00000000-0000-4000-8000-000000000002",
      key: "rate",
      labelEn: "Rate",
      labelNb: "Sats",
      favorite: false,
      position: 2,
      minValue: 0.125,
      maxValue: null,
      defaultValue: 0.075,
    });
    expect(fieldFormDefaults("Percent", percent, "Europe/Oslo", "nb")).toMatchObject({
      minValue: "12,5",
      defaultValue: "7,5",
    });
  });
});
