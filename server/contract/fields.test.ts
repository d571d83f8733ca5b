import { describe, expect, it } from "vitest";
import { fieldOf } from "../../tests/support/fields.ts";
import { inEnglish } from "../../tests/support/messages.ts";
import {
  displayPercent,
  type FieldDefinition,
  fieldDefinitionSchema,
  fieldFormSchema,
  formatMultiSelect,
  messages,
  NUMBER_MAX,
  parseMultiSelect,
  percentToFraction,
  TEXT_MAX,
  URL_MAX,
  validateValues,
} from "./fields.ts";

const field = fieldOf;

const options = [
  { value: "hot", labelEn: "Hot", labelNb: "Varm" },
  { value: "cold", labelEn: "Cold", labelNb: "Kald" },
];

/** Validates one value of one field and returns what came out for it. */
function check(definition: FieldDefinition, value: unknown, today = "2026-06-15") {
  const result = validateValues([definition], { [definition.key]: value }, { partial: false, today });
  return { value: result.values[definition.key], error: inEnglish(result.errors[0]?.defaultMessage) };
}

describe("product texts", () => {
  it("match the specification character for character", () => {
    expect(inEnglish(messages)).toEqual({
      required: "Required",
      max255: "Max 255 limit",
      max1000: "Max 1000 limit",
      invalidUrl: "Must be a valid URL",
      invalidEmail: "Must be an email",
      maxNumber: "Max limit 9,999,999,999",
      notANumber: "Must be a number",
      pastDate: "Must be a past date",
      notAnOption: "Must be one of the options",
      contactRequired: "An inquiry or to-do selection requires a contact as well.",
      pageRange: "Page number must be from 1 to the last page.",
    });
    expect([TEXT_MAX, URL_MAX, NUMBER_MAX]).toEqual([255, 1000, 9_999_999_999]);
  });
});

describe("fieldDefinitionSchema", () => {
  it("accepts a definition and rejects an unknown type", () => {
    const definition = field("List", { settings: { options, maxLength: 10, pastOnly: false } });
    expect(fieldDefinitionSchema.parse(definition)).toEqual(definition);
    expect(fieldDefinitionSchema.safeParse({ ...definition, type: "Color" }).success).toBe(false);
    expect(fieldDefinitionSchema.safeParse({ ...definition, settings: { maxLength: 1.5 } }).success).toBe(false);
  });
});

describe("validateValues", () => {
  const name = field("Text", { key: "name", required: true });
  const city = field("Text", { key: "city" });

  it("treats a missing key as empty on a full update", () => {
    const result = validateValues([name, city], {}, { partial: false });
    expect(result.values).toEqual({ city: null });
    expect(inEnglish(result.errors)).toEqual([{ field: "name", defaultMessage: "Required", objectName: "record" }]);
  });

  it("only processes the keys present on a partial update", () => {
    expect(validateValues([name, city], { city: " Oslo " }, { partial: true })).toEqual({
      values: { city: "Oslo" },
      errors: [],
    });
    expect(validateValues([name, city], { name: "" }, { partial: true }).errors).toHaveLength(1);
  });

  it("ignores inactive fields and unknown keys", () => {
    const archived = field("Text", { key: "archived", required: true, active: false });
    const result = validateValues([archived, city], { archived: "x", city: "Bergen", other: 1 }, { partial: false });
    expect(result).toEqual({ values: { city: "Bergen" }, errors: [] });
  });

  it("prefixes custom fields with customFields.", () => {
    const custom = field("Text", { key: "shoeSize", customField: true, required: true });
    expect(inEnglish(validateValues([custom], {}, { partial: false }).errors)).toEqual([
      { field: "customFields.shoeSize", defaultMessage: "Required", objectName: "record" },
    ]);
  });

  it("leaves a field with an error out of values", () => {
    expect(validateValues([name], { name: " " }, { partial: false }).values).toEqual({});
  });

  it("counts null, undefined, blank text and an empty array as empty", () => {
    for (const empty of [null, undefined, "", "   "]) {
      expect(check(field("Text", { required: true }), empty)).toEqual({ value: undefined, error: "Required" });
      expect(check(field("Text"), empty)).toEqual({ value: null, error: undefined });
    }
    expect(check(field("MultiSelect", { required: true }), []).error).toBe("Required");
  });
});

describe("Text and Phone", () => {
  it("trims, converts numbers and limits to 255 characters", () => {
    expect(check(field("Text"), "  Acme  ").value).toBe("Acme");
    expect(check(field("Phone"), 4712345678).value).toBe("4712345678");
    expect(check(field("Text"), "a".repeat(255)).value).toBe("a".repeat(255));
    expect(check(field("Text"), "a".repeat(256)).error).toBe("Max 255 limit");
    expect(check(field("Phone"), "1".repeat(256)).error).toBe("Max 255 limit");
  });

  it("uses the field's own maximum length", () => {
    expect(check(field("Text", { settings: { maxLength: 5 } }), "abcdef").error).toBe("Max 5 limit");
  });

  it("rejects values that are not text", () => {
    expect(check(field("Text"), { name: "x" }).error).toBe("Required");
  });
});

