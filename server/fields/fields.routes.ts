import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldsApi as routes } from "../contract/fields.api.ts";
import { contractRoute } from "../http/contract-route.ts";
import * as service from "./fields.service.ts";

/** Custom fields (spec §7 advanced fields), as `fieldsApi` declares them. */
export const fieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(routes.entities),
    handler: async (request) => service.listFieldEntities(app.db, request.actor),
  });

  app.route({
    ...contractRoute(routes.listCustom),
    handler: async (request) =>
      service.listFields(app.db, request.actor, request.params.schema, request.params.table, "custom"),
  });

  app.route({
    ...contractRoute(routes.listStandard),
    handler: async (request) =>
      service.listFields(app.db, request.actor, request.params.schema, request.params.table, "standard"),
  });

  app.route({
    ...contractRoute(routes.get),
    handler: async (request) =>
      service.getField(app.db, request.actor, request.params.schema, request.params.table, request.params.key),
  });

  app.route({
    ...contractRoute(routes.create),
    handler: async (request, reply) => {
      const { schema, table } = request.params;
      return reply.status(201).send(await service.createField(app.db, request.actor, schema, table, request.body));
    },
  });

  app.route({
    ...contractRoute(routes.change),
    handler: async (request) => {
      const { schema, table, key } = request.params;
      return service.updateField(app.db, request.actor, schema, table, key, request.body);
    },
  });

  app.route({
    ...contractRoute(routes.delete),
    handler: async (request, reply) => {
      const { schema, table, id } = request.params;
      await service.deleteField(app.db, request.actor, schema, table, id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...contractRoute(routes.execute),
    handler: async (request) => {
      const { schema, table, fieldKey } = request.params;
      const [result] = await service.executeQueries(app.db, request.actor, schema, table, request.query.id, [fieldKey]);
      return result;
    },
  });

  app.route({
    ...contractRoute(routes.executeMany),
    handler: async (request) => {
      const { schema, table } = request.params;
      return service.executeQueries(app.db, request.actor, schema, table, request.body.id, request.body.keys);
    },
  });
};
