import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { companySettingsApi } from "../../../../server/contract/company-settings.api.ts";
import {
  COMPANY_LOGO_MAX_BYTES,
  type CompanySettings,
  companyLogoTexts,
} from "../../../../server/contract/company-settings.ts";
import { fileMessages } from "../../../../server/contract/files.ts";
import { DEFAULT_TIME_ZONE } from "../../../../server/contract/time-zones.ts";
import { forgetUser, hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { readForm } from "../../../utils/form-action.server.ts";
import { forwardUpload } from "../../files/upload.server.ts";
import { COMPANY_SETTINGS_PATH, SETTINGS_RESOURCE } from "../urls.ts";
import { LOGO_ANCHOR, parseCompanyForm } from "./company-settings-form.ts";

/** What the action answers when it does not redirect: the settings form's errors, or why a logo was refused. */
export interface CompanySettingsActionResult {
  result?: SubmissionResult<string[]>;
  /** In English, as the API and the contract word it; the page shows it in its language. */
  logoError?: string;
}

/** Every time zone this runtime knows (IANA names), the chosen one included whatever it is. */
function timeZoneNames(chosen: string): string[] {
  const names = new Set(Intl.supportedValuesOf("timeZone"));
  names.add("UTC");
  names.add(chosen);
  names.add(DEFAULT_TIME_ZONE);
  return [...names].sort();
}

/** The company settings screen (spec §2 company-settings): the settings, and whether the user may change them. */
export async function loadCompanySettings(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const settings = await api(context).call(companySettingsApi.settings);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t("settings.company.title"),
    settings,
    canUpdate,
    timeZones: canUpdate ? timeZoneNames(settings.timeZone) : [],
  };
}

export type CompanySettingsData = Awaited<ReturnType<typeof loadCompanySettings>>;

/**
 * The settings form's Save, the logo's upload (multipart, streamed on to the API as it arrives) and its removal. Each
 * change forgets the acting user's cached information, so the shell shows the new name and logo at once; other users
 * see them within half a minute.
 */
export async function companySettingsAction(request: Request, context: Readonly<RouterContextProvider>) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const client = api(context);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return uploadLogo(request, context, client);
  }
  const formData = await readForm(request);
  if (formData.get("intent") === "removeLogo") {
    try {
      await client.call(companySettingsApi.removeLogo);
    } finally {
      forgetUser(context);
    }
    flash(context, { status: "success", message: "settings.company.logoRemovedToast", duration: 3000 });
    return redirect(`${COMPANY_SETTINGS_PATH}#${LOGO_ANCHOR}`);
  }

  const submission = parseCompanyForm(formData);
  if (submission.status !== "success") {
    return data<CompanySettingsActionResult>({ result: submission.reply() }, { status: 400 });
  }
  try {
    await client.call(companySettingsApi.save, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const byField = Object.fromEntries(
      Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
    );
    const text = Object.keys(byField).length ? null : (errorDialogText("PUT", error.status, error.body) ?? OOPS);
    return data<CompanySettingsActionResult>(
      { result: submission.reply({ fieldErrors: byField, formErrors: text ? [text] : [] }) },
      { status: 400 },
    );
  } finally {
    forgetUser(context);
  }
  flash(context, { status: "success", message: "settings.company.savedToast", duration: 3000 });
  return redirect(COMPANY_SETTINGS_PATH);
}

/** The logo, forwarded to the API as it arrives; its type is checked there, by content, and its size on both sides. */
async function uploadLogo(request: Request, context: Readonly<RouterContextProvider>, client: ReturnType<typeof api>) {
  let forwarded: Awaited<ReturnType<typeof forwardUpload<CompanySettings>>>;
  try {
    forwarded = await forwardUpload<CompanySettings>(
      request,
      (body, type) => client.upload(companySettingsApi.uploadLogo, {}, body, type),
      { maxBytes: COMPANY_LOGO_MAX_BYTES, fileField: "file" },
    );
  } catch {
    // The browser's body broke off: nothing was stored, and nobody is waiting for an answer.
    throw data("Bad request", { status: 400 });
  } finally {
    forgetUser(context);
  }
  const refused = (logoError: string) => data<CompanySettingsActionResult>({ logoError }, { status: 400 });
  const { outcome } = forwarded;
  if (outcome.kind === "noFile") return refused(fileMessages.missing);
  if (outcome.kind === "tooLarge") return refused(companyLogoTexts.tooLarge);
  if (outcome.kind === "refused") {
    const error = outcome.error;
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 415) return refused(companyLogoTexts.type);
    if (error.status === 413) return refused(companyLogoTexts.tooLarge);
    if (error.status === 400) return refused(serverMessage(error.body) || fileMessages.missing);
    return refused(errorDialogText("POST", error.status, error.body) ?? OOPS);
  }
  flash(context, { status: "success", message: "settings.company.logoSavedToast", duration: 3000 });
  return redirect(`${COMPANY_SETTINGS_PATH}#${LOGO_ANCHOR}`);
}
