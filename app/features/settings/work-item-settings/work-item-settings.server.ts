import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { metaStatusApi } from "../../../../server/contract/meta-status.api.ts";
import type { MetaStatusKindOrStatus, MetaStatusSetting } from "../../../../server/contract/meta-status.ts";
import { recordsApi } from "../../../../server/contract/records.api.ts";
import type { EntityInfo } from "../../../../server/contract/records.ts";
import { workItemsApi } from "../../../../server/contract/work-items.api.ts";
import type { ReferenceNumberStart, WorkItemTable } from "../../../../server/contract/work-items.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, fixedTexts, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { readForm } from "../../../utils/form-action.server.ts";
import { forgetEntityMetadata } from "../../records/metadata.server.ts";
import { defaultChange } from "../meta-status/meta-status-form.ts";
import { metaStatusKinds, workItemSettingsUrl } from "../meta-status/meta-status-urls.ts";
import { settingsMessageKey } from "../settings-messages.ts";
import { SETTINGS_RESOURCE } from "../urls.ts";
import {
  defaultFieldOf,
  parseDefaultsForm,
  parseReferenceForm,
  type WorkItemSettingsForm,
} from "./work-item-settings-form.ts";

/** One choice of a select: a value's id and its names. */
export interface Choice {
  value: string;
  labelEn: string;
  labelNb: string;
}

/** What an action answers when it does not redirect: a form's errors, and the warning dialog's text if any. */
export interface WorkItemSettingsActionResult {
  form: WorkItemSettingsForm;
  result?: SubmissionResult<string[]>;
  /** In English as the error catalogue has it, or already in the page's language when it is the settings' own. */
  dialog?: string | null;
}

type Client = ReturnType<typeof api>;

function valuesOf(client: Client, kind: MetaStatusKindOrStatus, table: WorkItemTable) {
  return client.call(metaStatusApi.listSettings, { params: { kind }, query: { schema: "crm", table } });
}

/** Every kind's values of the table, inactive ones too. */
async function allValues(client: Client, table: WorkItemTable) {
  const lists = await Promise.all(metaStatusKinds.map((kind) => valuesOf(client, kind, table)));
  return Object.fromEntries(metaStatusKinds.map((kind, index) => [kind, lists[index] ?? []])) as Record<
    MetaStatusKindOrStatus,
    MetaStatusSetting[]
  >;
}

function optionsOf(info: EntityInfo, key: string): Choice[] {
  const field = info.fields.find((candidate) => candidate.key === key);
  return (field?.settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb }));
}

/**
 * The inquiries' (or to-dos') settings: the next reference number, and what a new item starts with: the default
 * status, priority, category and source (each chosen among the active ones), user and group.
 */
export async function loadWorkItemSettings(
  request: Request,
  context: Readonly<RouterContextProvider>,
  table: WorkItemTable,
) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const client = api(context);
  const [reference, assignment, info, values] = await Promise.all([
    client.call(workItemsApi.referenceNumberStart, { params: { table } }),
    client.call(workItemsApi.defaults, { params: { table } }),
    client.call(recordsApi.info, { params: { schema: "crm", entity: table } }),
    allValues(client, table),
  ]);
  const kinds = metaStatusKinds.map((kind) => ({
    kind,
    chosen: values[kind].find((value) => value.isDefault)?.metaStatusId ?? "",
    choices: values[kind]
      .filter((value) => value.active)
      .map((value) => ({ value: value.metaStatusId, labelEn: value.nameEn, labelNb: value.nameNb })),
  }));
  return {
    title: getInstance(context).t(`settings.sections.${table === "inquiry" ? "inquiries" : "todo"}`),
    table,
    next: reference.next,
    kinds,
    assignedUserId: assignment.assignedUserId ?? "",
    groupId: assignment.groupId ?? "",
    users: optionsOf(info, "assigned_user_id"),
    groups: optionsOf(info, "group_id"),
    canUpdate: hasPermission(user, "Update", SETTINGS_RESOURCE),
  };
}

export type WorkItemSettingsData = Awaited<ReturnType<typeof loadWorkItemSettings>>;

