import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createEmployeeSchema,
  employeeSchema,
  languageSchema,
  meFieldsSchema,
  meInfoSchema,
} from "../contract/identity.ts";
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
      service.requirePermission(request.actor, "Read", "Users");
      return service.getEmployee(app.db, request.params.id);
    },
  );

  app.post(
    "/iam/users/employees",
    {
      schema: {
        tags: ["users"],
        summary: "Invite a user (an email with a single-use link)",
        security,
        body: createEmployeeSchema,
        response: { 201: employeeSchema },
      },
    },
    async (request, reply) => {
      service.requirePermission(request.actor, "Create", "Users");
      const employee = await service.createEmployee(app.db, request.body, invitations);
      return reply.status(201).send(employee);
    },
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
      service.requirePermission(request.actor, "Create", "Users");
      await service.resendInvitation(app.db, request.params.id, invitations);
      return reply.status(204).send(null);
    },
  );
};
