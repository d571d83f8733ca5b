import { randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { registerApiDocs, registerOpenApi } from "./docs/docs.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { registerErrorHandling } from "./http/errors.ts";
import database from "./plugins/database.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export type AppConfig = Pick<
  Config,
  "DATABASE_URL" | "DATA_DIR" | "LOG_LEVEL" | "RATE_LIMIT_PER_MINUTE" | "SEED_DEMO" | "NODE_ENV"
>;

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    // Keep a caller's id when it is safe to echo, so one id follows a request across services.
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // No CORS plugin: the browser never calls the API cross-origin, so none is allowed.
  await app.register(helmet, { global: true });
  await app.register(rateLimit, { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" });
  await app.register(formbody);
  await app.register(database, {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    seedDemo: config.SEED_DEMO,
  });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await registerApiDocs(app);

  return app;
}
