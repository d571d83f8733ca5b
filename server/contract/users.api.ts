import { z } from "zod";
import { employeeChangeSchema, employeeListQuerySchema, employeePageSchema } from "./iam.ts";
import { createEmployeeSchema, employeeSchema, languageSchema, meFieldsSchema, meInfoSchema } from "./identity.ts";
import { HISTORY_SIZE_DEFAULT, PAGE_SIZE_MAX, transactionPageSchema } from "./records.ts";
import { apiRoute } from "./route.ts";

const me = ["current user"];
const tags = ["users"];
const idParams = z.object({ id: z.uuid() });

/**
 * The signed-in user (who they are, their permissions, their language) and the users as the settings administer
 * them: listed, invited, changed, deactivated and reactivated, with each one's history.
 */
export const usersApi = {
  meInfo: apiRoute({
    method: "GET",
    path: "/me/info",
    tags: me,
    summary: "The signed-in user and permissions",
    response: { 200: meInfoSchema },
  }),
  meFields: apiRoute({
    method: "GET",
    path: "/me/fields",
    tags: me,
    summary: "The signed-in user's profile fields",
    response: { 200: meFieldsSchema },
  }),
  changeLanguage: apiRoute({
    method: "PUT",
    path: "/me/language",
    tags: me,
    summary: "Change the signed-in user's language",
    body: z.object({ language: languageSchema }),
    response: { 200: z.object({ language: languageSchema }) },
  }),
  employee: apiRoute({
    method: "GET",
    path: "/iam/users/employees/:id",
    tags,
    summary: "One user",
    params: idParams,
    response: { 200: employeeSchema },
  }),
  listEmployees: apiRoute({
    method: "GET",
    path: "/iam/users/employees",
    tags,
    summary: "Users by name, searched by name and email (3+ characters), by status, role and group",
    querystring: employeeListQuerySchema,
    response: { 200: employeePageSchema },
  }),
  invite: apiRoute({
    method: "POST",
    path: "/iam/users/employees",
    tags,
    summary: "Invite a user (an email with a single-use link); an invited address is invited again",
    body: createEmployeeSchema,
    response: { 200: employeeSchema, 201: employeeSchema },
  }),
  change: apiRoute({
    method: "PUT",
    path: "/iam/users/employees/:id",
    tags,
    summary: "Change a user's names, language, role and groups",
    params: idParams,
    body: employeeChangeSchema,
    response: { 200: employeeSchema },
  }),
  deactivate: apiRoute({
    method: "PUT",
    path: "/iam/users/employees/:id/deactivate",
    tags,
    summary: "Deactivate a user: no sign-in, and their sessions and tokens are revoked",
    params: idParams,
    response: { 200: employeeSchema },
  }),
  reactivate: apiRoute({
    method: "PUT",
    path: "/iam/users/employees/:id/reactivate",
    tags,
    summary: "Reactivate a user (invited again if they never chose a password)",
    params: idParams,
    response: { 200: employeeSchema },
  }),
  history: apiRoute({
    method: "GET",
    path: "/iam/users/employees/:id/history",
    tags,
    summary: "A user's changes (names, language, role, groups, status), newest first",
    params: idParams,
    querystring: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HISTORY_SIZE_DEFAULT),
    }),
    response: { 200: transactionPageSchema },
  }),
  resendInvitation: apiRoute({
    method: "PUT",
    path: "/iam/users/employees/:id/resend-invitation",
    tags,
    summary: "Send a new invitation; the previous link stops working",
    params: idParams,
    response: { 204: z.null() },
  }),
};
