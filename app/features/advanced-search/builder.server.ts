import { data, type RouterContextProvider, redirect } from "react-router";
import { advancedSearchApi } from "../../../server/contract/advanced-search.api.ts";
import {
  advancedSearchTexts,
  QUERY_PAGE_SIZE_DEFAULT,
  type QueryResultPage,
  type SavedQueryDto,
} from "../../../server/contract/advanced-search.ts";
import type { ApiError as ApiErrorBody } from "../../../server/contract/errors.ts";
import { requireUser } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import {
  type BuilderForm,
  type BuilderResult,
  formErrors,
  formOfDefinition,
  parseBuilderForm,
} from "./builder-form.ts";
import { withFittingChoices } from "./catalog.ts";
import { userRights } from "./queries.server.ts";
import { isQueryType, type QueryType, queryTypes, queryUrl } from "./urls.ts";

/** Which page of the builder: a new query, a saved one changed, or a saved one saved as a new one. */
export type BuilderMode = "create" | "edit" | "copy";

interface BuilderParams {
  queryType?: string;
  id?: string;
}

function savedOf(params: BuilderParams): { type: QueryType; id: string } {
  if (!isQueryType(params.queryType) || !isUuid(params.id)) throw data("Not found", { status: 404 });
  return { type: params.queryType, id: params.id };
}

/**
 * The builder: the catalog of entities the user may read (with their fields and the relationships that join them),
 * the kinds of query the user may save, and, for a saved query, its definition as the form's values.
 */
export async function loadBuilder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  mode: BuilderMode,
  params: BuilderParams,
) {
  const user = requireUser(context, request);
  const rights = userRights(user);
  const i18n = getInstance(context);
  const client = api(context);
  let saved: SavedQueryDto | null = null;
  if (mode !== "create") {
    const { type, id } = savedOf(params);
    if (!rights[type].Read) throw data("Forbidden", { status: 403 });
    saved = await client.call(advancedSearchApi.getSavedQuery, { params: { queryType: type, id } });
    if (mode === "edit" && !(rights[type].Update && saved.canEdit)) throw data("Forbidden", { status: 403 });
  }
  const types: QueryType[] =
    mode === "edit" && saved ? [saved.queryType] : queryTypes.filter((type) => rights[type].Create);
  if (types.length === 0) throw data("Forbidden", { status: 403 });
  const catalog = await client.call(advancedSearchApi.catalog);
  const defaultValue: BuilderForm = saved
    ? {
        name: mode === "copy" ? i18n.t("advancedSearch.builder.copyName", { name: saved.name }) : saved.name,
        description: saved.description,
        queryType: types.includes(saved.queryType) ? saved.queryType : types[0],
        definition: formOfDefinition(saved.definition),
      }
    : { queryType: types.includes("personal") ? "personal" : types[0], definition: { entities: [{}] } };
  const title =
    mode === "create"
      ? i18n.t("advancedSearch.builder.newTitle")
      : mode === "edit"
        ? i18n.t("advancedSearch.builder.editTitle", { name: saved?.name })
        : i18n.t("advancedSearch.builder.copyTitle", { name: saved?.name });
  return {
    title,
    mode,
    saved: saved && { id: saved.id, queryType: saved.queryType, name: saved.name },
    types,
    catalog,
    defaultValue,
  };
}

export type BuilderData = Awaited<ReturnType<typeof loadBuilder>>;

export interface BuilderActionResult {
  result?: BuilderResult;
  preview?: QueryResultPage;
  dialog?: string | null;
}

/** The warning's text of a refused call: "Query failed." for a run that took too long, else the catalogue's. */
export function queryErrorText(method: string, error: ApiError): string | null {
  if (error.body.exceptionName === "QueryFailedException") return advancedSearchTexts.queryFailed;
  return errorDialogText(method, error.status, error.body as Partial<ApiErrorBody>);
}

/**
 * The builder's buttons: Preview runs the definition as it is (the first page, not saved), Save saves it, and the
 * buttons that add or remove a join or filter (Conform's intents) or apply a choice that others depend on come back
 * as the form with its new state, which is how the builder works without JavaScript.
 */
export async function builderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  mode: BuilderMode,
  params: BuilderParams,
) {
  const user = requireUser(context, request);
  const rights = userRights(user);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const submission = parseBuilderForm(formData);
  // The warning closed without JavaScript: the form comes back as it was, unchecked.
  if (intent === "dismiss") {
    return data<BuilderActionResult>({
      result: { initialValue: submission.payload as BuilderResult["initialValue"] },
    });
  }
  // A choice applied without JavaScript: it comes back with what no longer fits left out, unchecked.
  if (intent === "apply") {
    const catalog = await api(context).call(advancedSearchApi.catalog);
    const fitted = withFittingChoices(submission.payload as BuilderForm, catalog);
    return data<BuilderActionResult>({ result: { initialValue: fitted as BuilderResult["initialValue"] } });
  }
  // A join or filter added or removed without JavaScript.
  if (intent !== "save" && intent !== "preview") {
    return data<BuilderActionResult>(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (submission.status !== "success") {
    return data<BuilderActionResult>({ result: submission.reply() }, { status: 400 });
  }
  const client = api(context);
  const { queryType, name, description, definition } = submission.value;
  const refused = (method: string, error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const byField = formErrors(
      Object.fromEntries(Object.entries(fieldErrors(error.status, error.body)).map(([key, text]) => [key, [text]])),
    );
    const dialog = Object.keys(byField).length > 0 ? null : queryErrorText(method, error);
    return data<BuilderActionResult>(
      { result: submission.reply({ fieldErrors: byField }), dialog },
      { status: error.status === 400 ? 400 : 200 },
    );
  };

  if (intent === "preview") {
    if (!rights.global.Read && !rights.personal.Read) throw data("Forbidden", { status: 403 });
    try {
      const preview = await client.call(advancedSearchApi.run, {
        query: { page: 0, size: QUERY_PAGE_SIZE_DEFAULT },
        body: definition,
      });
      return data<BuilderActionResult>({ result: submission.reply(), preview });
    } catch (error) {
      return refused("POST", error);
    }
  }

  const editing = mode === "edit" ? savedOf(params) : null;
  const type = editing?.type ?? queryType;
  if (!rights[type][editing ? "Update" : "Create"]) throw data("Forbidden", { status: 403 });
  let saved: SavedQueryDto;
  try {
    const body = { name, description, definition };
    saved = editing
      ? await client.call(advancedSearchApi.updateSavedQuery, {
          params: { queryType: editing.type, id: editing.id },
          body,
        })
      : await client.call(advancedSearchApi.createSavedQuery, { params: { queryType: type }, body });
  } catch (error) {
    return refused(editing ? "PUT" : "POST", error);
  }
  flash(context, {
    status: "success",
    message: editing ? "advancedSearch.savedToast" : "advancedSearch.createdToast",
    duration: 3000,
    params: { name: saved.name },
  });
  return redirect(queryUrl(saved.queryType, saved.id, "view"));
}
