import { describe, expect, it } from "vitest";
import { fieldOf } from "../../tests/support/fields.ts";
import { inEnglish } from "../../tests/support/messages.ts";
import { type FieldDefinition, validateValues } from "../contract/fields.ts";
import { cellTexts, fromCell, toCell } from "./cells.ts";

function field(type: FieldDefinition["type"], settings: FieldDefinition["settings"] = {}): FieldDefinition {
  return fieldOf(type, { key: "f", labelEn: "F", labelNb: "F", settings });
}

const options = [
  { value: "construction", labelEn: "Construction", labelNb: "Bygg og anlegg" },
  { value: "it", labelEn: "Information technology", labelNb: "IT og teknologi" },
];

describe("fromCell", () => {
  it("reads numbers from number cells and from text with a decimal comma and spaces", () => {
    expect(fromCell(field("Number"), 12.5, "en")).toEqual({ value: 12.5 });
    expect(fromCell(field("Number"), "1 234,5", "nb")).toEqual({ value: "1234.5" });
    expect(fromCell(field("Number"), "", "en")).toEqual({ value: null });
    // Text that is no number goes on to validation, which answers as the record API does.
    const reading = fromCell(field("Number"), "many", "en") as { value: unknown };
    expect(
      inEnglish(validateValues([field("Number")], { f: reading.value }, { partial: true }).errors[0].defaultMessage),
    ).toBe("Required");
  });

  it("reads percentages as fractions: xlsx numbers are fractions, text is percent", () => {
    expect(fromCell(field("Percent"), 0.25, "en")).toEqual({ value: 0.25 });
    expect(fromCell(field("Percent"), "25%", "en")).toEqual({ value: 0.25 });
    expect(fromCell(field("Percent"), "25 %", "en")).toEqual({ value: 0.25 });
    expect(fromCell(field("Percent"), "12,5", "nb")).toEqual({ value: 0.125 });
    expect(fromCell(field("Percent"), "lots", "en")).toEqual({ value: "lots" });
  });

  it("reads dates from date cells, Excel serial numbers, ISO and Norwegian text", () => {
    expect(fromCell(field("Date"), new Date("2024-03-05T00:00:00Z"), "en")).toEqual({ value: "2024-03-05" });
    expect(fromCell(field("Date"), 45356, "en")).toEqual({ value: "2024-03-05" });
    expect(fromCell(field("Date"), "2024-03-05", "en")).toEqual({ value: "2024-03-05" });
    expect(fromCell(field("Date"), "5.3.2024", "nb")).toEqual({ value: "2024-03-05" });
    expect(fromCell(field("Date"), "31.02.2024", "nb")).toEqual({ error: cellTexts.invalidDate });
    expect(fromCell(field("Date"), "soon", "en")).toEqual({ error: cellTexts.invalidDate });
    expect(fromCell(field("DateTime"), "2024-03-05T10:30:00Z", "en")).toEqual({ value: "2024-03-05T10:30:00.000Z" });
    expect(fromCell(field("DateTime"), "05.03.2024 10:30", "nb")).toEqual({ value: "2024-03-05T10:30:00.000Z" });
  });

  it("reads booleans from boolean cells and words in either language", () => {
    expect(fromCell(field("Bool"), true, "en")).toEqual({ value: true });
    for (const word of ["true", "Yes", "ja", "1"]) expect(fromCell(field("Bool"), word, "en")).toEqual({ value: true });
    for (const word of ["FALSE", "no", "Nei", "0"])
      expect(fromCell(field("Bool"), word, "en")).toEqual({ value: false });
    expect(fromCell(field("Bool"), "maybe", "en")).toEqual({ error: cellTexts.invalidBool });
  });

  it("reads options by label in either language or by value, without regard to case", () => {
    const list = field("List", { options });
    expect(fromCell(list, "construction", "en")).toEqual({ value: "construction" });
    expect(fromCell(list, "bygg OG anlegg", "en")).toEqual({ value: "construction" });
    expect(fromCell(list, " Information Technology ", "nb")).toEqual({ value: "it" });
    const unknown = fromCell(list, "Farming", "en") as { value: unknown };
    expect(inEnglish(validateValues([list], { f: unknown.value }, { partial: true }).errors[0].defaultMessage)).toBe(
      "Must be one of the options",
    );
    const multi = field("MultiSelect", { options });
    expect(fromCell(multi, "Construction, IT og teknologi", "en")).toEqual({ value: ["construction", "it"] });
    // A label that holds a comma is read whole, wherever it stands; unknown items are passed on for validation.
    const commas = field("MultiSelect", {
      options: [...options, { value: "fair", labelEn: "Fair, trade", labelNb: "Messe, handel" }],
    });
    expect(fromCell(commas, "Construction, Fair, trade; it", "en")).toEqual({ value: ["construction", "fair", "it"] });
    expect(fromCell(commas, "messe, handel", "en")).toEqual({ value: ["fair"] });
    expect(fromCell(commas, "Trade, nope,", "en")).toEqual({ value: ["Trade", "nope"] });
  });

  it("round-trips what toCell writes", () => {
    const cases: [FieldDefinition, unknown][] = [
      [field("Number"), 42.5],
      [field("Percent"), 0.07],
      [field("Date"), "2024-12-31"],
      [field("Bool"), true],
      [field("List", { options }), "it"],
      [field("MultiSelect", { options }), ["construction", "it"]],
      [field("Text"), "Hello"],
    ];
    for (const format of ["xlsx", "csv"] as const) {
      for (const [f, value] of cases) {
        const reading = fromCell(f, toCell(f, value, "nb", format), "nb") as { value: unknown };
        const { values } = validateValues([f], { f: reading.value }, { partial: true });
        expect(values.f, `${f.type} ${format}`).toEqual(value);
      }
    }
  });
});
