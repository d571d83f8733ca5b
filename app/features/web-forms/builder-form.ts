import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import {
  type BuilderOptions,
  type FormDto,
  formInputSchema,
  type MergeableField,
  type MergeEntity,
  mergeEntities,
} from "../../../server/contract/forms.ts";
import { requiredNameSchema } from "../../../server/contract/names.ts";
import { errorsOnForm, issuesOnForm } from "../../utils/form-errors.ts";
import type { Language } from "../../utils/i18n.ts";

export const FORM_BUILDER_ID = "form-builder";

/** A block as the builder's form holds it: every value a string, as posted. */
export type BuilderBlockForm = {
  id?: string;
  type?: "QUESTION" | "TITLE";
  label?: string;
  helpText?: string;
  required?: string;
  /** "contact.email", or "" for a question with a type of its own. */
  mergeWith?: string;
  fieldType?: string;
  /** An unmapped List's or MultiSelect's options, one a line. */
  options?: string;
  heading?: string;
  paragraph?: string;
};

/**
 * The builder's form names. The form is the contract's (`formInputSchema`), with what a browser posts in place of
 * what the API takes: flags as checkboxes ("on"), a mapping as one choice ("contact.email"), and lists typed one a
 * line (a List's options, the allowed sites).
 */
export type BuilderForm = {
  title?: string;
  description?: string;
  submitLabelText?: string;
  submitLabelColorCode?: string;
  submitButtonColorCode?: string;
  thankYouPageTitle?: string;
  thankYouPageParagraph?: string;
  open?: string;
  acceptingResponse?: string;
  autoMerge?: string;
  accessibility?: string;
  visibility?: string;
  groupIds?: string[];
  allowedSites?: string;
  version?: string;
  blocks?: BuilderBlockForm[];
};

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === "" ? [] : [value];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A text area's lines, blank ones left out. */
function lines(value: unknown): string[] {
  return (text(value) ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const MAPPING = /^([a-z]+)\.([a-z][a-z0-9_]{0,62})$/;

/** "contact.email" as the contract's mapping; "" (or anything else) is none. */
export function mappingOf(value: unknown): { entity: string; field: string } | null {
  const match = MAPPING.exec(text(value) ?? "");
  return match ? { entity: match[1], field: match[2] } : null;
}

/** The form's values spelled out as the contract's input names them. */
export function inputOfForm(value: unknown): unknown {
  const form = record(value);
  const checked = (name: string) => form[name] === "on";
  return {
    title: text(form.title) ?? "",
    description: text(form.description),
    submitLabelText: text(form.submitLabelText),
    submitLabelColorCode: text(form.submitLabelColorCode),
    submitButtonColorCode: text(form.submitButtonColorCode),
    thankYouPageTitle: text(form.thankYouPageTitle),
    thankYouPageParagraph: text(form.thankYouPageParagraph),
    open: checked("open"),
    acceptingResponse: checked("acceptingResponse"),
    autoMerge: checked("autoMerge"),
    accessibility: text(form.accessibility) || undefined,
    visibility: text(form.visibility) || undefined,
    groupIds: asList(form.groupIds),
    allowedSites: lines(form.allowedSites),
    blocks: asList(form.blocks)
      .map(record)
      .map((block) =>
        block.type === "TITLE"
          ? {
              id: text(block.id) || undefined,
              type: "TITLE",
              heading: text(block.heading),
              paragraph: text(block.paragraph),
            }
          : {
              id: text(block.id) || undefined,
              type: "QUESTION",
              label: text(block.label) ?? "",
              helpText: text(block.helpText),
              required: block.required === "on",
              mergeWith: mappingOf(block.mergeWith),
              fieldType: text(block.fieldType) || undefined,
              options: block.fieldType === "List" || block.fieldType === "MultiSelect" ? lines(block.options) : [],
            },
      ),
  };
}

/**
 * Where an error of the contract's names shows in the form: a mapping's parts on its one choice, a list's items on
 * the text area that holds them. The API names a list's item by its index after a dot (`blocks.0.label`), Conform in
 * brackets.
 */
export function formFieldName(apiName: string): string {
  const name = apiName.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
  return name
    .replace(/^(blocks\[\d+\]\.mergeWith)\..*$/, "$1")
    .replace(/^(blocks\[\d+\]\.options)\[\d+\].*$/, "$1")
    .replace(/^(allowedSites|groupIds)\[\d+\].*$/, "$1");
}

/** One schema for the builder's action and the browser: the contract's form read from the builder's fields. */
export const builderSchema = z.unknown().transform((value, ctx) => {
  const form = record(value);
  const result = formInputSchema.safeParse(inputOfForm(form));
  if (result.success) {
    const version = Number(form.version);
    return { ...result.data, version: Number.isInteger(version) && version > 0 ? version : undefined };
  }
  for (const issue of issuesOnForm(result.error.issues, formFieldName)) ctx.addIssue({ code: "custom", ...issue });
  return z.NEVER;
});

/** The form's own texts for the browser's constraints (required, lengths). */
export const builderConstraintSchema = z.object({
  title: requiredNameSchema,
  submitLabelText: z.string().max(255),
  thankYouPageTitle: z.string().max(255),
});

/** Errors by the form's names, the first of each message kept once. */
export function formErrors(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  return errorsOnForm(errors, formFieldName);
}

export function parseBuilderForm(formData: FormData) {
  return parseWithZod(formData, { schema: builderSchema });
}

export type BuilderResult = SubmissionResult<string[]>;

const on = (flag: boolean) => (flag ? "on" : undefined);

/** A saved form as the builder's values. */
export function formOfForm(form: FormDto): BuilderForm {
  return {
    title: form.title,
    description: form.description,
    submitLabelText: form.submitLabelText,
    submitLabelColorCode: form.submitLabelColorCode,
    submitButtonColorCode: form.submitButtonColorCode,
    thankYouPageTitle: form.thankYouPageTitle,
    thankYouPageParagraph: form.thankYouPageParagraph,
    open: on(form.open),
    acceptingResponse: on(form.acceptingResponse),
    autoMerge: on(form.autoMerge),
    accessibility: form.accessibility,
    visibility: form.visibility,
    groupIds: form.groups.map((group) => group.uuid),
    allowedSites: form.allowedSites.join("\n"),
    version: String(form.version),
    blocks: form.blocks.map((block) =>
      block.type === "TITLE"
        ? { id: block.id, type: "TITLE", heading: block.heading, paragraph: block.paragraph }
        : {
            id: block.id,
            type: "QUESTION",
            label: block.label,
            helpText: block.helpText,
            required: on(block.required),
            mergeWith: block.mergeWith ? `${block.mergeWith.entity}.${block.mergeWith.field}` : "",
            fieldType: block.fieldType,
            // A mapped question's options are its field's; an unmapped one's are its own.
            options: block.mergeWith ? "" : block.options.map((option) => option.value).join("\n"),
          },
    ),
  };
}

/** The questions a new form starts with: a contact's first and last name and e-mail, where the contact has them. */
export function newForm(options: BuilderOptions, title: string, language: Language): BuilderForm {
  const start: { key: string; required: boolean }[] = [
    { key: "first_name", required: true },
    { key: "last_name", required: false },
    { key: "email", required: true },
  ];
  const blocks = start.flatMap(({ key, required }) => {
    const field = options.fields.contact.find((item) => item.key === key);
    return field
      ? [
          {
            type: "QUESTION" as const,
            label: language === "nb" ? field.labelNb : field.labelEn,
            mergeWith: `contact.${key}`,
            required: on(required),
          },
        ]
      : [];
  });
  return {
    title,
    submitLabelText: "Submit",
    submitLabelColorCode: "#ffffff",
    submitButtonColorCode: "#239859",
    acceptingResponse: "on",
    accessibility: "open",
    visibility: "everyone",
    blocks: blocks.length > 0 ? blocks : [{ type: "QUESTION", label: "", mergeWith: "", fieldType: "Text" }],
  };
}

/** The field a mapping names, if the workspace still has it. */
export function mappedField(options: BuilderOptions, mapping: string | undefined): MergeableField | undefined {
  const parsed = mappingOf(mapping);
  if (!parsed || !(mergeEntities as readonly string[]).includes(parsed.entity)) return undefined;
  return options.fields[parsed.entity as MergeEntity].find((field) => field.key === parsed.field);
}
