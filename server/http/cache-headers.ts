import type { FastifyInstance } from "fastify";

/**
 * API answers are one user's data, read with their token: neither a browser nor a shared cache may keep them. The
 * API's documentation and HTML pages set their own.
 */
export function noStoreJson(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.startsWith("application/json") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}
