import { z } from "zod";
import { apiRoute } from "./route.ts";
import {
  sharedShortcutInputSchema,
  sharedShortcutSchema,
  shortcutInputSchema,
  shortcutOrderSchema,
  shortcutSchema,
} from "./shortcuts.ts";

const tags = ["shortcuts"];
const idParams = z.object({ id: z.string().max(64) });
const deleted = { 204: z.null() };

/**
 * Shortcuts (spec §7 `/api/shortcuts`): each user's list, which they show, hide and order, their own ones added from
 * the page they are on, and the shared ones the system settings make.
 */
export const shortcutsApi = {
  userShortcuts: apiRoute({
    method: "GET",
    path: "/shortcuts/shortcut/user",
    tags,
    summary: "The signed-in user's shortcuts in their order: their own and the shared ones they see, shown or hidden",
    response: { 200: z.array(shortcutSchema) },
  }),
  setVisibility: apiRoute({
    method: "PATCH",
    path: "/shortcuts/shortcut/:id/visibility",
    tags,
    summary: "Show or hide one of the user's shortcuts (their own or a shared one they see), for them alone",
    params: idParams,
    querystring: z.object({ visible: z.enum(["true", "false"]) }),
    response: { 200: shortcutSchema },
  }),
  order: apiRoute({
    method: "PATCH",
    path: "/shortcuts/shortcut/order",
    tags,
    summary: "Order the user's shortcuts: their ids in the new order (any left out follow); answers the list",
    body: shortcutOrderSchema,
    response: { 200: z.array(shortcutSchema) },
  }),
  addOwn: apiRoute({
    method: "POST",
    path: "/shortcuts/shortcut",
    tags,
    summary: "Add a shortcut of the user's own (a path in the app, such as the page they are on), last in the list",
    body: shortcutInputSchema,
    response: { 201: shortcutSchema },
  }),
  changeOwn: apiRoute({
    method: "PUT",
    path: "/shortcuts/shortcut/:id",
    tags,
    summary: "Rename one of the user's own shortcuts, or change its path",
    params: idParams,
    body: shortcutInputSchema,
    response: { 200: shortcutSchema },
  }),
  deleteOwn: apiRoute({
    method: "DELETE",
    path: "/shortcuts/shortcut/:id",
    tags,
    summary: "Delete one of the user's own shortcuts",
    params: idParams,
    response: deleted,
  }),
  listShared: apiRoute({
    method: "GET",
    path: "/shortcuts/shared",
    tags,
    summary: "Every shared shortcut, in the shared order (System_Settings Read)",
    response: { 200: z.array(sharedShortcutSchema) },
  }),
  getShared: apiRoute({
    method: "GET",
    path: "/shortcuts/shared/:id",
    tags,
    summary: "One shared shortcut (System_Settings Read)",
    params: idParams,
    response: { 200: sharedShortcutSchema },
  }),
  createShared: apiRoute({
    method: "POST",
    path: "/shortcuts/shared",
    tags,
    summary: "Add a shared shortcut for everyone, administrators only or a group (System_Settings Update)",
    body: sharedShortcutInputSchema,
    response: { 201: sharedShortcutSchema },
  }),
  changeShared: apiRoute({
    method: "PUT",
    path: "/shortcuts/shared/:id",
    tags,
    summary: "Change a shared shortcut (System_Settings Update)",
    params: idParams,
    body: sharedShortcutInputSchema,
    response: { 200: sharedShortcutSchema },
  }),
  deleteShared: apiRoute({
    method: "DELETE",
    path: "/shortcuts/shared/:id",
    tags,
    summary: "Delete a shared shortcut, for everyone who sees it (System_Settings Update)",
    params: idParams,
    response: deleted,
  }),
};
