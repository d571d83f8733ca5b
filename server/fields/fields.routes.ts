import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  customFieldInputSchema,
  fieldEntitySchema,
  fieldSettingSchema,
  queryResultSchema,
} from "../contract/custom-fields.ts";
import * as service from "./fields.service.ts";

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const security = [{ bearer: [] }];
const tags = ["custom fields"];
const entityParams = z.object({ schema: identifier, table: identifier });

/** Custom fields (spec §7 advanced fields): every entity's fields, managed at runtime, and its Query fields run. */
export const fieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/advance_field/entities",
    {
      schema: {
        tags,
        summary: "The entities fields may be added to, with their custom fields and column budget",
        security,
        response: { 200: z.array(fieldEntitySchema) },
      },
    },
    async (request) => service.listFieldEntities(app.db, request.actor),
  );

  app.get(
    "/advance_field/:schema/:table",
    {
      schema: {
        tags,
        summary: "An entity's custom fields, inactive ones too, in order",
        security,
        params: entityParams,
        response: { 200: z.array(fieldSettingSchema) },
      },
    },
    async (request) => service.listFields(app.db, request.actor, request.params.schema, request.params.table, "custom"),
  );

  app.get(
    "/advance_field/:schema/:table/standard_fields",
    {
      schema: {
        tags,
        summary: "An entity's standard fields, which cannot be edited or deactivated",
        security,
        params: entityParams,
        response: { 200: z.array(fieldSettingSchema) },
      },
    },
    async (request) =>
      service.listFields(app.db, request.actor, request.params.schema, request.params.table, "standard"),
  );

  app.get(
    "/advance_field/:schema/:table/:key",
    {
      schema: {
        tags,
        summary: "One field",
        security,
        params: entityParams.extend({ key: z.string().max(64) }),
        response: { 200: fieldSettingSchema },
      },
    },
    async (request) =>
      service.getField(app.db, request.actor, request.params.schema, request.params.table, request.params.key),
  );

  app.post(
    "/advance_field/:schema/:table",
    {
      schema: {
        tags,
        summary: "Add a custom field: its column is added in the same transaction, and records use it at once",
        security,
        params: entityParams,
        body: customFieldInputSchema,
        response: { 201: fieldSettingSchema },
      },
    },
    async (request, reply) => {
      const { schema, table } = request.params;
      return reply.status(201).send(await service.createField(app.db, request.actor, schema, table, request.body));
    },
  );

  app.put(
    "/advance_field/:schema/:table/:key",
    {
      schema: {
        tags,
        summary: "Change a custom field; its type only while no record holds a value in it",
        security,
        params: entityParams.extend({ key: z.string().max(64) }),
        body: customFieldInputSchema,
        response: { 200: fieldSettingSchema },
      },
    },
    async (request) => {
      const { schema, table, key } = request.params;
      return service.updateField(app.db, request.actor, schema, table, key, request.body);
    },
  );

  app.delete(
    "/advance_field/:schema/:table/:id",
    {
      schema: {
        tags,
        summary: "Delete a custom field that no record holds a value in, with its column",
        security,
        params: entityParams.extend({ id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { schema, table, id } = request.params;
      await service.deleteField(app.db, request.actor, schema, table, id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/advance_field/:schema/:table/:fieldKey/execute",
    {
      schema: {
        tags,
        summary: 'A Query field\'s rows for one record (read-only, limited); a failing select answers "Query failed."',
        security,
        params: entityParams.extend({ fieldKey: z.string().max(64) }),
        querystring: z.object({ id: z.string().max(64) }),
        response: { 200: queryResultSchema },
      },
    },
    async (request) => {
      const { schema, table, fieldKey } = request.params;
      const [result] = await service.executeQueries(app.db, request.actor, schema, table, request.query.id, [fieldKey]);
      return result;
    },
  );

  app.post(
    "/advance_field/:schema/:table/execute/queries",
    {
      schema: {
        tags,
        summary: "Several Query fields' rows for one record",
        security,
        params: entityParams,
        body: z.object({ id: z.string().max(64), keys: z.array(z.string().max(64)).min(1).max(50) }),
        response: { 200: z.array(queryResultSchema) },
      },
    },
    async (request) => {
      const { schema, table } = request.params;
      return service.executeQueries(app.db, request.actor, schema, table, request.body.id, request.body.keys);
    },
  );
};