describe("LongText", () => {
  it("has no length limit", () => {
    expect(check(field("LongText"), ` ${"a".repeat(5000)} `).value).toBe("a".repeat(5000));
    expect(check(field("LongText"), "").value).toBeNull();
  });

  it("stores and counts a browser's CR LF line breaks as LF, in the form as in the API", () => {
    const limited = { ...field("LongText"), settings: { maxLength: 5 } };
    expect(check(limited, "ab\r\ncd")).toEqual({ value: "ab\ncd", error: undefined });
    const form = fieldFormSchema(limited).safeParse("ab\r\ncd");
    expect(form.success && form.data).toBe("ab\ncd");
    expect(fieldFormSchema(limited).safeParse("ab\r\ncde\r\n").success).toBe(false);
  });
});

describe("Email", () => {
  it("keeps a valid address as typed", () => {
    expect(check(field("Email"), " Ola.Nordmann@Example.no ").value).toBe("Ola.Nordmann@Example.no");
  });

  it("rejects malformed and overlong addresses", () => {
    for (const bad of ["ola", "ola@example", "ola @example.no", "@example.no"]) {
      expect(check(field("Email"), bad).error).toBe("Must be an email");
    }
    expect(check(field("Email"), `${"a".repeat(250)}@example.no`).error).toBe("Max 255 limit");
  });
});

describe("Url", () => {
  it("accepts http(s) and localhost addresses", () => {
    expect(check(field("Url"), "https://example.com/path?q=1").value).toBe("https://example.com/path?q=1");
    expect(check(field("Url"), "http://localhost:3000").value).toBe("http://localhost:3000");
  });

  it("adds https:// to an address without a scheme", () => {
    expect(check(field("Url"), " www.example.com ").value).toBe("https://www.example.com");
  });

  it("rejects other schemes, hosts without a dot and spaces", () => {
    for (const bad of ["ftp://example.com", "https://intranet", "example", "mailto:me@example.com", "exa mple.com"]) {
      expect(check(field("Url"), bad).error).toBe("Must be a valid URL");
    }
  });

  it("limits to 1000 characters", () => {
    const long = `https://example.com/${"a".repeat(URL_MAX)}`;
    expect(check(field("Url"), long).error).toBe("Max 1000 limit");
  });
});

describe("Number", () => {
  it("accepts numbers and numeric strings", () => {
    expect(check(field("Number"), 12).value).toBe(12);
    expect(check(field("Number"), "12").value).toBe(12);
    expect(check(field("Number"), "-3.5").value).toBe(-3.5);
    expect(check(field("Number"), "1 000").value).toBe(1000);
    expect(check(field("Number"), "").value).toBeNull();
  });

  it('answers a non-numeric value with "Required", as the specification does', () => {
    expect(check(field("Number"), "abc").error).toBe("Required");
    expect(check(field("Number"), "1,5").error).toBe("Required");
  });

  it("limits the absolute value to 9,999,999,999", () => {
    expect(check(field("Number"), NUMBER_MAX).value).toBe(NUMBER_MAX);
    expect(check(field("Number"), "10000000000").error).toBe("Max limit 9,999,999,999");
    expect(check(field("Number"), -10_000_000_000).error).toBe("Max limit 9,999,999,999");
  });
});

describe("Percent", () => {
  it("stores the fraction it is given", () => {
    expect(check(field("Percent"), 0.25).value).toBe(0.25);
    expect(check(field("Percent"), "0.125").value).toBe(0.125);
    expect(check(field("Percent"), null).value).toBeNull();
  });

  it("rejects values that are not numbers", () => {
    expect(check(field("Percent"), "25%").error).toBe("Must be a number");
  });

  it("converts between fractions and the percentages people type", () => {
    expect(displayPercent(0.25)).toBe("25");
    expect(displayPercent(0.125)).toBe("12.5");
    expect(displayPercent(0.07)).toBe("7");
    expect(displayPercent(null)).toBe("");
    expect(percentToFraction("25")).toBe(0.25);
    expect(percentToFraction("33.3")).toBe(0.333);
    expect(percentToFraction("")).toBeNull();
    expect(percentToFraction("abc")).toBeNaN();
  });
});

describe("Date", () => {
  it("stores YYYY-MM-DD, also from a date-time", () => {
    expect(check(field("Date"), "2026-03-05").value).toBe("2026-03-05");
    expect(check(field("Date"), "2026-03-05T23:30:00+01:00").value).toBe("2026-03-05");
  });

  it("turns invalid and impossible dates into empty ones", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "05.03.2026", "soon", 20260305]) {
      expect(check(field("Date"), bad)).toEqual({ value: null, error: undefined });
    }
    expect(check(field("Date", { required: true }), "2026-02-30").error).toBe("Required");
  });

  it("requires a date before today when the field is past-only", () => {
    const birthDate = field("Date", { settings: { pastOnly: true } });
    expect(check(birthDate, "2026-06-14").value).toBe("2026-06-14");
    expect(check(birthDate, "2026-06-15").error).toBe("Must be a past date");
    expect(check(birthDate, "2030-01-01").error).toBe("Must be a past date");
  });
});

