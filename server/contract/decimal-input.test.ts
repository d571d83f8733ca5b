import { describe, expect, it } from "vitest";
import { inEnglish } from "../../tests/support/messages.ts";
import { decimalInput, decimalText } from "./decimal-input.ts";
import { type FieldDefinition, fieldFormSchema } from "./fields.ts";

const field = (type: "Number" | "Percent"): FieldDefinition => ({
  key: "amount",
  labelEn: "Amount",
  labelNb: "Beløp",
  type,
  required: false,
  customField: true,
  builtIn: false,
  active: true,
  unique: false,
  partOfName: false,
  searchable: false,
  favorite: false,
  settings: {},
});

describe("a number typed in a form", () => {
  it("reads Norwegian's decimal comma and grouped thousands, and leaves English as it is", () => {
    expect(decimalText("12,5", "nb")).toBe("12.5");
    expect(decimalText(" 1 000 000,25 ", "nb")).toBe("1000000.25");
    expect(decimalText("1\u00a0234,5", "nb")).toBe("1234.5");
    expect(decimalText("−3,5", "nb")).toBe("-3.5");
    expect(decimalText("12.5", "nb")).toBe("12.5");
    expect(decimalText("tolv", "nb")).toBe("tolv");
    expect(decimalText("1,000", "en")).toBe("1,000");
    expect(decimalInput(12.5, "nb")).toBe("12,5");
    expect(decimalInput(12.5, "en")).toBe("12.5");
  });

  it('is what "12,5 %" reads: the schema of a Norwegian form takes it, as the API stores it', () => {
    expect(fieldFormSchema(field("Percent"), { language: "nb" }).parse("12,5")).toBe(0.125);
    expect(fieldFormSchema(field("Number"), { language: "nb" }).parse("1 234,5")).toBe(1234.5);
    // English keeps its comma a thousands separator, which a number field refuses as before.
    expect(fieldFormSchema(field("Number"), { language: "en" }).safeParse("12,5").success).toBe(false);
    expect(
      inEnglish(fieldFormSchema(field("Number"), { language: "nb" }).safeParse("tolv").error?.issues[0]?.message),
    ).toBe("Required");
  });
});