/** The warning's text: the settings' own in the page's language, the catalogue's or the server's left as they are. */
function dialogText(context: Readonly<RouterContextProvider>, method: string, error: ApiError): string | null {
  const name = error.body.exceptionName ?? "";
  const message = serverMessage(error.body);
  const text =
    error.status === 404 && message && !Object.hasOwn(fixedTexts, name)
      ? message
      : errorDialogText(method, error.status, error.body);
  const own = text ? settingsMessageKey(text) : null;
  return own ? getInstance(context).t(own.key, own.values) : text;
}

/** The API refused: its field errors go on the form's fields; anything else is the warning dialog's. */
function refused(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  form: WorkItemSettingsForm,
  submission: { reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> },
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
  );
  const hasFieldErrors = Object.keys(byField).length > 0;
  return data<WorkItemSettingsActionResult>(
    {
      form,
      result: submission.reply({ fieldErrors: byField }),
      dialog: hasFieldErrors ? null : dialogText(context, "PUT", error),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * The defaults chosen: each kind's chosen value becomes its default through the meta status API (none chosen: the
 * old default is no longer one), then the user and group. Only what changed is sent.
 */
async function saveDefaults(
  client: Client,
  table: WorkItemTable,
  chosen: Record<string, string | undefined>,
): Promise<Record<string, string[]>> {
  const values = await allValues(client, table);
  const unknown: Record<string, string[]> = {};
  const changes: [MetaStatusKindOrStatus, string, ReturnType<typeof defaultChange>][] = [];
  for (const kind of metaStatusKinds) {
    const field = defaultFieldOf[kind];
    const id = chosen[field] || null;
    const current = values[kind].find((value) => value.isDefault);
    if ((current?.metaStatusId ?? null) === id) continue;
    const target = id ? values[kind].find((value) => value.metaStatusId === id && value.active) : undefined;
    if (id && !target) unknown[field] = ["Must be one of the options"];
    else if (target) changes.push([kind, target.metaStatusId, defaultChange(target, true)]);
    else if (current) changes.push([kind, current.metaStatusId, defaultChange(current, false)]);
  }
  if (Object.keys(unknown).length > 0) return unknown;
  for (const [kind, id, body] of changes) await client.call(metaStatusApi.change, { params: { kind, id }, body });
  await client.call(workItemsApi.setDefaults, {
    params: { table },
    body: { assignedUserId: chosen.assignedUserId || null, groupId: chosen.groupId || null },
  });
  return {};
}

/**
 * What the inquiries' (or to-dos') settings post: the next reference number (which the API refuses below the next
 * one, "Must be at least …", shown on the field), the defaults for new items, and a form sent back as it was (the
 * warning dialog closed without JavaScript).
 */
export async function workItemSettingsAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  table: WorkItemTable,
) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const client = api(context);
  const formData = await readForm(request);
  const form: WorkItemSettingsForm = formData.get("form") === "defaults" ? "defaults" : "reference";
  const submission = form === "defaults" ? parseDefaultsForm(formData) : parseReferenceForm(formData);
  if (formData.get("intent") === "dismiss") {
    return data<WorkItemSettingsActionResult>({
      form,
      result: { initialValue: submission.payload as SubmissionResult["initialValue"] },
    });
  }
  if (submission.status !== "success") {
    return data<WorkItemSettingsActionResult>({ form, result: submission.reply() }, { status: 400 });
  }

  try {
    if (form === "reference") {
      const saved = await client.call(workItemsApi.setReferenceNumberStart, {
        params: { table },
        body: submission.value as ReferenceNumberStart,
      });
      flash(context, {
        status: "success",
        message: "settings.workItems.referenceSavedToast",
        duration: 3000,
        params: { next: String(saved.next) },
      });
    } else {
      const unknown = await saveDefaults(client, table, submission.value as Record<string, string | undefined>);
      if (Object.keys(unknown).length > 0) {
        return data<WorkItemSettingsActionResult>(
          { form, result: submission.reply({ fieldErrors: unknown }) },
          { status: 400 },
        );
      }
      flash(context, { status: "success", message: "settings.workItems.defaultsSavedToast", duration: 3000 });
    }
  } catch (error) {
    return refused(context, error, form, submission);
  } finally {
    // New items' forms offer the defaults as they are now, whatever part was saved.
    if (form === "defaults") forgetEntityMetadata("crm", table);
  }
  return redirect(workItemSettingsUrl(table));
}
