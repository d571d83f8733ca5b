import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../contract/errors.ts";
import { signedLogoutAccount } from "../contract/logout-link.ts";
import { findUserForLogin } from "../users/users.repository.ts";
import { accountLock, recordLoginAttempt } from "./login-attempts.repository.ts";
import { type PageLanguage, pageLanguage, pageTexts, renderLoginPage, renderMessagePage } from "./pages.ts";
import { unknownUserHash, verifyPassword } from "./passwords.ts";
import { isRegisteredLogoutUrl, revokeGrant } from "./sign-ins.repository.ts";

/** CSP for the provider's own HTML pages; the form may continue to the web app. */
export function pageSecurityHeaders(reply: FastifyReply, appUrl: string) {
  reply.header(
    "content-security-policy",
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${new URL(appUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  reply.header("cache-control", "no-store");
  reply.type("text/html; charset=utf-8");
}

const loginForm = z.object({
  uid: z.string().max(200).default(""),
  email: z.string().trim().max(255).default(""),
  password: z.string().max(1000).default(""),
});

export const authRoutes: FastifyPluginAsyncZod<{
  appUrl: string;
  loginAttemptsPerMinute: number;
  /** The web app's OAuth client secret, which signs its logout links. */
  webClientSecret: string;
}> = async (app, { appUrl, loginAttemptsPerMinute, webClientSecret }) => {
  const provider = app.oidc;

  /** The pending sign-in (none once it expired) and the language its page speaks. */
  async function interaction(request: FastifyRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const language = pageLanguage(
        details.params.ui_locales as string | undefined,
        request.headers["accept-language"],
      );
      return { uid: details.uid, language };
    } catch {
      return { uid: undefined, language: pageLanguage(request.headers["accept-language"]) };
    }
  }

  function expiredPage(reply: FastifyReply, language: PageLanguage) {
    pageSecurityHeaders(reply, appUrl);
    const norwegian = language === "nb";
    return reply.status(400).send(
      renderMessagePage({
        language,
        title: norwegian ? "Innloggingen er utløpt" : "Sign-in expired",
        message: norwegian
          ? "Denne innloggingen er ikke lenger gyldig. Gå tilbake til Workspace og logg inn på nytt."
          : "This sign-in is no longer valid. Go back to Workspace and sign in again.",
        link: { href: `${appUrl}/login`, label: pageTexts(language).toWorkspace },
      }),
    );
  }

  app.get(
    "/auth/login",
    { schema: { hide: true, querystring: z.object({ uid: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const { uid, language } = await interaction(request, reply);
      if (!uid) return expiredPage(reply, language);
      pageSecurityHeaders(reply, appUrl);
      return reply.send(renderLoginPage({ language, uid }));
    },
  );

  app.post(
    "/auth/login",
    {
      schema: { hide: true, body: loginForm },
      config: { rateLimit: { max: loginAttemptsPerMinute, timeWindow: "1 minute" } },
      errorHandler: async (error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status !== 429) throw error;
        const { language } = await interaction(request, reply);
        const uid = (request.body as { uid?: string } | undefined)?.uid ?? "";
        pageSecurityHeaders(reply, appUrl);
        return reply.status(429).send(renderLoginPage({ language, uid, error: pageTexts(language).throttled }));
      },
    },
    async (request, reply) => {
      const { uid, language } = await interaction(request, reply);
      if (!uid) return expiredPage(reply, language);
      const t = pageTexts(language);
      const { email, password } = request.body;
      const refuse = (status: number, error: string) => {
        pageSecurityHeaders(reply, appUrl);
        return reply.status(status).send(renderLoginPage({ language, uid, email, error }));
      };

      const lock = await accountLock(app.db, email, request.ip);
      const user = email ? await findUserForLogin(app.db, email) : undefined;
      // Always verify against some hash, so the answer takes as long whether or not the email exists or is locked.
      const valid = await verifyPassword(password, user?.password_hash ?? (await unknownUserHash));
      const ok = Boolean(user && user.status === "active" && user.password_hash && valid);
      // A locked email answers alike whether an account has it or not, from any address: only the right password
      // from an address that signed in to the account before gets through. Attempts meanwhile are not counted, so
      // the lock lifts an hour after it began.
      if (lock.locked && !(ok && lock.trusted)) return refuse(429, t.locked);
      await recordLoginAttempt(app.db, email || "(empty)", request.ip, ok);
      if (!ok || !user) return refuse(401, t.invalid);

      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: user.id } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  app.post(
    "/sign_out",
    {
      schema: {
        tags: ["authentication"],
        summary: "Revoke the grant behind the Bearer token (its access and refresh tokens)",
        security: [{ bearer: [] }],
        body: z.object({ url: z.string().optional() }).nullish(),
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      const accessToken = token ? await provider.AccessToken.find(token) : undefined;
      if (!accessToken?.grantId) {
        return reply.status(401).header("www-authenticate", "Bearer").send({
          status: 401,
          exceptionName: "UnauthorizedException",
          message: "Invalid token",
          requestId: request.id,
        });
      }
      await revokeGrant(app.db, accessToken.grantId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/logout",
    {
      schema: {
        tags: ["authentication"],
        summary:
          "End the sign-in session and return to a registered URL; only a link the web app signed (exp, sig) ends it",
        querystring: z.object({
          url: z.string().max(2000).optional(),
          exp: z.string().max(20).optional(),
          sub: z.string().max(64).optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      // A plain GET from any site must not sign the browser out: only the web app's own signed link does, and only
      // for the account it was signed for.
      const account = await signedLogoutAccount(webClientSecret, request.query);
      if (!account && request.query.sig)
        request.log.warn("a sign-out link was refused: its signature or time is wrong");
      if (account) {
        const context = provider.app.createContext(request.raw, reply.raw);
        const sessionId = context.cookies.get(provider.cookieName("session"), { signed: true });
        const session = sessionId ? await provider.Session.find(sessionId) : undefined;
        if (session?.accountId === account) await session.destroy();
      }
      const { url } = request.query;
      const target = url && (await isRegisteredLogoutUrl(app.db, url)) ? url : `${appUrl}/login`;
      return reply.redirect(target, 303);
    },
  );
};
