import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../auth/permissions.ts";
import { usersApi as routes } from "../contract/users.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import { findUserById, updateLanguage } from "./users.repository.ts";
import type { InvitationSettings } from "./users.service.ts";
import * as service from "./users.service.ts";

/** The signed-in user and the users as the settings administer them, as `usersApi` declares them. */
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

  app.route({
    ...contractRoute(routes.meInfo),
    handler: async (request) => service.meInfo(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.meFields),
    handler: async (request) => {
      const user = await findUserById(app.db, request.actor.id);
      return [
        { key: "firstName", label: "First name", type: "Text", value: user?.first_name ?? null },
        { key: "lastName", label: "Last name", type: "Text", value: user?.last_name ?? null },
        { key: "email", label: "Email", type: "Email", value: user?.email ?? null },
        { key: "mobile", label: "Mobile", type: "Phone", value: user?.mobile ?? null },
        { key: "language", label: "Language", type: "List", value: user?.language ?? null },
      ];
    },
  });

  app.route({
    ...contractRoute(routes.changeLanguage),
    handler: async (request) => {
      await updateLanguage(app.db, request.actor.id, request.body.language);
      return { language: request.body.language };
    },
  });

  app.route({
    ...contractRoute(routes.employee),
    handler: async (request) => {
      requirePermission(request.actor, "Read", "Users");
      return service.getEmployee(app.db, request.actor, request.params.id);
    },
  });

  app.route({
    ...contractRoute(routes.listEmployees),
    handler: async (request) => service.listEmployees(app.db, request.actor, request.query),
  });

  app.route({
    ...contractRoute(routes.invite),
    handler: async (request, reply) => {
      requirePermission(request.actor, "Create", "Users");
      const { employee, created } = await service.createEmployee(app.db, request.actor, request.body, invitations);
      return reply.status(created ? 201 : 200).send(employee);
    },
  });

  app.route({
    ...contractRoute(routes.change),
    handler: async (request) => service.changeEmployee(app.db, request.actor, request.params.id, request.body),
  });

  app.route({
    ...contractRoute(routes.deactivate),
    handler: async (request) => service.deactivateEmployee(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.reactivate),
    handler: async (request) => service.reactivateEmployee(app.db, request.actor, request.params.id),
  });

  app.route({
    ...contractRoute(routes.history),
    handler: async (request) =>
      service.employeeHistory(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  });

  app.route({
    ...contractRoute(routes.resendInvitation),
    handler: async (request, reply) => {
      requirePermission(request.actor, "Create", "Users");
      await service.resendInvitation(app.db, request.params.id, invitations);
      return reply.status(204).send(null);
    },
  });
};
