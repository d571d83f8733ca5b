import { z } from "zod";
import { employeeSchema, languageSchema, operations } from "./identity.ts";
import { messages } from "./messages.ts";
import { requiredNameSchema } from "./names.ts";
import { userStatuses } from "./user-statuses.ts";

const name = requiredNameSchema;
const pageSize = z.coerce.number().int().min(1).max(200);

/** GET /api/iam/users/employees: a page of users, searched (3+ characters) by name and email, and filtered. */
export const employeeListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSize.default(25),
  q: z.string().max(255).optional(),
  status: z.enum(userStatuses).optional(),
  role: z.uuid().optional(),
  group: z.uuid().optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

export const employeePageSchema = z.object({
  content: z.array(employeeSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type EmployeePage = z.infer<typeof employeePageSchema>;

/** PUT /api/iam/users/employees/{id}: what an administrator may change of a user, all at once. */
export const employeeChangeSchema = z.object({
  firstName: name,
  lastName: name,
  /** Null: none chosen, the user's browser decides. */
  language: languageSchema.nullable().default(null),
  /** Left out, the user keeps their role: one who may not see roles changes the rest. */
  roleUuid: z.uuid(messages.required).optional(),
  groupUuids: z.array(z.uuid()).max(100).default([]),
});
export type EmployeeChange = z.infer<typeof employeeChangeSchema>;

/** A role, with how many users hold it. */
export const roleSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  /** The built-in administrator role: it keeps its access to the settings and users. */
  administrator: z.boolean(),
  users: z.number().int(),
});
export type RoleDto = z.infer<typeof roleSchema>;

export const roleNameSchema = z.object({ name });

/** POST /api/iam/roles: a new role, empty or with the permissions of `copyFrom`. */
export const roleInputSchema = roleNameSchema.extend({ copyFrom: z.uuid().optional() });
export type RoleInput = z.infer<typeof roleInputSchema>;

export const operationSchema = z.enum(operations);

/**
 * A role's permission matrix: every resource a role may be granted (the contract's `resources`, then each custom
 * entity's key) with the operations this role has. Entities carry their names; the features are named by the web app.
 */
export const permissionMatrixSchema = z.object({
  role: roleSchema,
  resources: z.array(
    z.object({
      resource: z.string(),
      kind: z.enum(["entity", "feature"]),
      custom: z.boolean(),
      labelEn: z.string().nullable(),
      labelNb: z.string().nullable(),
      operations: z.array(operationSchema),
    }),
  ),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

/** PUT /api/iam/roles/{id}/permissions: the whole matrix; a resource left out has no operations. */
export const permissionMatrixInputSchema = z.object({
  permissions: z
    .array(z.object({ resource: z.string().min(1).max(64), operations: z.array(operationSchema).max(4) }))
    .max(500),
});
export type PermissionMatrixInput = z.infer<typeof permissionMatrixInputSchema>;

/** A group of users, with how many members it has. */
export const groupAdminSchema = z.object({
  uuid: z.string(),
  groupUuid: z.string(),
  name: z.string(),
  members: z.number().int(),
});
export type GroupAdminDto = z.infer<typeof groupAdminSchema>;

export const groupPageSchema = z.object({
  content: z.array(groupAdminSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const groupInputSchema = z.object({ name });

export const groupListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSize.default(25),
  q: z.string().max(255).optional(),
});

export const groupMemberSchema = z.object({
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(userStatuses),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMemberPageSchema = z.object({
  content: z.array(groupMemberSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** POST /api/iam/groups/{id}/members */
export const groupMembersInputSchema = z.object({
  userUuids: z.array(z.uuid()).min(1, messages.required).max(200),
});
