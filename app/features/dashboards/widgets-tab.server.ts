import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { advancedSearchApi } from "../../../server/contract/advanced-search.api.ts";
import type { ResultColumn } from "../../../server/contract/advanced-search.ts";
import { dashboardsApi } from "../../../server/contract/dashboards.api.ts";
import type { WidgetDto } from "../../../server/contract/dashboards.ts";
import type { WidgetData, WidgetType } from "../../../server/contract/widget-data.ts";
import { type CurrentUser, hasPermission } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import type { Language } from "../../utils/i18n.ts";
import { deleteOnTab, readTabPost } from "./settings-actions.server.ts";
import { builderUrl, DATASOURCE_RESOURCE, dashboardSettingsUrl, WIDGET_RESOURCE } from "./settings-urls.ts";
import { hasEntries, isWidgetType, parseWidgetForm, toWidgetInput } from "./widget-form.ts";

/** The builder's step, from the URL: a type first, then a data source, then the columns. */
export type BuilderStep = "type" | "source" | "columns";

export interface BuilderState {
  /** The saved widget being changed (isSaved, with an id); null for a new one. */
  widget: WidgetDto | null;
  step: BuilderStep;
  type: WidgetType | null;
  datasourceUuidKey: string | null;
  /** The data sources to choose from; null when the user may not read them. */
  datasources: { uuid: string; name: string }[] | null;
  /** The chosen data source's name, when the user may read it. */
  sourceName: string | null;
  /** The chosen data source's columns (what a widget may use of it). */
  fields: ResultColumn[];
  /** The saved widget's data (isPreviewing), or why it has none. */
  /** Reset asked from the URL (the type and source steps, whose choices are in the URL). */
  confirmReset: boolean;
}

export type WidgetPanelState = { mode: "delete"; widget: WidgetDto };

export interface WidgetActionResult {
  form: "builder" | "delete";
  result?: SubmissionResult<string[]>;
  /** In English as the error catalogue has it; the page shows it in its language. */
  dialog?: string | null;
  /** Reset was asked with something entered: the question shows over the form as it was. */
  confirmReset?: boolean;
  /** Preview: the widget as the form has it, computed without saving it (isPreviewing), or why it could not be. */
  preview?: WidgetPreview;
}

export type WidgetPreview = { data: WidgetData | null; error: string | null };

async function loadDatasources(client: ReturnType<typeof api>, user: CurrentUser) {
  if (!hasPermission(user, "Read", DATASOURCE_RESOURCE)) return null;
  const page = await client.call(advancedSearchApi.listDataSources, { query: { size: 200 } });
  return page.content.map(({ id, name }) => ({ uuid: id, name }));
}

/** The chosen data source's name: the saved widget's, or the data source's own when the user may read it. */
async function loadSourceName(
  client: ReturnType<typeof api>,
  user: CurrentUser,
  uuid: string,
  widget: WidgetDto | null,
): Promise<string | null> {
  if (widget?.datasource.uuid === uuid) return widget.datasource.name;
  if (!hasPermission(user, "Read", DATASOURCE_RESOURCE)) return null;
  const source = await client.call(advancedSearchApi.getDataSource, { params: { id: uuid } });
  return source.name;
}

/** The builder the URL opens: a new widget (Create) or a saved one (Update), at the step its choices reach. */
async function loadBuilder(
  url: URL,
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
): Promise<BuilderState | null> {
  const params = url.searchParams;
  const mode = params.get("builder");
  if (mode !== "new" && mode !== "edit") return null;
  const client = api(context);
  let widget: WidgetDto | null = null;
  if (mode === "edit") {
    const id = params.get("id");
    if (!isUuid(id)) throw data("Not found", { status: 404 });
    if (!hasPermission(user, "Update", WIDGET_RESOURCE)) throw data("Forbidden", { status: 403 });
    widget = await client.call(dashboardsApi.getWidget, { params: { id } });
  } else if (!hasPermission(user, "Create", WIDGET_RESOURCE)) {
    throw data("Forbidden", { status: 403 });
  }
  const change = params.get("change");
  const askedType = params.get("type");
  const type =
    change === "type" ? null : isWidgetType(askedType) ? askedType : (widget?.widgetConfiguration.type ?? null);
  const askedSource = params.get("datasource");
  const datasourceUuidKey =
    change === "source" || change === "type"
      ? null
      : isUuid(askedSource)
        ? askedSource
        : (widget?.widgetConfiguration.datasourceUuidKey ?? null);
  const step: BuilderStep = !type ? "type" : !datasourceUuidKey ? "source" : "columns";
  const [datasources, fields, sourceName] = await Promise.all([
    step === "source" ? loadDatasources(client, user) : null,
    step === "columns" && datasourceUuidKey
      ? client.call(advancedSearchApi.dataSourceFields, { params: { id: datasourceUuidKey } })
      : ([] as ResultColumn[]),
    step === "columns" && datasourceUuidKey ? loadSourceName(client, user, datasourceUuidKey, widget) : null,
  ]);
  return {
    widget,
    step,
    type,
    datasourceUuidKey,
    datasources,
    sourceName,
    fields,
    confirmReset: params.get("confirm") === "reset" && step !== "columns",
  };
}

