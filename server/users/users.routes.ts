import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../auth/permissions.ts";
import { usersApi as routes } from "../contract/users.api.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
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

  const serve = contractRoutes(app);
  serve(routes.meInfo, (request) => service.meInfo(app.db, request.actor));
  serve(routes.meFields, async (request) => {
    const user = await findUserById(app.db, request.actor.id);
    return [
      { key: "firstName", label: "First name", type: "Text", value: user?.first_name ?? null },
      { key: "lastName", label: "Last name", type: "Text", value: user?.last_name ?? null },
      { key: "email", label: "Email", type: "Email", value: user?.email ?? null },
      { key: "mobile", label: "Mobile", type: "Phone", value: user?.mobile ?? null },
      { key: "language", label: "Language", type: "List", value: user?.language ?? null },
    ];
  });
  serve(routes.changeLanguage, async (request) => {
    await updateLanguage(app.db, request.actor.id, request.body.language);
    return { language: request.body.language };
  });

  serve(routes.employee, (request) => {
    requirePermission(request.actor, "Read", "Users");
    return service.getEmployee(app.db, request.actor, request.params.id);
  });
  serve(routes.listEmployees, (request) => service.listEmployees(app.db, request.actor, request.query));

  // A new invitation answers 201; inviting again an address that has not answered yet answers 200.
  app.route({
    ...contractRoute(routes.invite),
    handler: async (request, reply) => {
      requirePermission(request.actor, "Create", "Users");
      const { employee, created } = await service.createEmployee(app.db, request.actor, request.body, invitations);
      return reply.status(created ? 201 : 200).send(employee);
    },
  });

  serve(routes.change, (request) => service.changeEmployee(app.db, request.actor, request.params.id, request.body));
  serve(routes.deactivate, (request) => service.deactivateEmployee(app.db, request.actor, request.params.id));
  serve(routes.reactivate, (request) => service.reactivateEmployee(app.db, request.actor, request.params.id));
  serve(routes.history, (request) =>
    service.employeeHistory(app.db, request.actor, request.params.id, request.query.page, request.query.size),
  );
  serve.noContent(routes.resendInvitation, (request) => {
    requirePermission(request.actor, "Create", "Users");
    return service.resendInvitation(app.db, request.params.id, invitations);
  });
};
