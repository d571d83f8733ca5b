import { parseWithZod } from "@conform-to/zod/v4";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { FormBlock } from "../../../server/contract/forms.ts";
import en from "../../locales/en.ts";
import nb from "../../locales/nb.ts";
import { messageIn } from "../../utils/message-text.ts";
import { answerField, publicFormSchema } from "./public-form-schema.ts";

const norwegian = createInstance();
await norwegian.init({ lng: "nb", resources: { nb: { translation: nb } }, interpolation: { escapeValue: false } });
const english = createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

const question = (id: string, inputType: string, extra: object = {}) =>
  ({
    id,
    type: "QUESTION",
    label: id,
    helpText: "",
    required: false,
    mergeWith: null,
    fieldType: inputType,
    inputType,
    options: [],
    maxLength: null,
    ...extra,
  }) as FormBlock;

const option = (value: string) => ({ value, labelEn: value, labelNb: `${value} (nb)` });

const blocks: FormBlock[] = [
  { id: "t1", type: "TITLE", heading: "About you", paragraph: "" },
  question("name", "Text", { required: true, maxLength: 10 }),
  question("email", "Email", { maxLength: 255 }),
  question("age", "Number"),
  question("size", "List", { options: [option("Small"), option("Large")] }),
  question("extras", "MultiSelect", { options: [option("A"), option("B")] }),
  question("agree", "Bool"),
  question("born", "Date"),
];

function parse(entries: [string, string][], language: "en" | "nb" = "en") {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseWithZod(formData, { schema: publicFormSchema(blocks, language) });
}

/** Each field's first error, in English and in Norwegian. */
function errorsOf(submission: ReturnType<typeof parse>) {
  const errors = submission.status === "error" ? (submission.error ?? {}) : {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      [messageIn(english, messages?.[0] ?? ""), messageIn(norwegian, messages?.[0] ?? "")],
    ]),
  );
}

describe("the public form's schema", () => {
  it("takes good answers and gives the API's body: answers by block id, the token and the honeypot", () => {
    const submission = parse([
      ["name", " Ada "],
      ["email", "ada@example.com"],
      ["age", "42"],
      ["size", "Large"],
      ["extras", "A"],
      ["extras", "B"],
      ["agree", "on"],
      ["born", "1990-05-17"],
      ["token", "abc"],
    ]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      answers: {
        name: "Ada",
        email: "ada@example.com",
        age: 42,
        size: "Large",
        extras: ["A", "B"],
        agree: true,
        born: "1990-05-17",
      },
      token: "abc",
      honeypot: "",
    });
  });

  it("leaves out what was not answered, and passes the honeypot on for the API to refuse", () => {
    const submission = parse([
      ["name", "Ada"],
      ["website", "http://spam.example"],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({
      answers: {
        name: "Ada",
        email: null,
        age: null,
        size: null,
        extras: null,
        agree: false,
        born: null,
      },
      token: "",
      honeypot: "http://spam.example",
    });
  });

  it("refuses a missing required answer, wrong types, an unknown option and a long text, in both languages", () => {
    const submission = parse([
      ["email", "not an address"],
      ["age", "lots"],
      ["size", "Huge"],
      ["extras", "C"],
    ]);
    expect(errorsOf(submission)).toEqual({
      name: ["Required", "Påkrevd"],
      email: ["Must be an email", "Må være en e-postadresse"],
      // The specification answers a non-numeric Number with "Required".
      age: ["Required", "Påkrevd"],
      size: ["Must be one of the options", "Må være et av valgene"],
      extras: ["Must be one of the options", "Må være et av valgene"],
    });
    expect(errorsOf(parse([["name", "Ada Lovelace Byron"]])).name).toEqual(["Max 10 limit", "Maks 10 tegn"]);
  });

  it("reads a Norwegian number with its decimal comma", () => {
    const blocksWithDecimal = [question("amount", "Number")];
    const formData = new FormData();
    formData.append("amount", "12,5");
    const submission = parseWithZod(formData, { schema: publicFormSchema(blocksWithDecimal, "nb") });
    expect(submission.status === "success" && submission.value.answers).toEqual({ amount: 12.5 });
  });

  it("maps the API's answer errors onto the question's field", () => {
    expect(answerField("answers.6f1c")).toBe("6f1c");
    expect(answerField("token")).toBe("token");
  });
});
