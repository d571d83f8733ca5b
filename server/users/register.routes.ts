import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageSecurityHeaders } from "../auth/auth.routes.ts";
import { type PageLanguage, pageLanguage, pageTexts, renderMessagePage, renderRegisterPage } from "../auth/pages.ts";
import { registerSchema } from "../contract/identity.ts";
import { DomainError } from "../http/errors.ts";
import { messageText } from "../i18n.ts";
import { register } from "./users.service.ts";

function isFormPost(request: FastifyRequest): boolean {
  return request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
}

/** Invitation acceptance: a page with a form (works without JS), or JSON for API clients. */
export const registerRoutes: FastifyPluginAsyncZod<{ appUrl: string; loginAttemptsPerMinute: number }> = async (
  app,
  { appUrl, loginAttemptsPerMinute },
) => {
  function registerPage(reply: FastifyReply, status: number, language: PageLanguage, token: string, error: string) {
    pageSecurityHeaders(reply, appUrl);
    return reply.status(status).send(renderRegisterPage({ language, token, error }));
  }

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
      // Like sign-in: each post may cost a strength check and a password hash. Counted after the body is
      // parsed, so the 429 page keeps the invitation token and the user can simply try again.
      config: { rateLimit: { max: loginAttemptsPerMinute, timeWindow: "1 minute", hook: "preHandler" } },
      errorHandler: async (error, request, reply) => {
        // This route's own limit, or the app's per-address one (a DomainError).
        const status = error instanceof DomainError ? error.status : (error as { statusCode?: number }).statusCode;
        if (status !== 429 || !isFormPost(request)) throw error;
        const language = pageLanguage(request.headers["accept-language"]);
        const token = (request.body as { token?: string } | undefined)?.token ?? "";
        return registerPage(reply, 429, language, token, pageTexts(language).registerThrottled);
      },
    },
    async (request, reply) => {
      const wantsHtml = isFormPost(request);
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
        // A message code, or a plain text shown as it is, in the page's language.
        const message = messageText(language, error.errors?.[0]?.defaultMessage ?? error.message);
        return registerPage(reply, error.status, language, request.body.token, message);
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
