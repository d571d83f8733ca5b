import { data, type RouterContextProvider, redirect } from "react-router";
import { advancedSearchApi } from "../../../server/contract/advanced-search.api.ts";
import {
  type DataSourceDto,
  QUERY_PAGE_SIZE_DEFAULT,
  type QueryResultPage,
  type SearchCatalog,
} from "../../../server/contract/advanced-search.ts";
import { dashboardsApi } from "../../../server/contract/dashboards.api.ts";
import { type CurrentUser, hasPermission } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { fieldErrors } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { queryErrorText } from "../advanced-search/builder.server.ts";
import {
  type BuilderForm,
  type BuilderResult,
  formErrors,
  formOfDefinition,
  parseBuilderForm,
} from "../advanced-search/builder-form.ts";
import { userRights } from "../advanced-search/queries.server.ts";

import { deleteOnTab, readTabPost } from "./settings-actions.server.ts";
import { DATASOURCE_RESOURCE, dashboardSettingsUrl, WIDGET_RESOURCE } from "./settings-urls.ts";

/** A data source in the list: what it reads and how many widgets use it (null when the user may not read widgets). */
export interface DataSourceRow {
  source: DataSourceDto;
  usedBy: number | null;
}

/** The data source form the URL opens: a new one, or a saved one changed. */
export interface SourceEditor {
  source: { id: string; name: string } | null;
  catalog: SearchCatalog;
  defaultValue: BuilderForm;
  /** Whether Preview may run the definition (it runs as an advanced search). */
  canPreview: boolean;
}

export interface DataSourceActionResult {
  form: "datasource" | "delete";
  result?: BuilderResult;
  preview?: QueryResultPage;
  /** In English as the error catalogue has it; the page shows it in its language. */
  dialog?: string | null;
}

function canPreview(user: CurrentUser): boolean {
  const rights = userRights(user);
  return rights.global.Read || rights.personal.Read;
}

async function loadEditor(url: URL, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const mode = url.searchParams.get("source");
  if (mode !== "new" && mode !== "edit") return null;
  const client = api(context);
  let saved: DataSourceDto | null = null;
  if (mode === "edit") {
    const id = url.searchParams.get("id");
    if (!isUuid(id)) throw data("Not found", { status: 404 });
    if (!hasPermission(user, "Update", DATASOURCE_RESOURCE)) throw data("Forbidden", { status: 403 });
    saved = await client.call(advancedSearchApi.getDataSource, { params: { id } });
  } else if (!hasPermission(user, "Create", DATASOURCE_RESOURCE)) {
    throw data("Forbidden", { status: 403 });
  }
  const catalog = await client.call(advancedSearchApi.dataSourceCatalog);
  // The advanced search's form names a kind of query; a data source has none, so it goes unused.
  const defaultValue: BuilderForm = saved
    ? {
        name: saved.name,
        description: saved.description,
        queryType: "global",
        definition: formOfDefinition(saved.definition),
      }
    : { queryType: "global", definition: { entities: [{}] } };
  return {
    source: saved && { id: saved.id, name: saved.name },
    catalog,
    defaultValue,
    canPreview: canPreview(user),
  } satisfies SourceEditor;
}

/** How many widgets use each data source; null without the right to read widgets. */
async function widgetCounts(client: ReturnType<typeof api>, user: CurrentUser) {
  if (!hasPermission(user, "Read", WIDGET_RESOURCE)) return null;
  const page = await client.call(dashboardsApi.listWidgets, { query: { page: 999999 } });
  const counts = new Map<string, number>();
  for (const widget of page.content) counts.set(widget.datasource.uuid, (counts.get(widget.datasource.uuid) ?? 0) + 1);
  return counts;
}