describe("DateTime", () => {
  it("stores an ISO string", () => {
    expect(check(field("DateTime"), "2026-03-05T10:00:00+01:00").value).toBe("2026-03-05T09:00:00.000Z");
    expect(check(field("DateTime"), new Date(Date.UTC(2026, 2, 5, 9))).value).toBe("2026-03-05T09:00:00.000Z");
  });

  it("reads a time without a zone as UTC", () => {
    expect(check(field("DateTime"), "2026-03-05T10:00").value).toBe("2026-03-05T10:00:00.000Z");
  });

  it("turns invalid values into empty ones", () => {
    for (const bad of ["2026-02-30T10:00:00Z", "2026-03-05T25:00Z", "tomorrow", new Date("x")]) {
      expect(check(field("DateTime"), bad)).toEqual({ value: null, error: undefined });
    }
    expect(check(field("DateTime", { required: true }), "tomorrow").error).toBe("Required");
  });
});

describe("List", () => {
  const list = field("List", { settings: { options } });

  it("accepts only the defined options", () => {
    expect(check(list, " hot ").value).toBe("hot");
    expect(check(list, "warm").error).toBe("Must be one of the options");
    expect(check(list, "").value).toBeNull();
    expect(check(field("List"), "anything").value).toBe("anything");
  });
});

describe("MultiSelect", () => {
  const multi = field("MultiSelect", { settings: { options } });

  it("reads arrays, the [a, b] wire format and plain comma-separated text", () => {
    expect(parseMultiSelect(["hot", " cold "])).toEqual(["hot", "cold"]);
    expect(parseMultiSelect("[hot, cold]")).toEqual(["hot", "cold"]);
    expect(parseMultiSelect("hot, ,cold, hot")).toEqual(["hot", "cold"]);
    expect(parseMultiSelect("[]")).toEqual([]);
    expect(parseMultiSelect("")).toEqual([]);
    expect(parseMultiSelect(null)).toEqual([]);
    expect(parseMultiSelect(undefined)).toEqual([]);
  });

  it("writes the wire format", () => {
    expect(formatMultiSelect(["hot", "cold"])).toBe("[hot, cold]");
    expect(formatMultiSelect([])).toBe("[]");
  });

  it("stores an array of options, and null when empty", () => {
    expect(check(multi, "[hot, cold]").value).toEqual(["hot", "cold"]);
    expect(check(multi, "[]").value).toBeNull();
    expect(check(multi, ["hot", "warm"]).error).toBe("Must be one of the options");
    expect(check(field("MultiSelect", { required: true }), "[]").error).toBe("Required");
  });
});

describe("Bool", () => {
  it("reads the usual spellings and never reports an error", () => {
    const values = [true, false, "true", "false", "on", "1", "0", "", "maybe"];
    expect(values.map((value) => check(field("Bool"), value))).toEqual(
      [true, false, true, false, true, true, false, null, null].map((value) => ({ value, error: undefined })),
    );
  });

  it("is required only when empty", () => {
    expect(check(field("Bool", { required: true }), false).value).toBe(false);
    expect(check(field("Bool", { required: true }), null).error).toBe("Required");
  });
});

describe("values by a field key that an object's prototype has", () => {
  it("reads only what the input sets, and keeps the values free of Object.prototype's members", () => {
    const fields = ["constructor", "tostring", "valueOf", "__proto__"].map((key) =>
      fieldOf("Text", { key, customField: true }),
    );
    const { values, errors } = validateValues(fields, {}, { partial: false });
    expect(errors).toEqual([]);
    expect(Object.keys(values)).toEqual(["constructor", "tostring", "valueOf", "__proto__"]);
    for (const field of fields) expect(values[field.key], field.key).toBeNull();
    const given = validateValues(fields, JSON.parse('{"constructor":"Ada","__proto__":"Bo"}'), { partial: true });
    expect(given.errors).toEqual([]);
    expect(Object.entries(given.values)).toEqual([
      ["constructor", "Ada"],
      ["__proto__", "Bo"],
    ]);
    // A value never set is not found on the object's prototype.
    expect(given.values.valueOf).toBeUndefined();
  });
});

describe("text PostgreSQL cannot store", () => {
  it("is refused with its own message in any field, an import's cell or a form's input alike", () => {
    expect(check(field("Text"), "a\u0000b").error).toBe("Must not contain a null character");
    expect(check(field("LongText"), "a\ud800b").error).toBe("Must not contain an unpaired surrogate character");
    expect(check(field("Url"), "example.com/\udc00").error).toBe("Must not contain an unpaired surrogate character");
    expect(check(field("MultiSelect", { settings: { options } }), ["hot", "c\u0000ld"]).error).toBe(
      "Must not contain a null character",
    );
    expect(check(field("Text"), "Zz 😀").value).toBe("Zz 😀");
    const form = fieldFormSchema(field("Text")).safeParse("x\u0000");
    expect(inEnglish(form.success ? undefined : form.error.issues[0].message)).toBe(
      "Must not contain a null character",
    );
  });
});
