import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  entityInfoSchema,
  HISTORY_SIZE_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  recordInputSchema,
  recordPageSchema,
  recordSchema,
  transactionPageSchema,
} from "../contract/records.ts";
import { fieldKeysQuery, listFilterQuery, listFiltersOf } from "./list-query.ts";
import * as service from "./records.service.ts";

const key = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const entityParams = z.object({ schema: key, entity: key });
const recordParams = entityParams.extend({ id: z.string().max(64) });
const security = [{ bearer: [] }];

const listQuery = z.looseObject({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  ...listFilterQuery,
  fields: fieldKeysQuery,
});

/** The generic resource service: every entity's records at /api/{schema}/{entity}. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/data_feed/:schema/:entity",
    {
      schema: {
        tags: ["records"],
        summary: "History of one record (newest first)",
        security,
        params: entityParams,
        querystring: z.object({
          // Accepts id=<uuid> and the filter form id==<uuid>.
          id: z
            .string()
            .max(80)
            .transform((value) => value.replace(/^=/, "")),
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(HISTORY_SIZE_DEFAULT),
        }),
        response: { 200: transactionPageSchema },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const { id, page, size } = request.query;
      return service.recordHistory(app.db, request.actor, entity, id, page, size);
    },
  );

  app.get(
    "/:schema/:entity/info",
    {
      schema: {
        tags: ["records"],
        summary: "An entity's fields",
        security,
        params: entityParams,
        response: { 200: entityInfoSchema },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      service.assertCanRead(request.actor, entity);
      return service.entityInfo(await service.withOptions(app.db, entity));
    },
  );

  app.get(
    "/:schema/:entity",
    {
      schema: {
        tags: ["records"],
        summary:
          "A page of records: page from 0, size, sort=key,asc|desc, q (3+ characters), filter.<key>=value (from..to for dates and numbers), open=true (not in a closed status), overdue=YYYY-MM-DD|true (open and due before that day), fields=a,b (the values to return), connections=true (each row's linked records)",
        security,
        params: entityParams,
        querystring: listQuery,
        response: { 200: recordPageSchema },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const { page, size, fields, connections } = request.query;
      return service.listRecords(app.db, request.actor, entity, {
        ...listFiltersOf(request.query),
        page,
        size,
        fields,
        withConnections: connections === "true",
      });
    },
  );

  app.get(
    "/:schema/:entity/:id",
    {
      schema: {
        tags: ["records"],
        summary: "One record",
        security,
        params: recordParams,
        response: { 200: recordSchema },
      },
    },
    async (request) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      return service.getRecord(app.db, request.actor, entity, request.params.id);
    },
  );

  app.post(
    "/:schema/:entity",
    {
      schema: {
        tags: ["records"],
        summary: "Create a record",
        security,
        params: entityParams,
        body: recordInputSchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      const record = await service.createRecord(
        app.db,
        request.actor,
        entity,
        request.body.values,
        request.body.statusId,
      );
      return reply.status(201).send(record);
    },
  );

  for (const method of ["put", "patch"] as const) {
    app[method](
      "/:schema/:entity/:id",
      {
        schema: {
          tags: ["records"],
          summary: method === "put" ? "Replace a record's values" : "Change some of a record's values",
          security,
          params: recordParams,
          body: recordInputSchema,
          response: { 200: recordSchema },
        },
      },
      async (request) => {
        const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
        return service.updateRecord(
          app.db,
          request.actor,
          entity,
          request.params.id,
          request.body.values,
          method === "patch",
          request.body.statusId,
        );
      },
    );
  }

  app.delete(
    "/:schema/:entity/:id",
    {
      schema: {
        tags: ["records"],
        summary: "Delete a record",
        security,
        params: recordParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const entity = await service.resolveEntity(app.db, request.params.schema, request.params.entity);
      await service.deleteRecord(app.db, request.actor, entity, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
