import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileApi as routes } from "../contract/profile.api.ts";
import { uploadReader } from "../files/uploads.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
import * as service from "./profile.service.ts";

/**
 * The signed-in user's own profile (spec §2 /profile), as `profileApi` declares it: its image's upload (multipart)
 * and the images themselves (files, not JSON) included.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ loginAttemptsPerMinute: number }> = async (
  app,
  { loginAttemptsPerMinute },
) => {
  async function sendImage(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const image = await service.profileImageFile(app.db, request.actor, userId);
    const etag = `"${image.key}"`;
    reply
      .header("content-type", image.mime)
      .header("etag", etag)
      .header("cache-control", "private, no-cache")
      .header("x-content-type-options", "nosniff");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.header("content-length", image.size).send(app.storage.read(image.key));
  }

  const serve = contractRoutes(app);
  serve(routes.profile, (request) => service.profile(app.db, request.actor));
  serve(routes.save, (request) => service.saveProfile(app.db, request.actor, request.body));
  serve(routes.uploadImage, (request) =>
    service.uploadProfileImage(app.db, request.actor, uploadReader(request, app.storage)),
  );
  app.route({
    ...contractRoute(routes.image),
    handler: async (request, reply) => sendImage(request, reply, request.actor.id),
  });
  serve.noContent(routes.removeImage, (request) => service.removeProfileImage(app.db, request.actor));
  app.route({
    ...contractRoute(routes.employeeImage),
    handler: async (request, reply) => sendImage(request, reply, request.params.id),
  });

  serve.noContent(
    routes.changePassword,
    (request) => service.changePassword(app.db, request.actor, request.grantId, request.body, request.ip),
    {
      // Like sign-in: each attempt costs a password hash, and guesses of the current password are limited.
      config: {
        rateLimit: {
          max: loginAttemptsPerMinute,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `password:${request.actor.id}`,
        },
      },
    },
  );
};
