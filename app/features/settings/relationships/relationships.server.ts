import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { fieldsApi } from "../../../../server/contract/fields.api.ts";
import { relationshipsApi } from "../../../../server/contract/relationships.api.ts";
import type { RelationshipDto } from "../../../../server/contract/relationships.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, fixedTexts, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { deleteThenRedirect, invalid, readForm } from "../../../utils/form-action.server.ts";
import type { ActionResult, PanelState } from "../../../utils/form-action.ts";
import { loadGroupOptions } from "../../../utils/group-options.server.ts";
import { readListPanel } from "../settings-list.server.ts";
import { entityParam, SETTINGS_RESOURCE } from "../urls.ts";
import {
  formFieldOf,
  parseNewRelationshipForm,
  parseRelationshipChangeForm,
  toRelationshipInput,
} from "./relationship-form.ts";
import { relationshipsOf, relationshipsUrl } from "./relationship-urls.ts";

/** Which panel or dialog the URL opens over the table; only for users who may change the settings. */
export type RelationshipPanelState = PanelState<"relationship", RelationshipDto>;

/** What an action answers when it does not redirect: the form's errors, and the warning dialog's text if any. */
export type RelationshipActionResult = ActionResult<"relationship" | "delete">;

/** Built-in relationships cannot be changed or deleted (the API refuses both), so no panel opens for them. */
function readPanel(url: URL, relationships: RelationshipDto[]): RelationshipPanelState | null {
  const changeable = relationships.filter((relationship) => !relationship.builtIn);
  return readListPanel(url.searchParams, "relationship", changeable, (relationship) => relationship.id);
}

/**
 * The relationships screen: every relationship, or those of the entity the URL names (an unknown one is not found),
 * the entities to choose from, and the panel or dialog the URL opens.
 */
export async function loadRelationships(
  request: Request,
  context: Readonly<RouterContextProvider>,
  entity: string | undefined,
) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const client = api(context);
  const [relationships, entities] = await Promise.all([
    client.call(relationshipsApi.list),
    client.call(fieldsApi.entities),
  ]);
  if (entity !== undefined && !entities.some((e) => entityParam(e) === entity)) {
    throw data("Not found", { status: 404 });
  }
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  const panel = canUpdate ? readPanel(new URL(request.url), relationships) : null;
  const formOpen = panel?.mode === "new" || panel?.mode === "edit";
  return {
    title: getInstance(context).t("settings.relationships.title"),
    entities,
    entity: entity ?? null,
    relationships: relationshipsOf(relationships, entity),
    canUpdate,
    panel,
    groups: formOpen ? await loadGroupOptions(client) : null,
  };
}

export type RelationshipsData = Awaited<ReturnType<typeof loadRelationships>>;

/**
 * Why the API refused a save, for the form: the catalogue's text, or the API's own message of a conflict or of
 * something gone (a built-in relationship, an entity deleted meanwhile); null when the fields say it all.
 */
function refusalText(method: string, error: ApiError): string | null {
  const name = error.body.exceptionName ?? "";
  const message = serverMessage(error.body);
  if ((error.status === 404 || error.status === 409) && message && !Object.hasOwn(fixedTexts, name)) return message;
  return errorDialogText(method, error.status, error.body);
}

/** The API refused a save: its field errors go on the form's fields, anything else above them. */
function refusedSave(
  error: unknown,
  method: "POST" | "PUT",
  submission: {
    reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
  },
) {
  if (!(error instanceof ApiError)) throw error;
  const byField: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(fieldErrors(error.status, error.body))) {
    byField[formFieldOf(field)] ??= [message];
  }
  const text = refusalText(method, error) ?? (Object.keys(byField).length ? null : OOPS);
  return data<RelationshipActionResult>(
    { form: "relationship", result: submission.reply({ fieldErrors: byField, formErrors: text ? [text] : [] }) },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * Everything the relationships screen posts: a new relationship or a change from the side panel, and a deletion after
 * its confirmation, whose refusal (a relationship in use) shows in the warning dialog.
 */
export async function relationshipsAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  entity: string | undefined,
) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const id = url.searchParams.get("id");
  const nameOf = (relationship: RelationshipDto) =>
    getLocale(context) === "nb"
      ? `${relationship.label1Nb} – ${relationship.label2Nb}`
      : `${relationship.label1En} – ${relationship.label2En}`;
  const listUrl = relationshipsUrl(entity);
  const formData = await readForm(request);

  if (formData.get("intent") === "delete" && id) {
    return deleteThenRedirect(context, {
      remove: async () => {
        const relationship = await client.call(relationshipsApi.get, { params: { id } });
        await client.call(relationshipsApi.delete, { params: { id: relationship.id } });
        return nameOf(relationship);
      },
      toast: "settings.relationships.deletedToast",
      to: listUrl,
    });
  }

  const editing = url.searchParams.get("panel") === "edit" ? id : null;
  let saved: RelationshipDto;
  if (editing) {
    const submission = parseRelationshipChangeForm(formData);
    if (submission.status !== "success") return invalid("relationship", submission);
    try {
      saved = await client.call(relationshipsApi.change, { params: { id: editing }, body: submission.value });
    } catch (error) {
      return refusedSave(error, "PUT", submission);
    }
  } else {
    const submission = parseNewRelationshipForm(formData);
    if (submission.status !== "success") return invalid("relationship", submission);
    try {
      saved = await client.call(relationshipsApi.create, { body: toRelationshipInput(submission.value) });
    } catch (error) {
      return refusedSave(error, "POST", submission);
    }
  }
  flash(context, {
    status: "success",
    message: editing ? "settings.relationships.savedToast" : "settings.relationships.createdToast",
    duration: 3000,
    params: { name: nameOf(saved) },
  });
  // A new relationship between other entities than the filtered one shows in the list of all.
  return redirect(relationshipsOf([saved], entity).length > 0 ? listUrl : relationshipsUrl());
}
