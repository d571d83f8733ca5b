import type { FieldDefinition } from "../../../server/contract/fields.ts";
import type { FormBlock } from "../../../server/contract/forms.ts";
import { valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";

type Question = Extract<FormBlock, { type: "QUESTION" }>;

/** The form's questions, in its order. */
export function questionsOf(blocks: FormBlock[]): Question[] {
  return blocks.filter((block): block is Question => block.type === "QUESTION");
}

/** An answer as the screens show it: as its question's field would show the value (options by label, dates, yes/no). */
export function useAnswerText(blocks: FormBlock[]) {
  const { t } = useTranslation();
  const settings = { ...useDateSettings(), yes: t("common.yes"), no: t("common.no") };
  const byId = new Map(questionsOf(blocks).map((question) => [question.id, question]));
  return (blockId: string, value: unknown): string => {
    const question = byId.get(blockId);
    if (!question) return Array.isArray(value) ? value.join(", ") : value == null ? "" : String(value);
    // A question is asked as its field: its type and options are all the value's text needs.
    const field = { type: question.inputType, settings: { options: question.options } } as unknown as FieldDefinition;
    return valueText(field, value, settings);
  };
}
