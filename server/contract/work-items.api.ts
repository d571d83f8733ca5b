import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, recordSchema } from "./records.ts";
import { apiRoute } from "./route.ts";
import { settingApi } from "./setting-api.ts";
import {
  linkedWorkItemInputSchema,
  referenceNumberStartSchema,
  workItemDefaultsSchema,
  workItemLinkInputSchema,
  workItemLinkSchema,
  workItemPageSchema,
  workItemTables,
} from "./work-items.ts";

const tags = ["inquiries and to-dos"];
const table = z.enum(workItemTables);
const id = z.string().max(64);

/** Where a setting of inquiries' or to-dos' lives: under their table's path. */
const settingOfTable = (name: string) => ({ path: `/crm/:table/${name}`, tags, params: z.object({ table }) });

const referenceNumberStart = settingApi({
  ...settingOfTable("reference_number_start"),
  schema: referenceNumberStartSchema,
  read: "The reference number the next inquiry (or to-do) gets",
  save: "Number new inquiries (or to-dos) from here on; never below the next number, so none is reused",
});

const defaults = settingApi({
  ...settingOfTable("defaults"),
  schema: workItemDefaultsSchema,
  read: "Who new inquiries (or to-dos) go to when their creator leaves the assignee or the group out",
  save: "Set the user and the group new inquiries (or to-dos) go to; null for none",
});

/**
 * Inquiries' and to-dos' links to a contact and one of its companies (crm.{inquiry,todo}_company_contact), and their
 * settings. The items themselves are read, created, edited and deleted through the generic record calls at
 * /api/crm/{inquiry,todo}.
 */
export const workItemsApi = {
  links: apiRoute({
    method: "GET",
    path: "/crm/:table/:id/company_contact",
    tags,
    summary: "An inquiry's or a to-do's contacts, each with its company",
    params: z.object({ table, id }),
    response: { 200: z.array(workItemLinkSchema) },
  }),
  addLink: apiRoute({
    method: "POST",
    path: "/crm/:table/:id/company_contact",
    tags,
    summary: "Link an inquiry or a to-do to a contact, and to one of the contact's companies",
    params: z.object({ table, id }),
    body: workItemLinkInputSchema,
    response: { 201: workItemLinkSchema },
  }),
  removeLink: apiRoute({
    method: "DELETE",
    path: "/crm/:table/company_contact/:linkId",
    tags,
    summary: "Remove a link of an inquiry or a to-do",
    params: z.object({ table, linkId: id }),
    response: { 204: z.null() },
  }),
  createLinked: apiRoute({
    method: "POST",
    path: "/crm/:table/linked",
    tags,
    summary: "Create an inquiry or a to-do linked to a contact (and one of its companies), in one transaction",
    params: z.object({ table }),
    body: linkedWorkItemInputSchema,
    response: { 201: recordSchema },
  }),
  itemsOf: apiRoute({
    method: "GET",
    path: "/crm/:table/of/:ownerTable/:ownerId",
    tags,
    summary: "A company's or a contact's inquiries or to-dos, newest link first",
    params: z.object({ table, ownerTable: z.enum(["company", "contact"]), ownerId: id }),
    querystring: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    }),
    response: { 200: workItemPageSchema },
  }),
  referenceNumberStart: referenceNumberStart.read,
  setReferenceNumberStart: referenceNumberStart.save,
  defaults: defaults.read,
  setDefaults: defaults.save,
};
