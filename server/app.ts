import { randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { activitiesRoutes } from "./activities/activities.routes.ts";
import { advancedSearchRoutes } from "./advanced-search/advanced-search.routes.ts";
import { assignmentsRoutes } from "./assignments/assignments.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { exportJobs } from "./bulk-data/exports.jobs.ts";
import { exportsRoutes } from "./bulk-data/exports.routes.ts";
import { importJob, importRecoveryJob } from "./bulk-data/import-job.ts";
import { importsRoutes } from "./bulk-data/imports.routes.ts";
import { companySettingsRoutes } from "./company-settings/company-settings.routes.ts";
import type { Config } from "./config.ts";
import { customEntitiesRoutes } from "./custom-entities/custom-entities.routes.ts";
import { dashboardsRoutes } from "./dashboards/dashboards.routes.ts";
import { seedDemoDocuments } from "./db/demo-documents.ts";
import { registerApiDocs, registerOpenApi } from "./docs/docs.routes.ts";
import { documentsRoutes } from "./documents/documents.routes.ts";
import { documentRecordHooks } from "./documents/documents.service.ts";
import { entityOrderRoutes } from "./entity-order/entity-order.routes.ts";
import { fieldsRoutes } from "./fields/fields.routes.ts";
import { formMergeJob } from "./forms/form-merge.jobs.ts";
import { formsRoutes, publicFormsRoutes } from "./forms/forms.routes.ts";
import { groupsRoutes } from "./groups/groups.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { noStoreJson } from "./http/cache-headers.ts";
import { concurrencyShare } from "./http/concurrency-share.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { refuseUnstorableInput } from "./http/input-guard.ts";
import { registerRateLimits } from "./http/rate-limits.ts";
import mailer from "./mail/mailer.ts";
import { metaStatusRoutes } from "./meta-status/meta-status.routes.ts";
import { notesRoutes } from "./notes/notes.routes.ts";
import { notificationsRoutes } from "./notifications/notifications.routes.ts";
import { remindersJob } from "./notifications/reminders.ts";
import { overviewBlocksRoutes } from "./overview-blocks/overview-blocks.routes.ts";
import database from "./plugins/database.ts";
import jobs from "./plugins/jobs.ts";
import oidc from "./plugins/oidc.ts";
import storage from "./plugins/storage.ts";
import { recentRoutes } from "./recent/recent.routes.ts";
import { linksRoutes } from "./records/links.routes.ts";
import { linkRecordHooks } from "./records/links.service.ts";
import { registerRecordHooks } from "./records/record-hooks.ts";
import { recordsRoutes } from "./records/records.routes.ts";
import { relationshipsRoutes } from "./relationships/relationships.routes.ts";
import { rolesRoutes } from "./roles/roles.routes.ts";
import { readOrCreateSecret } from "./secrets.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { redactUrl } from "./shared/log-redaction.ts";
import { cutSlowRequests } from "./shared/slow-requests.ts";
import { shortcutsRoutes } from "./shortcuts/shortcuts.routes.ts";
import { inviteFirstAdmin } from "./users/bootstrap.ts";
import { profileRoutes } from "./users/profile.routes.ts";
import { registerRoutes } from "./users/register.routes.ts";
import { usersRoutes } from "./users/users.routes.ts";
import { workItemsRoutes } from "./work-items/work-items.routes.ts";
import { workItemRecordHooks } from "./work-items/work-items.service.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export type AppConfig = Pick<
  Config,
  | "NODE_ENV"
  | "DATABASE_URL"
  | "DATA_DIR"
  | "LOG_LEVEL"
  | "RATE_LIMIT_PER_MINUTE"
  | "CONCURRENT_REQUESTS_PER_USER"
  | "HEADERS_TIMEOUT_SECONDS"
  | "BODY_TIMEOUT_SECONDS"
  | "TRUST_PROXY"
  | "LOGIN_ATTEMPTS_PER_MINUTE"
  | "SEED_DEMO"
  | "DEMO_PASSWORD"
  | "ADMIN_EMAIL"
  | "APP_URL"
  | "PUBLIC_API_URL"
  | "OAUTH_CLIENT_SECRET"
  | "ACCESS_TOKEN_TTL"
  | "REFRESH_TOKEN_TTL"
  | "INVITATION_TTL_HOURS"
  | "SMTP_URL"
  | "MAX_UPLOAD_MB"
  | "JOB_WORKERS"
  | "BULK_FILE_RETENTION_DAYS"
  | "MAX_IMPORT_MB"
> &
  // English unless asked: test apps and other callers need not name it.
  Partial<
    Pick<
      Config,
      | "DEMO_LANGUAGE"
      | "FORM_SUBMISSIONS_PER_ADDRESS"
      | "FORM_ADDRESS_WINDOW_MINUTES"
      | "FORM_SUBMISSIONS_PER_MINUTE"
      | "FORM_SUBMISSIONS_IN_PROGRESS"
    >
  >;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Where a demo password generated on this start is left for `npm start`'s banner. */
  demoPasswordNoticeFile?: string;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Before the database plugin seeds: the demo's records take the same path as everyone's. A document's guard comes
  // first; links' history lines are written before the work items' on a delete.
  registerRecordHooks("documents", documentRecordHooks);
  registerRecordHooks("links", linkRecordHooks);
  registerRecordHooks("work-items", workItemRecordHooks);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Request lines keep their path, but never an invitation token or an authorization code from the query.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      redact: ["req.headers.authorization", "req.headers.cookie"],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Keep a caller's id when it is safe to echo, so one id follows a request across services.
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Forwarded addresses count only from configured proxies, such as the web app relaying its users' sign-ins.
    trustProxy: config.TRUST_PROXY,
    // Opening, migrating and seeding an embedded database takes seconds on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  cutSlowRequests(app.server, {
    headersTimeoutSeconds: config.HEADERS_TIMEOUT_SECONDS,
    bodyTimeoutSeconds: config.BODY_TIMEOUT_SECONDS,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseUnstorableInput(app);
  noStoreJson(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // No CORS plugin: the browser never calls the API cross-origin, so none is allowed.
  const https = config.PUBLIC_API_URL.startsWith("https://");
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  const rateLimits = await registerRateLimits(app, config.RATE_LIMIT_PER_MINUTE);
  await app.register(formbody);
  await app.register(database, {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    seedDemo: config.SEED_DEMO,
    demoPassword: config.DEMO_PASSWORD,
    demoLanguage: config.DEMO_LANGUAGE ?? "en",
    demoPasswordNoticeFile: options.demoPasswordNoticeFile,
  });
  const webClientSecret = readOrCreateSecret(config.DATA_DIR, "oauth-client-secret", config.OAUTH_CLIENT_SECRET);
  await app.register(mailer, { smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR });
  await app.register(storage, { dataDir: config.DATA_DIR, maxUploadMegabytes: config.MAX_UPLOAD_MB });
  // The demo's documents are files: they are stored once the storage is there (a start that stops in between leaves
  // the demo without them, never a row without its file).
  if (app.demoCreated) await seedDemoDocuments(app.db, app.storage);
  await app.register(oidc, {
    publicApiUrl: config.PUBLIC_API_URL,
    appUrl: config.APP_URL,
    webClientSecret,
    accessTokenTtl: config.ACCESS_TOKEN_TTL,
    refreshTokenTtl: config.REFRESH_TOKEN_TTL,
    limitTokenRequest: rateLimits.tokenRequest,
  });

  const invitations = {
    appUrl: config.APP_URL,
    publicApiUrl: config.PUBLIC_API_URL,
    ttlHours: config.INVITATION_TTL_HOURS,
  };
  if (config.ADMIN_EMAIL) await inviteFirstAdmin(app, config.ADMIN_EMAIL, invitations);

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    appUrl: config.APP_URL,
    loginAttemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE,
    webClientSecret,
  });
  await app.register(registerRoutes, {
    appUrl: config.APP_URL,
    loginAttemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE,
  });
  await app.register(
    async (api) => {
      api.addHook("onRequest", rateLimits.refuseFailingAddress);
      api.addHook("onRequest", app.authenticate);
      api.addHook("onRequest", rateLimits.perUser);
      api.addHook("onRequest", concurrencyShare(config.CONCURRENT_REQUESTS_PER_USER));
      api.addHook("onResponse", rateLimits.countAuthenticationFailure);
      await api.register(usersRoutes, {
        invitations: {
          appUrl: config.APP_URL,
          publicApiUrl: config.PUBLIC_API_URL,
          ttlHours: config.INVITATION_TTL_HOURS,
        },
      });
      await api.register(rolesRoutes);
      await api.register(groupsRoutes);
      await api.register(profileRoutes, { loginAttemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE });
      await api.register(settingsRoutes);
      await api.register(companySettingsRoutes);
      await api.register(assignmentsRoutes);
      await api.register(linksRoutes);
      await api.register(metaStatusRoutes);
      await api.register(fieldsRoutes);
      await api.register(entityOrderRoutes);
      await api.register(customEntitiesRoutes);
      await api.register(relationshipsRoutes);
      await api.register(overviewBlocksRoutes);
      await api.register(shortcutsRoutes);
      await api.register(dashboardsRoutes);
      await api.register(recentRoutes);
      await api.register(documentsRoutes);
      await api.register(notesRoutes);
      await api.register(workItemsRoutes);
      await api.register(activitiesRoutes);
      await api.register(notificationsRoutes);
      await api.register(exportsRoutes);
      await api.register(advancedSearchRoutes);
      await api.register(importsRoutes, { maxImportMegabytes: config.MAX_IMPORT_MB });
      await api.register(formsRoutes);
      await api.register(recordsRoutes);
    },
    { prefix: "/api" },
  );
  // Web forms' public side: anyone answers an open form; each route takes a token only where the form asks for one.
  await app.register(
    async (api) => {
      api.addHook("onRequest", rateLimits.refuseFailingAddress);
      // A bad token counts against its address; a form that asks for a sign-in of a caller without one does not.
      api.addHook("onResponse", async (request, reply) => {
        if (request.headers.authorization) await rateLimits.countAuthenticationFailure(request, reply);
      });
      await api.register(publicFormsRoutes, {
        limits: {
          perAddress: config.FORM_SUBMISSIONS_PER_ADDRESS ?? 5,
          addressWindowMinutes: config.FORM_ADDRESS_WINDOW_MINUTES ?? 10,
          perFormPerMinute: config.FORM_SUBMISSIONS_PER_MINUTE ?? 15_000,
        },
        inProgressMax: config.FORM_SUBMISSIONS_IN_PROGRESS ?? 64,
      });
    },
    { prefix: "/api" },
  );
  await registerApiDocs(app);
  await app.register(jobs, {
    work: config.JOB_WORKERS,
    definitions: [
      remindersJob,
      importJob,
      importRecoveryJob,
      ...exportJobs({ retentionDays: config.BULK_FILE_RETENTION_DAYS }),
      formMergeJob,
    ],
  });

  return app;
}
