import { describe, expect, it } from "vitest";
import type { FieldType } from "../../server/contract/fields.ts";
import { displayPercent as contractDisplayPercent } from "../../server/contract/fields.ts";
import { fieldOf } from "../../tests/support/fields.ts";
import { displayPercent, excerpt, valueHref, valueText } from "./value-text.ts";

const field = (type: FieldType) =>
  fieldOf(type, { settings: { options: [{ value: "hot", labelEn: "Hot", labelNb: "Varm" }] } });

const en = { language: "en", timeZone: "Europe/Oslo", yes: "Yes", no: "No" } as const;
const nb = { language: "nb", timeZone: "Europe/Oslo", yes: "Ja", no: "Nei" } as const;

describe("displayPercent", () => {
  it("shows a fraction exactly as the contract does", () => {
    for (const value of [null, 0, 0.07, 0.25, 1, 1.5, -0.125, 0.123456789, 1e-12, Number.NaN, Infinity]) {
      expect(displayPercent(value)).toBe(contractDisplayPercent(value));
    }
  });
});

describe("values as the screens show them", () => {
  it("in both languages and the user's time zone", () => {
    expect(valueText(field("Date"), "2026-03-05", en)).toBe("March 05, 2026");
    expect(valueText(field("Date"), "2026-03-05", nb)).toBe("5. mars 2026");
    expect(valueText(field("DateTime"), "2026-03-05T13:30:00Z", en)).toBe("March 05, 2026 02:30 PM");
    expect(valueText(field("DateTime"), "2026-03-05T13:30:00Z", nb)).toBe("5. mars 2026 14:30");
    expect(valueText(field("Percent"), 0.25, en)).toBe("25 %");
    expect(valueText(field("Percent"), 0.125, en)).toBe("12.5 %");
    expect(valueText(field("Percent"), 0.125, nb)).toBe("12,5 %");
    expect(valueText(field("Bool"), false, nb)).toBe("Nei");
    expect(valueText(field("List"), "hot", nb)).toBe("Varm");
    expect(valueText(field("MultiSelect"), ["hot", "cold"], en)).toBe("Hot, cold");
    expect(valueText(field("Number"), 1234567, en)).toBe("1,234,567");
    expect(valueText(field("Number"), 1234567, nb)).toBe("1\u00a0234\u00a0567");
    expect(valueText(field("Text"), null, en)).toBe("");
    const size = { ...field("Number"), settings: { bytes: true } };
    expect(valueText(size, 532, en)).toBe("532 B");
    expect(valueText(size, 1_400_000, en)).toBe("1.4 MB");
    expect(valueText(size, 1_400_000, nb)).toBe("1,4 MB");
    expect(valueText(size, 2_000_000_000, en)).toBe("2 GB");
  });

  it("cut a long text to a line for a list's row", () => {
    expect(excerpt("Short\n  text")).toBe("Short text");
    const long = "word ".repeat(60);
    expect(excerpt(long)).toHaveLength(140);
    expect(excerpt(long).endsWith("…")).toBe(true);
  });

  it("link email addresses, phone numbers and websites", () => {
    expect(valueHref(field("Email"), "post@fjord.no")).toBe("mailto:post@fjord.no");
    expect(valueHref(field("Phone"), "+47 22 33 44 55")).toBe("tel:+4722334455");
    expect(valueHref(field("Url"), "https://fjord.no")).toBe("https://fjord.no");
    expect(valueHref(field("Url"), "javascript:alert(1)")).toBeUndefined();
    expect(valueHref(field("Text"), "post@fjord.no")).toBeUndefined();
  });
});
