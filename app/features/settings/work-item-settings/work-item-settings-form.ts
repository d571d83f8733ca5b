import { parseWithZod } from "@conform-to/zod/v4";
import { coerceFormValue } from "@conform-to/zod/v4/future";
import { z } from "zod";
import { messages } from "../../../../server/contract/messages.ts";
import type { MetaStatusKindOrStatus } from "../../../../server/contract/meta-status.ts";
import { referenceNumberStartSchema } from "../../../../server/contract/work-items.ts";

/** The two forms of the inquiries' (or to-dos') settings, told apart by a hidden field: each saves on its own. */
export type WorkItemSettingsForm = "reference" | "defaults";

const referenceSchema = coerceFormValue(referenceNumberStartSchema);

/** An empty control is "Required", a number that is not one "Must be a number"; the contract's schema says the rest. */
const referenceErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return messages.required;
  if (issue.code === "invalid_type") return messages.notANumber;
  return undefined;
};

/** The reference number form, read by the contract's schema (which the API checks too): in the browser and the action. */
export function parseReferenceForm(formData: FormData) {
  return parseWithZod(formData, { schema: referenceSchema, disableAutoCoercion: true, error: referenceErrors });
}

const chosen = z.string().max(64).optional();

/** The form field that chooses the default of a kind. */
export const defaultFieldOf = {
  status: "statusId",
  priority: "priorityId",
  category: "categoryId",
  source: "sourceId",
} as const satisfies Record<MetaStatusKindOrStatus, string>;

/**
 * What a new item starts with: one of the entity's active statuses, priorities, categories and sources each (none
 * chosen: none is the default), and a user and a group. The action checks the choices against the lists as they are
 * then; the API, that the user and group exist.
 */
export const workItemDefaultsFormSchema = z.object({
  statusId: chosen,
  priorityId: chosen,
  categoryId: chosen,
  sourceId: chosen,
  assignedUserId: chosen,
  groupId: chosen,
});

export function parseDefaultsForm(formData: FormData) {
  return parseWithZod(formData, { schema: workItemDefaultsFormSchema });
}
