import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { employeeChangeSchema } from "../../../server/contract/iam.ts";
import { createEmployeeSchema, type Employee } from "../../../server/contract/identity.ts";
import { messages } from "../../../server/contract/messages.ts";
import { requiredErrors } from "../../utils/form-errors.ts";

/** The invitation: the contract's schema, as the API checks it. A language left empty follows the user's browser. */
export const inviteFormSchema = createEmployeeSchema;

export function parseInviteForm(formData: FormData) {
  return parseWithZod(formData, { schema: inviteFormSchema, error: requiredErrors });
}

/**
 * A user's names, language, role and groups: the contract's change, as the API checks it, the role chosen. Whoever may
 * not see roles is shown none, and changes the rest (`withRole` false): the user keeps their role.
 */
export const userChangeFormSchema = employeeChangeSchema.extend({ roleUuid: z.uuid(messages.required) });
const keptRoleFormSchema = employeeChangeSchema.omit({ roleUuid: true });
export type UserChangeFormValue = z.input<typeof employeeChangeSchema>;

export function parseUserChangeForm(formData: FormData, withRole = true) {
  return parseWithZod(formData, {
    schema: withRole ? userChangeFormSchema : keptRoleFormSchema,
    error: requiredErrors,
  });
}

export function userChangeDefaults(employee: Employee): DefaultValue<UserChangeFormValue> {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    language: employee.language ?? undefined,
    roleUuid: employee.role?.uuid,
    groupUuids: employee.groups.map((group) => group.uuid),
  };
}
