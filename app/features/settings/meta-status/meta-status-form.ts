import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { type MetaStatusSetting, metaStatusInputSchema } from "../../../../server/contract/meta-status.ts";
import { coerceWithCheckboxes, numberFormErrors } from "../../../utils/form-errors.ts";

export type MetaStatusFormValue = z.input<typeof metaStatusInputSchema>;

const formSchema = coerceWithCheckboxes(metaStatusInputSchema);

/** A status's (or priority's, category's, source's) form, read by the contract's schema: in the browser and the action. */
export function parseMetaStatusForm(formData: FormData) {
  return parseWithZod(formData, { schema: formSchema, disableAutoCoercion: true, error: numberFormErrors });
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
