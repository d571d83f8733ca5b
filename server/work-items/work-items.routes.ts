import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "../contract/records.ts";
import {
  linkedWorkItemInputSchema,
  referenceNumberStartSchema,
  workItemDefaultsSchema,
  workItemLinkInputSchema,
  workItemLinkSchema,
  workItemPageSchema,
  workItemTables,
} from "../contract/work-items.ts";
import * as service from "./work-items.service.ts";

const security = [{ bearer: [] }];
const table = z.enum(workItemTables);
const id = z.string().max(64);

/**
 * Inquiries' and to-dos' links to a contact and one of its companies (crm.{inquiry,todo}_company_contact). The items
 * themselves are read, created, edited and deleted through the generic record calls at /api/crm/{inquiry,todo}.
 */
export const workItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/crm/:table/:id/company_contact",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "An inquiry's or a to-do's contacts, each with its company",
        security,
        params: z.object({ table, id }),
        response: { 200: z.array(workItemLinkSchema) },
      },
    },
    async (request) => service.linksOf(app.db, request.actor, request.params.table, request.params.id),
  );

  app.post(
    "/crm/:table/:id/company_contact",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Link an inquiry or a to-do to a contact, and to one of the contact's companies",
        security,
        params: z.object({ table, id }),
        body: workItemLinkInputSchema,
        response: { 201: workItemLinkSchema },
      },
    },
    async (request, reply) => {
      const link = await service.addLink(app.db, request.actor, request.params.table, request.params.id, request.body);
      return reply.status(201).send(link);
    },
  );

  app.delete(
    "/crm/:table/company_contact/:linkId",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Remove a link of an inquiry or a to-do",
        security,
        params: z.object({ table, linkId: id }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeLink(app.db, request.actor, request.params.table, request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/crm/:table/linked",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Create an inquiry or a to-do linked to a contact (and one of its companies), in one transaction",
        security,
        params: z.object({ table }),
        body: linkedWorkItemInputSchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) => {
      const { values, statusId, link } = request.body;
      const item = await service.createLinked(app.db, request.actor, request.params.table, { values, statusId }, link);
      return reply.status(201).send(item);
    },
  );

  app.get(
    "/crm/:table/of/:ownerTable/:ownerId",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "A company's or a contact's inquiries or to-dos, newest link first",
        security,
        params: z.object({ table, ownerTable: z.enum(["company", "contact"]), ownerId: id }),
        querystring: z.object({
          page: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
        }),
        response: { 200: workItemPageSchema },
      },
    },
    async (request) => {
      const { table, ownerTable, ownerId } = request.params;
      return service.itemsOf(
        app.db,
        request.actor,
        table,
        { tableKey: ownerTable, id: ownerId },
        request.query.page,
        request.query.size,
      );
    },
  );

  app.get(
    "/crm/:table/reference_number_start",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "The reference number the next inquiry (or to-do) gets",
        security,
        params: z.object({ table }),
        response: { 200: referenceNumberStartSchema },
      },
    },
    async (request) => service.referenceNumberStart(app.db, request.actor, request.params.table),
  );

  app.put(
    "/crm/:table/reference_number_start",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Number new inquiries (or to-dos) from here on; never below the next number, so none is reused",
        security,
        params: z.object({ table }),
        body: referenceNumberStartSchema,
        response: { 200: referenceNumberStartSchema },
      },
    },
    async (request) => service.setReferenceNumberStart(app.db, request.actor, request.params.table, request.body.next),
  );

  app.get(
    "/crm/:table/defaults",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Who new inquiries (or to-dos) go to when their creator leaves the assignee or the group out",
        security,
        params: z.object({ table }),
        response: { 200: workItemDefaultsSchema },
      },
    },
    async (request) => service.workItemDefaults(app.db, request.actor, request.params.table),
  );

  app.put(
    "/crm/:table/defaults",
    {
      schema: {
        tags: ["inquiries and to-dos"],
        summary: "Set the user and the group new inquiries (or to-dos) go to; null for none",
        security,
        params: z.object({ table }),
        body: workItemDefaultsSchema,
        response: { 200: workItemDefaultsSchema },
      },
    },
    async (request) => service.setWorkItemDefaults(app.db, request.actor, request.params.table, request.body),
  );
};
