import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { groupInputSchema } from "../../../server/contract/iam.ts";
import { messages } from "../../../server/contract/messages.ts";
import { requiredErrors } from "../../utils/form-errors.ts";

/** A group's name, new or changed: the contract's schema, as the API checks it. */
export const groupFormSchema = groupInputSchema;

export function parseGroupForm(formData: FormData) {
  return parseWithZod(formData, { schema: groupFormSchema, error: requiredErrors });
}

/** The user to add to a group: picked from a search. */
export const memberFormSchema = z.object({ userUuid: z.uuid(messages.required) });
export type MemberFormValue = z.input<typeof memberFormSchema>;

export function parseMemberForm(formData: FormData) {
  return parseWithZod(formData, { schema: memberFormSchema, error: requiredErrors });
}
