import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageSecurityHeaders } from "../auth/auth.routes.ts";
import { pageLanguage, pageTexts, renderMessagePage, renderRegisterPage } from "../auth/pages.ts";
import { registerSchema } from "../contract/identity.ts";
import { DomainError } from "../http/errors.ts";
import { register } from "./users.service.ts";

/** Invitation acceptance: a page with a form (works without JS), or JSON for API clients. */
export const registerRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, { appUrl }) => {
  app.get(
    "/jwt/register",
    { schema: { hide: true, querystring: z.object({ token: z.string().max(200).default("") }) } },
    async (request, reply) => {
      pageSecurityHeaders(reply, appUrl);
      const language = pageLanguage(request.headers["accept-language"]);
      return reply.send(renderRegisterPage({ language, token: request.query.token }));
    },
  );

  app.post(
    "/jwt/register",
    {
      schema: {
        tags: ["authentication"],
        summary: "Accept an invitation: set the password and activate the user",
        body: z.object({ token: z.string().max(200), password: z.string().max(1000) }),
      },
    },
    async (request, reply) => {
      const wantsHtml = request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
      const language = pageLanguage(request.headers["accept-language"]);
      const parsed = registerSchema.safeParse(request.body);
      try {
        if (!parsed.success) {
          throw new DomainError(
            400,
            "MethodArgumentNotValidException",
            "Validation failed",
            parsed.error.issues.map((issue) => ({
              field: issue.path.join("."),
              defaultMessage: issue.message,
              objectName: "register",
            })),
          );
        }
        await register(app.db, parsed.data.token, parsed.data.password);
      } catch (error) {
        if (!wantsHtml || !(error instanceof DomainError)) throw error;
        pageSecurityHeaders(reply, appUrl);
        const message = error.errors?.[0]?.defaultMessage ?? error.message;
        return reply
          .status(error.status)
          .send(renderRegisterPage({ language, token: request.body.token, error: message }));
      }
      if (!wantsHtml) return reply.status(204).send();
      pageSecurityHeaders(reply, appUrl);
      const t = pageTexts(language);
      return reply.send(
        renderMessagePage({
          language,
          title: t.registerTitle,
          message: t.registered,
          link: { href: `${appUrl}/login`, label: t.toWorkspace },
        }),
      );
    },
  );
};
