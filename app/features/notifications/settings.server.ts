import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { notificationsApi } from "../../../server/contract/notifications.api.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { notificationSettingFormSchema } from "./notification-form.ts";
import { NOTIFICATION_SETTINGS, settingRowId } from "./urls.ts";

/** What the action answers when it does not redirect: which row, and its form's result. */
export interface NotificationSettingResult {
  type: string | null;
  result: SubmissionResult<string[]>;
}

/** The user's notification settings (spec §2 /profile/notifications): each event type on or off. */
export async function loadNotificationSettings(context: Readonly<RouterContextProvider>) {
  const settings = await api(context).call(notificationsApi.settings);
  return { title: getInstance(context).t("profile.notifications.title"), settings };
}

/**
 * A row's switch, saved with PATCH /settings. Without JavaScript the page comes back at the row with a notice; the
 * page's script gets an answer instead. The API's refusal (a critical type switched off) is the row's error.
 */
export async function notificationSettingsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await readForm(request), { schema: notificationSettingFormSchema });
  if (submission.status !== "success") {
    return data<NotificationSettingResult>({ type: null, result: submission.reply() }, { status: 400 });
  }
  const { type, enabled, enhanced } = submission.value;
  try {
    await api(context).call(notificationsApi.saveSettings, {
      body: { settings: [{ id: type, enabled: enabled === "true" }] },
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    const message = getInstance(context).t("profile.notifications.critical");
    return data<NotificationSettingResult>(
      { type, result: submission.reply({ formErrors: [message] }) },
      { status: 400 },
    );
  }
  if (enhanced) return data<NotificationSettingResult>({ type, result: submission.reply({ resetForm: true }) });
  flash(context, { status: "success", message: "profile.notifications.saved", duration: 3000 });
  return redirect(`${NOTIFICATION_SETTINGS}#${settingRowId(type)}`);
}
