import { z } from "zod";
import { type FieldDefinition, fieldFormSchema } from "../../../server/contract/fields.ts";
import type { FormBlock } from "../../../server/contract/forms.ts";
import { standaloneField } from "../../../server/contract/standalone-field.ts";
import { DEFAULT_TIME_ZONE } from "../../../server/contract/time-zones.ts";
import { fromLocalInput } from "../../utils/dates.ts";
import type { Language } from "../../utils/i18n.ts";

export type QuestionBlock = Extract<FormBlock, { type: "QUESTION" }>;

/** The field robots fill and people never see (its name sounds like something worth filling). */
export const HONEYPOT_FIELD = "website";
export const TOKEN_FIELD = "token";

export function isQuestion(block: FormBlock): block is QuestionBlock {
  return block.type === "QUESTION";
}

/**
 * A question as a field of the record engine, so that its input and its checks are the record form's: the type the
 * API gives it (the mapped field's or its own), its options, its longest answer, and required as the question says.
 * Limits of a mapped field that the public definition leaves out are checked by the API, whose errors land on the
 * same input.
 */
export function questionField(question: QuestionBlock): FieldDefinition {
  return standaloneField({
    key: question.id,
    labelEn: question.label,
    labelNb: question.label,
    type: question.inputType,
    required: question.required,
    settings: {
      options: question.options,
      ...(question.maxLength === null ? {} : { maxLength: question.maxLength }),
    },
  });
}

/**
 * The public form's schema, the same for its action and the browser: each question's answer under the question's id
 * (so the API's `answers.<id>` errors map onto it), the submission token, and the honeypot. Its output's answers are
 * what the API takes. Numbers are typed with the page's decimal sign; a date and time in the workspace's zone.
 */
export function publicFormSchema(blocks: FormBlock[], language: Language, timeZone: string = DEFAULT_TIME_ZONE) {
  const options = { language, localDateTime: (value: string) => fromLocalInput(value, timeZone) };
  const answers = Object.fromEntries(
    blocks.filter(isQuestion).map((question) => [question.id, fieldFormSchema(questionField(question), options)]),
  );
  return z
    .object({
      ...answers,
      [TOKEN_FIELD]: z.string().max(512).optional(),
      [HONEYPOT_FIELD]: z.string().max(1000).optional(),
    })
    .transform((form) => {
      const record = form as Record<string, unknown>;
      return {
        answers: Object.fromEntries(Object.keys(answers).map((id) => [id, record[id]])),
        token: typeof record[TOKEN_FIELD] === "string" ? record[TOKEN_FIELD] : "",
        honeypot: typeof record[HONEYPOT_FIELD] === "string" ? record[HONEYPOT_FIELD] : "",
      };
    });
}

/** The API's field error for an answer (`answers.<blockId>`) as the form's field (the block's id). */
export function answerField(apiField: string): string {
  return apiField.startsWith("answers.") ? apiField.slice("answers.".length) : apiField;
}
