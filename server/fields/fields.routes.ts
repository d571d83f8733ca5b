import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldsApi as routes } from "../contract/fields.api.ts";
import { contractRoutes } from "../http/contract-route.ts";
import * as service from "./fields.service.ts";

/** Custom fields (spec §7 advanced fields), as `fieldsApi` declares them. */
export const fieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.entities, (request) => service.listFieldEntities(app.db, request.actor));
  serve(routes.listCustom, (request) =>
    service.listFields(app.db, request.actor, request.params.schema, request.params.table, "custom"),
  );
  serve(routes.listStandard, (request) =>
    service.listFields(app.db, request.actor, request.params.schema, request.params.table, "standard"),
  );
  serve(routes.get, (request) =>
    service.getField(app.db, request.actor, request.params.schema, request.params.table, request.params.key),
  );
  serve.created(routes.create, (request) => {
    const { schema, table } = request.params;
    return service.createField(app.db, request.actor, schema, table, request.body);
  });
  serve(routes.change, (request) => {
    const { schema, table, key } = request.params;
    return service.updateField(app.db, request.actor, schema, table, key, request.body);
  });
  serve.noContent(routes.delete, (request) => {
    const { schema, table, id } = request.params;
    return service.deleteField(app.db, request.actor, schema, table, id);
  });

  serve(routes.execute, async (request) => {
    const { schema, table, fieldKey } = request.params;
    const [result] = await service.executeQueries(app.db, request.actor, schema, table, request.query.id, [fieldKey]);
    return result;
  });
  serve(routes.executeMany, (request) => {
    const { schema, table } = request.params;
    return service.executeQueries(app.db, request.actor, schema, table, request.body.id, request.body.keys);
  });
};
