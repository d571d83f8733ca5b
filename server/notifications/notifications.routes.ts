import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationPageSchema,
  notificationSchema,
  notificationSettingSchema,
  notificationSettingsInputSchema,
  notificationToggleSchema,
  recentQuerySchema,
  unreadCountSchema,
} from "../contract/notifications.ts";
import * as service from "./notifications.service.ts";

const security = [{ bearer: [] }];
const tags = ["notifications"];
const idParams = z.object({ id: z.string().max(64) });

/** The signed-in user's own notifications and their settings (spec §7 /api/notifications). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications/settings",
    {
      schema: {
        tags,
        summary: "Each event type, on or off for the user; critical ones cannot be switched off",
        security,
        response: { 200: z.array(notificationSettingSchema) },
      },
    },
    async (request) => service.listSettings(app.db, request.actor),
  );

  app.patch(
    "/notifications/settings",
    {
      schema: {
        tags,
        summary: "Switch several event types on or off at once",
        security,
        body: notificationSettingsInputSchema,
        response: { 200: z.array(notificationSettingSchema) },
      },
    },
    async (request) => service.updateSettings(app.db, request.actor, request.body),
  );

  app.put(
    "/notifications/settings/:id",
    {
      schema: {
        tags,
        summary: "Switch one event type: to `enabled` when given, else to its other state",
        security,
        params: idParams,
        body: notificationToggleSchema,
        response: { 200: notificationSettingSchema },
      },
    },
    async (request) => service.toggleSetting(app.db, request.actor, request.params.id, request.body?.enabled),
  );

  app.put(
    "/notifications/notification/read_all",
    {
      schema: { tags, summary: "Mark all of the user's notifications read", security, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.readAll(app.db, request.actor);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/notifications/notification/unread",
    {
      schema: {
        tags,
        summary: "How many of the user's notifications are unread",
        security,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => service.unread(app.db, request.actor),
  );

  app.put(
    "/notifications/notification/:id/read",
    {
      schema: {
        tags,
        summary: "Mark one of the user's notifications read; it comes back with its record",
        security,
        params: idParams,
        response: { 200: notificationSchema },
      },
    },
    async (request) => service.read(app.db, request.actor, request.params.id),
  );

  app.get(
    "/notifications/notification/recent",
    {
      schema: {
        tags,
        summary: "The user's notifications, newest first, each with its record and whether the user may open it",
        security,
        querystring: recentQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => service.recent(app.db, request.actor, request.query.page, request.query.size),
  );
};
