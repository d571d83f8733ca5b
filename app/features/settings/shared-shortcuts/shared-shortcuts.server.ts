import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { shortcutsApi } from "../../../../server/contract/shortcuts.api.ts";
import type { SharedShortcutDto } from "../../../../server/contract/shortcuts.ts";
import { forgetUser, hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { deleteThenRedirect, readForm } from "../../../utils/form-action.server.ts";
import type { PanelState } from "../../../utils/form-action.ts";
import { loadGroupOptions } from "../../../utils/group-options.server.ts";
import { readListPanel } from "../settings-list.server.ts";
import { SETTINGS_RESOURCE, sharedShortcutsUrl } from "../urls.ts";
import { parseSharedShortcutForm } from "./shared-shortcut-form.ts";

/** Which panel or dialog the URL opens over the table; only for users who may change the settings. */
export type SharedShortcutPanelState = PanelState<"shortcut", SharedShortcutDto>;

/** What an action answers when it does not redirect: the form's errors. */
export interface SharedShortcutActionResult {
  result?: SubmissionResult<string[]>;
}

function readPanel(url: URL, shortcuts: SharedShortcutDto[]): SharedShortcutPanelState | null {
  return readListPanel(url.searchParams, "shortcut", shortcuts, (shortcut) => shortcut.uuid);
}

/**
 * The shared shortcuts (system settings section `shortcut`, spec §6 "shortcut visibility can be everyone, admin only or
 * by group"), and the panel or dialog the URL opens.
 */
export async function loadSharedShortcuts(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const client = api(context);
  const shortcuts = await client.call(shortcutsApi.listShared);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  const panel = canUpdate ? readPanel(new URL(request.url), shortcuts) : null;
  const formOpen = panel?.mode === "new" || panel?.mode === "edit";
  return {
    title: getInstance(context).t("settings.sharedShortcuts.title"),
    shortcuts,
    canUpdate,
    panel,
    groups: formOpen ? await loadGroupOptions(client) : null,
  };
}

export type SharedShortcutsData = Awaited<ReturnType<typeof loadSharedShortcuts>>;

/**
 * A new shared shortcut or a change from the side panel, and a deletion after its confirmation. Each change forgets
 * the acting user's cached information, so their menu shows it at once; others see it within half a minute.
 */
export async function sharedShortcutsAction(request: Request, context: Readonly<RouterContextProvider>) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const id = url.searchParams.get("id");
  const formData = await readForm(request);

  if (formData.get("intent") === "delete" && id) {
    return deleteThenRedirect(context, {
      remove: async () => {
        const shortcut = await client.call(shortcutsApi.getShared, { params: { id } });
        await client.call(shortcutsApi.deleteShared, { params: { id: shortcut.uuid } });
        return shortcut.name;
      },
      toast: "settings.sharedShortcuts.deletedToast",
      to: sharedShortcutsUrl(),
      // The screen has no warning dialog: a refusal (one gone meanwhile) is the error page.
      refusal: (error): never => {
        throw error;
      },
      settle: () => forgetUser(context),
    });
  }

  const submission = parseSharedShortcutForm(formData);
  if (submission.status !== "success") {
    return data<SharedShortcutActionResult>({ result: submission.reply() }, { status: 400 });
  }
  const editing = url.searchParams.get("panel") === "edit" ? id : null;
  let saved: SharedShortcutDto;
  try {
    saved = editing
      ? await client.call(shortcutsApi.changeShared, { params: { id: editing }, body: submission.value })
      : await client.call(shortcutsApi.createShared, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const byField = Object.fromEntries(
      Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
    );
    const text =
      Object.keys(byField).length > 0
        ? null
        : (errorDialogText(editing ? "PUT" : "POST", error.status, error.body) ?? (serverMessage(error.body) || OOPS));
    return data<SharedShortcutActionResult>(
      { result: submission.reply({ fieldErrors: byField, formErrors: text ? [text] : [] }) },
      { status: error.status === 400 ? 400 : 200 },
    );
  } finally {
    forgetUser(context);
  }
  flash(context, {
    status: "success",
    message: editing ? "settings.sharedShortcuts.savedToast" : "settings.sharedShortcuts.createdToast",
    duration: 3000,
    params: { name: saved.name },
  });
  return redirect(sharedShortcutsUrl());
}
