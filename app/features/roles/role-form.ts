import type { DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import {
  type PermissionMatrix,
  type PermissionMatrixInput,
  roleInputSchema,
  roleNameSchema,
} from "../../../server/contract/iam.ts";
import type { Operation } from "../../../server/contract/identity.ts";
import { requiredErrors } from "../../utils/form-errors.ts";

/** A new role, empty or a copy of another (a hidden `copyFrom`): the contract's schema, as the API checks it. */
export const roleFormSchema = roleInputSchema;

export function parseRoleForm(formData: FormData) {
  return parseWithZod(formData, { schema: roleFormSchema, error: requiredErrors });
}

/** A role's new name. */
export const roleNameFormSchema = roleNameSchema;
export type RoleNameFormValue = z.input<typeof roleNameFormSchema>;

export function parseRoleNameForm(formData: FormData) {
  return parseWithZod(formData, { schema: roleNameFormSchema, error: requiredErrors });
}

/** A ticked box of the matrix: its resource and operation, "Company:Create". */
const GRANT = /^([A-Za-z][A-Za-z0-9_]{0,63}):(Create|Read|Update|Delete)$/;

export function grantValue(resource: string, operation: Operation): string {
  return `${resource}:${operation}`;
}

/**
 * The permission matrix as the form posts it: one checkbox per resource and operation, all named `grants`; an unticked
 * box is absent. Saved whole, so what is not ticked is taken away.
 */
export const permissionsFormSchema = z.object({ grants: z.array(z.string().regex(GRANT)).max(4000).default([]) });
export type PermissionsFormValue = z.input<typeof permissionsFormSchema>;

export function parsePermissionsForm(formData: FormData) {
  return parseWithZod(formData, { schema: permissionsFormSchema });
}

/** The ticked boxes as the API's matrix: each resource with its operations. */
export function toMatrixInput(value: z.output<typeof permissionsFormSchema>): PermissionMatrixInput {
  const byResource = new Map<string, Operation[]>();
  for (const grant of value.grants) {
    const [, resource, operation] = GRANT.exec(grant) ?? [];
    if (!resource || !operation) continue;
    const operations = byResource.get(resource) ?? [];
    if (!operations.includes(operation as Operation)) operations.push(operation as Operation);
    byResource.set(resource, operations);
  }
  return { permissions: [...byResource].map(([resource, operations]) => ({ resource, operations })) };
}

export function permissionsDefaults(matrix: PermissionMatrix): DefaultValue<PermissionsFormValue> {
  return {
    grants: matrix.resources.flatMap((resource) =>
      resource.operations.map((operation) => grantValue(resource.resource, operation)),
    ),
  };
}
