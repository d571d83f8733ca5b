import { z } from "zod";
import {
  notificationPageSchema,
  notificationSchema,
  notificationSettingSchema,
  notificationSettingsInputSchema,
  notificationToggleSchema,
  recentQuerySchema,
  unreadCountSchema,
} from "./notifications.ts";
import { apiRoute } from "./route.ts";

const tags = ["notifications"];
const idParams = z.object({ id: z.string().max(64) });

/** The signed-in user's own notifications and their settings (spec §7 /api/notifications). */
export const notificationsApi = {
  settings: apiRoute({
    method: "GET",
    path: "/notifications/settings",
    tags,
    summary: "Each event type, on or off for the user; critical ones cannot be switched off",
    response: { 200: z.array(notificationSettingSchema) },
  }),
  saveSettings: apiRoute({
    method: "PATCH",
    path: "/notifications/settings",
    tags,
    summary: "Switch several event types on or off at once",
    body: notificationSettingsInputSchema,
    response: { 200: z.array(notificationSettingSchema) },
  }),
  toggleSetting: apiRoute({
    method: "PUT",
    path: "/notifications/settings/:id",
    tags,
    summary: "Switch one event type: to `enabled` when given, else to its other state",
    params: idParams,
    body: notificationToggleSchema,
    response: { 200: notificationSettingSchema },
  }),
  readAll: apiRoute({
    method: "PUT",
    path: "/notifications/notification/read_all",
    tags,
    summary: "Mark all of the user's notifications read",
    response: { 204: z.null() },
  }),
  unread: apiRoute({
    method: "GET",
    path: "/notifications/notification/unread",
    tags,
    summary: "How many of the user's notifications are unread",
    response: { 200: unreadCountSchema },
  }),
  read: apiRoute({
    method: "PUT",
    path: "/notifications/notification/:id/read",
    tags,
    summary: "Mark one of the user's notifications read; it comes back with its record",
    params: idParams,
    response: { 200: notificationSchema },
  }),
  recent: apiRoute({
    method: "GET",
    path: "/notifications/notification/recent",
    tags,
    summary: "The user's notifications, newest first, each with its record and whether the user may open it",
    querystring: recentQuerySchema,
    response: { 200: notificationPageSchema },
  }),
};