/** The widgets tab: every widget, the builder the URL opens, or the question before a deletion. */
export async function loadWidgetsTab(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  if (!hasPermission(user, "Read", WIDGET_RESOURCE)) throw data("Forbidden", { status: 403 });
  const url = new URL(request.url);
  const client = api(context);
  const builder = await loadBuilder(url, context, user);
  const canDelete = hasPermission(user, "Delete", WIDGET_RESOURCE);
  const widgets = builder ? [] : (await client.call(dashboardsApi.listWidgets, { query: { page: 999999 } })).content;
  const named = widgets.find((widget) => widget.uuid === url.searchParams.get("id"));
  const panel: WidgetPanelState | null =
    !builder && canDelete && named && url.searchParams.get("confirm") === "delete"
      ? { mode: "delete", widget: named }
      : null;
  return {
    tab: "widgets" as const,
    widgets,
    builder,
    panel,
    canCreate: hasPermission(user, "Create", WIDGET_RESOURCE),
    canUpdate: hasPermission(user, "Update", WIDGET_RESOURCE),
    canDelete,
  };
}

/** The API refused a save: its field errors go on the builder's fields, anything else above them. */
function refusedSave(
  error: unknown,
  method: "POST" | "PUT",
  submission: {
    reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
  },
  /** Where the API names the widget's fields under a prefix (the preview's body). */
  prefix = "",
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [
      // The customizable fields are one group of checkboxes: an error of one of them shows under the group.
      (field.startsWith(prefix) ? field.slice(prefix.length) : field).replace(
        /^(widgetConfiguration\.customizableFilterFields)\[\d+\]$/,
        "$1",
      ),
      [message],
    ]),
  );
  const text =
    Object.keys(byField).length > 0
      ? null
      : error.status === 404 && serverMessage(error.body)
        ? serverMessage(error.body)
        : (errorDialogText(method, error.status, error.body) ?? OOPS);
  return data<WidgetActionResult>(
    { form: "builder", result: submission.reply({ fieldErrors: byField, formErrors: text ? [text] : [] }) },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * The builder's Preview: the API computes the widget as the form has it, saving nothing. Its refusals of the
 * configuration land on the builder's fields (the API names them under `widget.`); a refused data source (an entity
 * the user may not read) shows where the chart would.
 */
async function previewed(
  client: ReturnType<typeof api>,
  input: ReturnType<typeof toWidgetInput>,
  lang: Language,
  submission: Parameters<typeof refusedSave>[2],
) {
  try {
    const preview: WidgetData = await client.call(dashboardsApi.previewWidget, { body: { widget: input, lang } });
    return data<WidgetActionResult>({
      form: "builder",
      result: submission.reply(),
      preview: { data: preview, error: null },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400) return refusedSave(error, "POST", submission, "widget.");
    const text = errorDialogText("POST", error.status, error.body) ?? (serverMessage(error.body) || OOPS);
    return data<WidgetActionResult>({
      form: "builder",
      result: submission.reply(),
      preview: { data: null, error: text },
    });
  }
}

/** Everything the widgets tab posts: the builder's Preview, Save and Reset, and a deletion after its question. */
export async function widgetsAction(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const { url, client, formData, intent, id } = await readTabPost(request, context);
  if (intent === "delete" && id) {
    return deleteOnTab(context, user, "widgets", {
      read: () => client.call(dashboardsApi.getWidget, { params: { id } }),
      remove: (widget) => client.call(dashboardsApi.deleteWidget, { params: { id: widget.uuid } }),
    });
  }

  const editing = url.searchParams.get("builder") === "edit" && isUuid(id) ? id : null;
  if (!hasPermission(user, editing ? "Update" : "Create", WIDGET_RESOURCE)) throw data("Forbidden", { status: 403 });
  const submission = parseWidgetForm(formData);
  if (intent === "reset") {
    // Nothing entered: nothing to lose, so no question.
    if (!hasEntries(submission.payload)) return redirect(builderUrl());
    return data<WidgetActionResult>({ form: "builder", result: submission.reply(), confirmReset: true });
  }
  if (intent === "dismiss" || submission.status !== "success") {
    // A list's add or remove, the question's Cancel, or a form that breaks a rule: the form comes back as it was.
    return data<WidgetActionResult>(
      { form: "builder", result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const input = toWidgetInput(submission.value as Parameters<typeof toWidgetInput>[0]);
  if (intent === "preview") return previewed(client, input, getLocale(context), submission);
  let saved: WidgetDto;
  try {
    saved = editing
      ? await client.call(dashboardsApi.changeWidget, { params: { id: editing }, body: input })
      : await client.call(dashboardsApi.createWidget, { body: input });
  } catch (error) {
    return refusedSave(error, editing ? "PUT" : "POST", submission);
  }
  flash(context, {
    status: "success",
    message: editing ? "dashboardSettings.widgets.savedToast" : "dashboardSettings.widgets.createdToast",
    duration: 3000,
    params: { name: saved.name || saved.widgetConfiguration.type },
  });
  return redirect(dashboardSettingsUrl("widgets"));
}
