import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission } from "../auth/permissions.ts";
import { employeeChangeSchema, employeeListQuerySchema, employeePageSchema } from "../contract/iam.ts";
import {
  createEmployeeSchema,
  employeeSchema,
  languageSchema,
  meFieldsSchema,
  meInfoSchema,
} from "../contract/identity.ts";
import { HISTORY_SIZE_DEFAULT, PAGE_SIZE_MAX, transactionPageSchema } from "../contract/records.ts";
import { findUserById, updateLanguage } from "./users.repository.ts";
import type { InvitationSettings } from "./users.service.ts";
import * as service from "./users.service.ts";

const idParams = z.object({ id: z.uuid() });
const security = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ invitations: Omit<InvitationSettings, "mailer" | "log"> }> = async (
  app,
  options,
) => {
  const invitations: InvitationSettings = {
    ...options.invitations,
    mailer: app.mailer,
    log: (link, email) =>
      app.log.warn({ email, link }, "no mail transport (SMTP_URL is not set): the invitation is in the outbox"),
  };

  app.get(
    "/me/info",
    {
      schema: {
        tags: ["current user"],
        summary: "The signed-in user and permissions",
        security,
        response: { 200: meInfoSchema },
      },
    },
    async (request) => service.meInfo(app.db, request.actor),
  );

  app.get(
    "/me/fields",
    {
      schema: {
        tags: ["current user"],
        summary: "The signed-in user's profile fields",
        security,
        response: { 200: meFieldsSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.actor.id);
      return [
        { key: "firstName", label: "First name", type: "Text", value: user?.first_name ?? null },
        { key: "lastName", label: "Last name", type: "Text", value: user?.last_name ?? null },
        { key: "email", label: "Email", type: "Email", value: user?.email ?? null },
        { key: "mobile", label: "Mobile", type: "Phone", value: user?.mobile ?? null },
        { key: "language", label: "Language", type: "List", value: user?.language ?? null },
      ];
    },
  );

  app.put(
    "/me/language",
    {
      schema: {
        tags: ["current user"],
        summary: "Change the signed-in user's language",
        security,
        body: z.object({ language: languageSchema }),
        response: { 200: z.object({ language: languageSchema }) },
      },
    },
    async (request) => {
      await updateLanguage(app.db, request.actor.id, request.body.language);
      return { language: request.body.language };
    },
  );

  app.get(
    "/iam/users/employees/:id",
    { schema: { tags: ["users"], summary: "One user", security, params: idParams, response: { 200: employeeSchema } } },
    async (request) => {
      requirePermission(request.actor, "Read", "Users");
      return service.getEmployee(app.db, request.actor, request.params.id);
    },
  );

  app.get(
    "/iam/users/employees",
    {
      schema: {
        tags: ["users"],
        summary: "Users by name, searched by name and email (3+ characters), by status, role and group",
        security,
        querystring: employeeListQuerySchema,
        response: { 200: employeePageSchema },
      },
    },
    async (request) => service.listEmployees(app.db, request.actor, request.query),
  );

  app.post(
    "/iam/users/employees",
    {
      schema: {
        tags: ["users"],
        summary: "Invite a user (an email with a single-use link); an invited address is invited again",
        security,
        body: createEmployeeSchema,
        response: { 200: employeeSchema, 201: employeeSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request.actor, "Create", "Users");
      const { employee, created } = await service.createEmployee(app.db, request.actor, request.body, invitations);
      return reply.status(created ? 201 : 200).send(employee);
    },
  );

  app.put(
    "/iam/users/employees/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Change a user's names, language, role and groups",
        security,
        params: idParams,
        body: employeeChangeSchema,
        response: { 200: employeeSchema },
      },
    },
    async (request) => service.changeEmployee(app.db, request.actor, request.params.id, request.body),
  );

  app.put(
    "/iam/users/employees/:id/deactivate",
    {
      schema: {
        tags: ["users"],
        summary: "Deactivate a user: no sign-in, and their sessions and tokens are revoked",
        security,
        params: idParams,
        response: { 200: employeeSchema },
      },
    },
    async (request) => service.deactivateEmployee(app.db, request.actor, request.params.id),
  );

  app.put(
    "/iam/users/employees/:id/reactivate",
    {
      schema: {
        tags: ["users"],
        summary: "Reactivate a user (invited again if they never chose a password)",
        security,
        params: idParams,
        response: { 200: employeeSchema },
      },
    },
    async (request) => service.reactivateEmployee(app.db, request.actor, request.params.id),
  );

  app.get(
    "/iam/users/employees/:id/history",
    {
      schema: {
        tags: ["users"],
        summary: "A user's changes (names, language, role, groups, status), newest first",
        security,
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HISTORY_SIZE_DEFAULT),
        }),
        response: { 200: transactionPageSchema },
      },
    },
    async (request) =>
      service.employeeHistory(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  );

  app.put(
    "/iam/users/employees/:id/resend-invitation",
    {
      schema: {
        tags: ["users"],
        summary: "Send a new invitation; the previous link stops working",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      requirePermission(request.actor, "Create", "Users");
      await service.resendInvitation(app.db, request.params.id, invitations);
      return reply.status(204).send(null);
    },
  );
};