/** The data sources tab: the list with what each reads and uses, the form the URL opens, or a delete question. */
export async function loadDataSourcesTab(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
) {
  if (!hasPermission(user, "Read", DATASOURCE_RESOURCE)) throw data("Forbidden", { status: 403 });
  const url = new URL(request.url);
  const client = api(context);
  const editor = await loadEditor(url, context, user);
  const canDelete = hasPermission(user, "Delete", DATASOURCE_RESOURCE);
  let rows: DataSourceRow[] = [];
  let catalog: SearchCatalog | null = editor?.catalog ?? null;
  if (!editor) {
    const [page, counts, entities] = await Promise.all([
      client.call(advancedSearchApi.listDataSources, { query: { size: 200 } }),
      widgetCounts(client, user),
      client.call(advancedSearchApi.dataSourceCatalog),
    ]);
    catalog = entities;
    rows = page.content.map((source) => ({ source, usedBy: counts ? (counts.get(source.id) ?? 0) : null }));
  }
  const named = rows.find((row) => row.source.id === url.searchParams.get("id"));
  const confirm = !editor && canDelete && named && url.searchParams.get("confirm") === "delete" ? named : null;
  return {
    tab: "datasources" as const,
    rows,
    catalog,
    editor,
    confirm,
    canCreate: hasPermission(user, "Create", DATASOURCE_RESOURCE),
    canUpdate: hasPermission(user, "Update", DATASOURCE_RESOURCE),
    canDelete,
  };
}

/**
 * Everything the data sources tab posts: the form's Preview (the definition run as it is, not saved) and Save, its
 * rows added and removed and its choices applied without JavaScript, and a deletion after its question. A refused
 * save ("No Results Found") or deletion (a data source in use) shows in the warning dialog.
 */
export async function dataSourcesAction(request: Request, context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const { url, client, formData, intent, id } = await readTabPost(request, context);
  if (intent === "delete" && id) {
    return deleteOnTab(context, user, "datasources", {
      read: () => client.call(advancedSearchApi.getDataSource, { params: { id } }),
      remove: (source) => client.call(advancedSearchApi.deleteDataSource, { params: { id: source.id } }),
      refusal: (error) => {
        if (!(error instanceof ApiError)) throw error;
        return data<DataSourceActionResult>({ form: "delete", dialog: queryErrorText("DELETE", error) });
      },
    });
  }

  const editing = url.searchParams.get("source") === "edit" && isUuid(id) ? id : null;
  if (!hasPermission(user, editing ? "Update" : "Create", DATASOURCE_RESOURCE))
    throw data("Forbidden", { status: 403 });
  const submission = parseBuilderForm(formData);
  // A choice applied, or the warning closed without JavaScript: the form comes back as it was, unchecked.
  if (intent === "apply" || intent === "dismiss") {
    return data<DataSourceActionResult>({
      form: "datasource",
      result: { initialValue: submission.payload as BuilderResult["initialValue"] },
    });
  }
  if (intent !== "save" && intent !== "preview") {
    return data<DataSourceActionResult>(
      { form: "datasource", result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (submission.status !== "success") {
    return data<DataSourceActionResult>({ form: "datasource", result: submission.reply() }, { status: 400 });
  }
  const { name, description, definition } = submission.value;
  const refused = (method: string, error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const byField = formErrors(
      Object.fromEntries(Object.entries(fieldErrors(error.status, error.body)).map(([key, text]) => [key, [text]])),
    );
    const dialog = Object.keys(byField).length > 0 ? null : queryErrorText(method, error);
    return data<DataSourceActionResult>(
      { form: "datasource", result: submission.reply({ fieldErrors: byField }), dialog },
      { status: error.status === 400 ? 400 : 200 },
    );
  };

  if (intent === "preview") {
    if (!canPreview(user)) throw data("Forbidden", { status: 403 });
    try {
      const preview = await client.call(advancedSearchApi.run, {
        query: { page: 0, size: QUERY_PAGE_SIZE_DEFAULT },
        body: definition,
      });
      return data<DataSourceActionResult>({ form: "datasource", result: submission.reply(), preview });
    } catch (error) {
      return refused("POST", error);
    }
  }

  let saved: DataSourceDto;
  try {
    const body = { name, description, definition };
    saved = editing
      ? await client.call(advancedSearchApi.updateDataSource, { params: { id: editing }, body })
      : await client.call(advancedSearchApi.createDataSource, { body });
  } catch (error) {
    return refused(editing ? "PUT" : "POST", error);
  }
  flash(context, {
    status: "success",
    message: editing ? "dashboardSettings.datasources.savedToast" : "dashboardSettings.datasources.createdToast",
    duration: 3000,
    params: { name: saved.name },
  });
  return redirect(dashboardSettingsUrl("datasources"));
}
