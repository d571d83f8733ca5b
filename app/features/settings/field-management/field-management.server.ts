import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { entityOrderApi } from "../../../../server/contract/entity-order.api.ts";
import { fieldsApi } from "../../../../server/contract/fields.api.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { readForm } from "../../../utils/form-action.server.ts";
import { forgetEntityMetadata } from "../../records/metadata.server.ts";
import { entityOfTab } from "../entity-tab.server.ts";
import { settingsMessageKey } from "../settings-messages.ts";
import { entityParam, fieldManagementUrl, fieldRowId, SETTINGS_RESOURCE } from "../urls.ts";
import { commandOf, fieldInputOf, movedKeys, parseFieldManagementForm } from "./field-management-form.ts";

/** What the action answers when it does not redirect: which row, its form's result, and the warning's text if any. */
export interface FieldManagementResult {
  key: string | null;
  result?: SubmissionResult<string[]>;
  /** Already in the page's language when it is one of the settings' own texts; else in the catalogue's English. */
  dialog?: string | null;
}

const ENTITY = /^([a-z][a-z0-9_]{0,62})\.([a-z][a-z0-9_]{0,62})$/;

function notFound(): never {
  throw data("Not found", { status: 404 });
}

/**
 * The field management screen (spec §2 field-management-settings/{tab?}): the entities to choose from, and the chosen
 * one's fields in their order; a tab that names no entity is not a page.
 */
export async function loadFieldManagement(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tab: string | undefined,
) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const client = api(context);
  const { entities, entity, params } = await entityOfTab(client, tab);
  const fields = await client.call(entityOrderApi.get, { params });
  return {
    title: getInstance(context).t("settings.fieldManagement.title"),
    entities,
    entity: entityParam(entity),
    fields,
    canUpdate: hasPermission(user, "Update", SETTINGS_RESOURCE),
  };
}

export type FieldManagementData = Awaited<ReturnType<typeof loadFieldManagement>>;

/** Refusals the catalogue has no text for, whose server message says what is wrong. */
const shownAsMessage = new Set(["StandardFieldException"]);

/**
 * The API refused the change: the catalogue's text, the server's for a standard field, or the first rule broken (a
 * validation error names a setting the row has no input for), in the page's language when it is the settings' own.
 */
function refused(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  method: "POST" | "PUT",
  key: string,
  submission: { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> },
) {
  if (!(error instanceof ApiError)) throw error;
  const name = error.body.exceptionName ?? "";
  const text = shownAsMessage.has(name)
    ? serverMessage(error.body) || OOPS
    : (errorDialogText(method, error.status, error.body) ??
      Object.values(fieldErrors(error.status, error.body))[0] ??
      OOPS);
  const own = settingsMessageKey(text);
  const dialog = own ? getInstance(context).t(own.key, own.values) : text;
  return data<FieldManagementResult>(
    { key, result: submission.reply({ formErrors: [dialog] }), dialog },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * A row's button: a move one place up or down (the order is read anew, so a stale page moves the field from where it
 * is now), or one switch, sent with the field's other settings as they are. Without JavaScript the page comes back
 * scrolled to the row; the page's script gets an answer instead, and keeps the focus on the row.
 */
export async function fieldManagementAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tab: string | undefined,
) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const [, schema, table] = ENTITY.exec(tab ?? "") ?? [];
  if (!schema || !table) notFound();
  const submission = parseFieldManagementForm(await readForm(request));
  if (submission.status !== "success") {
    return data<FieldManagementResult>({ key: null, result: submission.reply() }, { status: 400 });
  }
  const { key, intent, enhanced } = submission.value;
  const command = commandOf(intent);
  const backToRow = redirect(`${fieldManagementUrl(`${schema}.${table}`)}#${fieldRowId(key)}`);
  if (command.kind === "dismiss") return backToRow;
  const client = api(context);
  const entityParams = { schema, table };
  const fieldParams = { schema, table, key };
  try {
    if (command.kind === "move") {
      const fields = await client.call(entityOrderApi.get, { params: entityParams });
      const keys = movedKeys(
        fields.map((field) => field.key),
        key,
        command.direction,
      );
      // Already at that end: nothing to do.
      if (keys) await client.call(entityOrderApi.set, { params: entityParams, body: { keys } });
    } else {
      const field = await client.call(fieldsApi.get, { params: fieldParams });
      await client.call(fieldsApi.change, {
        params: fieldParams,
        body: fieldInputOf(field, command.setting, command.value),
      });
    }
  } catch (error) {
    return refused(context, error, command.kind === "move" ? "POST" : "PUT", key, submission);
  }
  // Record forms, pages and lists read the entity's fields anew.
  forgetEntityMetadata(schema, table);
  if (enhanced) return data<FieldManagementResult>({ key, result: submission.reply({ resetForm: true }) });
  return backToRow;
}
