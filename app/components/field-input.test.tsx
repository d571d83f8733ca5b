import { ChakraProvider } from "@chakra-ui/react";
import { useForm } from "@conform-to/react";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../server/contract/fields.ts";
import en from "../locales/en.ts";
import { system } from "../theme.ts";
import { TextsProvider } from "../utils/translation.tsx";
import { FieldInput } from "./field-input.tsx";
import { FormField } from "./form-field.tsx";

const i18n = createInstance();
await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { translation: en } } });

const colours: FieldDefinition = {
  key: "colours",
  labelEn: "Colours",
  labelNb: "Farger",
  type: "MultiSelect",
  required: false,
  unique: false,
  active: true,
  builtIn: false,
  customField: true,
  partOfName: false,
  searchable: false,
  favorite: false,
  settings: {
    options: [
      { value: "red", labelEn: "Red", labelNb: "Rød" },
      { value: "green", labelEn: "Green", labelNb: "Grønn" },
    ],
  },
};

/** The field with its label and errors, as the record form shows it, rendered as the server renders it. */
function renderField(field: FieldDefinition, value: string[]) {
  function Form() {
    const [, fields] = useForm<Record<string, string[]>>({ id: "form", defaultValue: { [field.key]: value } });
    const meta = fields[field.key];
    return (
      <FormField meta={meta} label={field.labelEn}>
        <FieldInput field={field} meta={meta} language="en" label={field.labelEn} />
      </FormField>
    );
  }
  return renderToStaticMarkup(
    <TextsProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Form />
      </ChakraProvider>
    </TextsProvider>,
  );
}

/** The attributes of each tag of `name` in server-rendered markup (which has no DOM to query here). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? ""]),
    ),
  );
}

/** The text of the element with the id. */
function textOf(html: string, id: string): string | undefined {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`id="${escaped}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

describe("a multi-select's input", () => {
  it("is a checkbox per option, each with an id of its own and labelled by its option", () => {
    const html = renderField(colours, ["green"]);
    const boxes = tags(html, "input").filter((input) => input.type === "checkbox");
    expect(boxes.map((box) => box.value)).toEqual(["red", "green"]);
    expect(boxes.map((box) => "checked" in box)).toEqual([false, true]);
    expect(new Set(boxes.map((box) => box.id)).size).toBe(2);
    expect(boxes.map((box) => textOf(html, box["aria-labelledby"]))).toEqual(["Red", "Green"]);
    // A click on an option's text toggles that option's box: each checkbox's label is for its own input.
    const roots = tags(html, "label").filter((label) => label["data-scope"] === "checkbox");
    expect(roots.map((root) => root.for)).toEqual(boxes.map((box) => box.id));
  });
});
