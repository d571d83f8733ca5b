import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** Registers the OpenAPI generator; call before any route so every route is collected. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Workspace provider API",
        description: "The system of record behind the Workspace web app. Every /api call needs a Bearer token.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "An access token from POST /oauth2/token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** Serves the generated document and a browsable UI; call after the routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
