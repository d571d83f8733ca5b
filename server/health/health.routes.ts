import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const HEALTH_TIMEOUT_MS = 2000;

async function databaseAnswers(ping: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["health"],
        summary: "Liveness and database readiness",
        response: {
          200: z.object({ status: z.literal("ok") }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await databaseAnswers(app.dbPing);
      return ok ? reply.send({ status: "ok" }) : reply.status(503).send({ status: "unavailable" });
    },
  );
};
