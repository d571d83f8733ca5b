import { data, type RouterContextProvider, redirect } from "react-router";
import { customEntitiesApi } from "../../../../server/contract/custom-entities.api.ts";
import {
  CUSTOM_SCHEMA,
  type CustomEntity,
  type CustomEntityInput,
} from "../../../../server/contract/custom-entities.ts";
import type { ApiError as ApiErrorBody } from "../../../../server/contract/errors.ts";
import { forgetUser, hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { deleteThenRedirect, dismissed, invalid, type Replying, readForm } from "../../../utils/form-action.server.ts";
import type { ActionResult, PanelState } from "../../../utils/form-action.ts";
import { forgetEntityMetadata } from "../../records/metadata.server.ts";
import { readListPanel } from "../settings-list.server.ts";
import { SETTINGS_RESOURCE } from "../urls.ts";
import { parseEntityNamesForm, parseNewEntityForm } from "./custom-entity-form.ts";
import { entitiesUrl } from "./custom-entity-urls.ts";

/** Which panel or dialog the URL opens over the table; only for users who may change the settings. */
export type EntityPanelState = PanelState<"entity", CustomEntity>;

export type EntityActionResult = ActionResult<"entity" | "delete">;

function readPanel(url: URL, entities: CustomEntity[]): EntityPanelState | null {
  return readListPanel(url.searchParams, "entity", entities, (entity) => entity.key, "key");
}

/** The custom entities screen: every custom entity with its counts, and the panel or dialog the URL opens. */
export async function loadCustomEntities(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const entities = await api(context).call(customEntitiesApi.list);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t("settings.entities.title"),
    entities,
    canUpdate,
    panel: canUpdate ? readPanel(new URL(request.url), entities) : null,
  };
}

export type CustomEntitiesData = Awaited<ReturnType<typeof loadCustomEntities>>;

/**
 * The API names a field of a list by dots ("fields.0.key"), the form by brackets ("fields[0].key"). A refusal of the
 * first field's own (its key taken by one of the table's columns) names the field's property alone, so it is put on
 * the first field.
 */
function formErrorsOf(error: ApiError, creating: boolean): Record<string, string[]> {
  const errors = (error.body.errors ?? []).map((item) =>
    creating && item.objectName === "field" ? { ...item, field: `fields.0.${item.field}` } : item,
  );
  const byField = fieldErrors(error.status, { ...error.body, errors } as Partial<ApiErrorBody>);
  return Object.fromEntries(
    Object.entries(byField).map(([field, message]) => [field.replace(/\.(\d+)(?=\.|$)/g, "[$1]"), [message]]),
  );
}

/** The API refused the change: its field errors go on the form's fields, the exception's text into the dialog. */
function refused(
  error: unknown,
  method: "POST" | "PUT" | "DELETE",
  form: EntityActionResult["form"],
  submission?: Replying,
) {
  if (!(error instanceof ApiError)) throw error;
  return data<EntityActionResult>(
    {
      form,
      result: submission?.reply({ fieldErrors: formErrorsOf(error, method === "POST") }),
      dialog: errorDialogText(method, error.status, error.body),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * After an entity is made, renamed or deleted: the acting user's menu shows it at once (other users' within the
 * cache's half minute), and record pages read its names and fields anew.
 */
function forgetEntity(context: Readonly<RouterContextProvider>, key: string) {
  forgetUser(context);
  forgetEntityMetadata(CUSTOM_SCHEMA, key);
}

/**
 * Everything the custom entities screen posts: a new entity from the side panel, new names for one, a deletion after
 * its confirmation, and the form sent back as it was (the warning dialog closed without JavaScript).
 */
export async function customEntitiesAction(request: Request, context: Readonly<RouterContextProvider>) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const key = url.searchParams.get("key");
  const nameOf = (entity: Pick<CustomEntity, "labelEn" | "labelNb">) =>
    getLocale(context) === "nb" ? entity.labelNb : entity.labelEn;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete" && key) {
    return deleteThenRedirect(context, {
      remove: async () => {
        const entity = await client.call(customEntitiesApi.get, { params: { key } });
        await client.call(customEntitiesApi.delete, { params: { key: entity.key } });
        return nameOf(entity);
      },
      toast: "settings.entities.deletedToast",
      to: entitiesUrl(),
      settle: () => forgetEntity(context, key),
    });
  }

  const renaming = url.searchParams.get("panel") === "edit" ? key : null;
  const submission = renaming ? parseEntityNamesForm(formData) : parseNewEntityForm(formData);
  // The warning dialog was closed without JavaScript: the form comes back as it was, without checking it.
  if (intent === "dismiss") return dismissed("entity", submission.payload);
  if (submission.status !== "success") return invalid("entity", submission);

  let saved: CustomEntity;
  try {
    saved = renaming
      ? await client.call(customEntitiesApi.rename, { params: { key: renaming }, body: submission.value })
      : // Not renaming, the submission is the new entity form's, read by the route's own schema.
        await client.call(customEntitiesApi.create, { body: submission.value as CustomEntityInput });
  } catch (error) {
    return refused(error, renaming ? "PUT" : "POST", "entity", submission);
  }
  flash(context, {
    status: "success",
    message: renaming ? "settings.entities.renamedToast" : "settings.entities.createdToast",
    duration: 3000,
    params: { name: nameOf(saved) },
  });
  forgetEntity(context, saved.key);
  return redirect(entitiesUrl());
}
