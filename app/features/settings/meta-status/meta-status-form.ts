import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import { messages } from "../../../../server/contract/messages.ts";
import { type MetaStatusSetting, metaStatusInputSchema } from "../../../../server/contract/meta-status.ts";

export type MetaStatusFormValue = z.input<typeof metaStatusInputSchema>;

/**
 * The form's coercion: conform-zod's, except that a flag with a default is a checkbox that is always on the form, so
 * an unchecked (absent) one is false. Without this an unchecked "Active" would fall back to its default, true.
 */
const { coerceFormValue } = configureCoercion({
  customize: (type) => {
    const def = type._zod.def as { type: string; innerType?: { _zod: { def: { type: string } } } };
    return def.type === "default" && def.innerType?._zod.def.type === "boolean" ? (value) => value === "on" : null;
  },
});

const formSchema = coerceFormValue(metaStatusInputSchema);

/** Messages for what the contract's schema leaves to zod: an empty control, an order that is not a whole number. */
const formErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return messages.required;
  if (issue.code === "invalid_type" && (issue.expected === "number" || issue.expected === "int")) {
    return messages.notANumber;
  }
  if (issue.code === "too_small" && issue.origin === "number") return `Must be at least ${issue.minimum}`;
  if (issue.code === "too_big" && issue.origin === "number") return `Must be at most ${issue.maximum}`;
  return undefined;
};

/** A status's (or priority's, category's, source's) form, read by the contract's schema: in the browser and the action. */
export function parseMetaStatusForm(formData: FormData) {
  return parseWithZod(formData, { schema: formSchema, disableAutoCoercion: true, error: formErrors });
}

/** What the form starts with: the value as it is, or a new active one that goes last. */
export function metaStatusFormDefaults(value: MetaStatusSetting | undefined): DefaultValue<MetaStatusFormValue> {
  if (!value) return { nameEn: "", nameNb: "", colour: "", isDefault: false, active: true, closed: false };
  return {
    nameEn: value.nameEn,
    nameNb: value.nameNb,
    colour: value.colour ?? "",
    rank: value.rank,
    isDefault: value.isDefault,
    active: value.active,
    closed: value.closed,
  };
}

/** The body that changes only whether `value` is the default: everything else as it is. */
export function defaultChange(value: MetaStatusSetting, isDefault: boolean): z.output<typeof metaStatusInputSchema> {
  return {
    nameEn: value.nameEn,
    nameNb: value.nameNb,
    colour: value.colour,
    rank: value.rank,
    isDefault,
    active: value.active || isDefault,
    closed: value.closed,
  };
}
