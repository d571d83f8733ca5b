import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  sharedShortcutInputSchema,
  sharedShortcutSchema,
  shortcutInputSchema,
  shortcutOrderSchema,
  shortcutSchema,
} from "../contract/shortcuts.ts";
import * as service from "./shortcuts.service.ts";

const security = [{ bearer: [] }];
const tags = ["shortcuts"];
const idParams = z.object({ id: z.string().max(64) });

/**
 * Shortcuts (spec §7 `/api/shortcuts`): each user's list, which they show, hide and order, their own ones added from
 * the page they are on, and the shared ones the system settings make.
 */
export const shortcutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/shortcuts/shortcut/user",
    {
      schema: {
        tags,
        summary:
          "The signed-in user's shortcuts in their order: their own and the shared ones they see, shown or hidden",
        security,
        response: { 200: z.array(shortcutSchema) },
      },
    },
    async (request) => service.userShortcuts(app.db, request.actor),
  );

  app.patch(
    "/shortcuts/shortcut/:id/visibility",
    {
      schema: {
        tags,
        summary: "Show or hide one of the user's shortcuts (their own or a shared one they see), for them alone",
        security,
        params: idParams,
        querystring: z.object({ visible: z.enum(["true", "false"]) }),
        response: { 200: shortcutSchema },
      },
    },
    async (request) =>
      service.setVisibility(app.db, request.actor, request.params.id, request.query.visible === "true"),
  );

  app.patch(
    "/shortcuts/shortcut/order",
    {
      schema: {
        tags,
        summary: "Order the user's shortcuts: their ids in the new order (any left out follow); answers the list",
        security,
        body: shortcutOrderSchema,
        response: { 200: z.array(shortcutSchema) },
      },
    },
    async (request) => service.orderShortcuts(app.db, request.actor, request.body),
  );

  app.post(
    "/shortcuts/shortcut",
    {
      schema: {
        tags,
        summary: "Add a shortcut of the user's own (a path in the app, such as the page they are on), last in the list",
        security,
        body: shortcutInputSchema,
        response: { 201: shortcutSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addOwn(app.db, request.actor, request.body)),
  );

  app.put(
    "/shortcuts/shortcut/:id",
    {
      schema: {
        tags,
        summary: "Rename one of the user's own shortcuts, or change its path",
        security,
        params: idParams,
        body: shortcutInputSchema,
        response: { 200: shortcutSchema },
      },
    },
    async (request) => service.changeOwn(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    "/shortcuts/shortcut/:id",
    {
      schema: {
        tags,
        summary: "Delete one of the user's own shortcuts",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteOwn(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/shortcuts/shared",
    {
      schema: {
        tags,
        summary: "Every shared shortcut, in the shared order (System_Settings Read)",
        security,
        response: { 200: z.array(sharedShortcutSchema) },
      },
    },
    async (request) => service.listShared(app.db, request.actor),
  );

  app.get(
    "/shortcuts/shared/:id",
    {
      schema: {
        tags,
        summary: "One shared shortcut (System_Settings Read)",
        security,
        params: idParams,
        response: { 200: sharedShortcutSchema },
      },
    },
    async (request) => service.getShared(app.db, request.actor, request.params.id),
  );

  app.post(
    "/shortcuts/shared",
    {
      schema: {
        tags,
        summary: "Add a shared shortcut for everyone, administrators only or a group (System_Settings Update)",
        security,
        body: sharedShortcutInputSchema,
        response: { 201: sharedShortcutSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createShared(app.db, request.actor, request.body)),
  );

  app.put(
    "/shortcuts/shared/:id",
    {
      schema: {
        tags,
        summary: "Change a shared shortcut (System_Settings Update)",
        security,
        params: idParams,
        body: sharedShortcutInputSchema,
        response: { 200: sharedShortcutSchema },
      },
    },
    async (request) => service.changeShared(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    "/shortcuts/shared/:id",
    {
      schema: {
        tags,
        summary: "Delete a shared shortcut, for everyone who sees it (System_Settings Update)",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteShared(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
