import { data, type RouterContextProvider, redirect } from "react-router";
import { metaStatusApi } from "../../../../server/contract/meta-status.api.ts";
import type {
  MetaStatusEntity,
  MetaStatusKindOrStatus,
  MetaStatusSetting,
} from "../../../../server/contract/meta-status.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, fixedTexts, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { deleteThenRedirect, dismissed, invalid, type Replying, readForm } from "../../../utils/form-action.server.ts";
import type { ActionResult, PanelState } from "../../../utils/form-action.ts";
import { forgetEntityMetadata } from "../../records/metadata.server.ts";
import { readListPanel } from "../settings-list.server.ts";
import { settingsMessageKey } from "../settings-messages.ts";
import { entityParam, SETTINGS_RESOURCE } from "../urls.ts";
import { parseMetaStatusForm } from "./meta-status-form.ts";
import { metaStatusUrl } from "./meta-status-urls.ts";

/** Which panel or dialog the URL opens over the table; only for users who may change the settings. */
export type MetaStatusPanelState = PanelState<"value", MetaStatusSetting>;

/** What an action answers when it does not redirect: the form's errors, and the warning dialog's text if any. */
export type MetaStatusActionResult = ActionResult<"value" | "delete">;

type Client = ReturnType<typeof api>;

function readPanel(url: URL, values: MetaStatusSetting[]): MetaStatusPanelState | null {
  return readListPanel(url.searchParams, "value", values, (value) => value.metaStatusId);
}

function valuesOf(
  client: Client,
  kind: MetaStatusKindOrStatus,
  entity: Pick<MetaStatusEntity, "schemaKey" | "tableKey">,
) {
  return client.call(metaStatusApi.listSettings, {
    params: { kind },
    query: { schema: entity.schemaKey, table: entity.tableKey },
  });
}

/** The entity the URL names, of those that have the kind; a stale or hand-typed one is the first. */
function chosenEntity(entities: MetaStatusEntity[], url: URL): MetaStatusEntity {
  const entity = entities.find((e) => entityParam(e) === url.searchParams.get("entity")) ?? entities[0];
  if (!entity) throw data("Not found", { status: 404 });
  return entity;
}

/**
 * A kind's screen (statuses, priorities, categories or sources): the entities that have it, the chosen one's values in
 * order, inactive ones too, and the panel or dialog the URL opens.
 */
export async function loadMetaStatuses(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: MetaStatusKindOrStatus,
) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const entities = await client.call(metaStatusApi.entities, { params: { kind } });
  const entity = chosenEntity(entities, url);
  const values = await valuesOf(client, kind, entity);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t(`settings.metaStatus.titles.${kind}`),
    kind,
    entities,
    entity: entityParam(entity),
    values,
    canUpdate,
    panel: canUpdate ? readPanel(url, values) : null,
  };
}

export type MetaStatusesData = Awaited<ReturnType<typeof loadMetaStatuses>>;

/**
 * Why the API refused, for the warning dialog: the catalogue's text, the server's own for the refusals it words (a
 * default or active one, one in use) and for something gone meanwhile (a value or entity deleted); null when the
 * form's fields say it all.
 */
function refusalText(method: string, error: ApiError): string | null {
  const name = error.body.exceptionName ?? "";
  const message = serverMessage(error.body);
  if (error.status === 404 && message && !Object.hasOwn(fixedTexts, name)) return message;
  return errorDialogText(method, error.status, error.body);
}

/** The settings' own texts in the page's language; the catalogue's and the server's are left for the dialog. */
function dialogText(context: Readonly<RouterContextProvider>, text: string | null): string | null {
  const own = text ? settingsMessageKey(text) : null;
  return own ? getInstance(context).t(own.key, own.values) : text;
}

/** The API refused a save: its field errors go on the form's fields; anything else is the warning dialog's. */
function refusedSave(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  method: "POST" | "PUT",
  submission: Replying,
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
  );
  const hasFieldErrors = Object.keys(byField).length > 0;
  return data<MetaStatusActionResult>(
    {
      form: "value",
      result: submission.reply({ fieldErrors: byField }),
      dialog: hasFieldErrors ? null : dialogText(context, refusalText(method, error)),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * Everything a kind's screen posts: a new value or a change from the side panel, a deletion after its confirmation
 * (whose refusal, the default, an active one or one in use, shows in the warning dialog), and the form sent back as it
 * was (the warning dialog closed without JavaScript).
 */
export async function metaStatusAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: MetaStatusKindOrStatus,
) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const entities = await client.call(metaStatusApi.entities, { params: { kind } });
  const entity = chosenEntity(entities, url);
  const listUrl = metaStatusUrl(kind, entityParam(entity));
  const id = url.searchParams.get("id");
  const nameOf = (value: Pick<MetaStatusSetting, "nameEn" | "nameNb">) =>
    getLocale(context) === "nb" ? value.nameNb : value.nameEn;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  // Records' forms and lists read the entity's values anew.
  const forget = () => forgetEntityMetadata(entity.schemaKey, entity.tableKey);

  if (intent === "delete" && id) {
    // Its name for the notice; one deleted meanwhile is the API's to answer.
    const value = (await valuesOf(client, kind, entity)).find((candidate) => candidate.metaStatusId === id);
    return deleteThenRedirect(context, {
      remove: async () => {
        await client.call(metaStatusApi.delete, { params: { kind, id } });
        return value ? nameOf(value) : "";
      },
      toast: "settings.metaStatus.deletedToast",
      to: listUrl,
      refusal: (error) => {
        if (!(error instanceof ApiError)) throw error;
        return data<MetaStatusActionResult>({
          form: "delete",
          dialog: dialogText(context, refusalText("DELETE", error)),
        });
      },
      settle: forget,
    });
  }

  const submission = parseMetaStatusForm(formData);
  // The warning dialog was closed without JavaScript: the form comes back as it was, without checking it.
  if (intent === "dismiss") return dismissed("value", submission.payload);
  if (submission.status !== "success") return invalid("value", submission);

  const editing = url.searchParams.get("panel") === "edit" ? id : null;
  let saved: MetaStatusSetting;
  try {
    saved = editing
      ? await client.call(metaStatusApi.change, { params: { kind, id: editing }, body: submission.value })
      : await client.call(metaStatusApi.create, {
          params: { kind },
          body: { ...submission.value, schema: entity.schemaKey, table: entity.tableKey },
        });
  } catch (error) {
    return refusedSave(context, error, editing ? "PUT" : "POST", submission);
  }
  forget();
  flash(context, {
    status: "success",
    message: editing ? "settings.metaStatus.savedToast" : "settings.metaStatus.createdToast",
    duration: 3000,
    params: { name: nameOf(saved) },
  });
  return redirect(listUrl);
}
