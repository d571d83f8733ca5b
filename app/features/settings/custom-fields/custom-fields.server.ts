import { data, type RouterContextProvider, redirect } from "react-router";
import type { CustomFieldInput, FieldSetting } from "../../../../server/contract/custom-fields.ts";
import { fieldsApi } from "../../../../server/contract/fields.api.ts";
import { fieldFormSchema } from "../../../../server/contract/fields.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, fieldErrors, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { fromLocalInput } from "../../../utils/dates.ts";
import { flash } from "../../../utils/flash.server.ts";
import { deleteThenRedirect, dismissed, invalid, type Replying, readForm } from "../../../utils/form-action.server.ts";
import type { ActionResult } from "../../../utils/form-action.ts";
import type { Language } from "../../../utils/i18n.ts";
import { forgetEntityMetadata } from "../../records/metadata.server.ts";
import { settingsMessageKey } from "../settings-messages.ts";
import { entityParam, fieldsUrl, SETTINGS_RESOURCE } from "../urls.ts";
import { fieldDefinitionOf, isFieldType, parseFieldForm } from "./custom-field-form.ts";

/** Which panel or dialog the URL opens over the list; only for users who may change the settings. */
export type FieldPanelState =
  | { mode: "choose" }
  | { mode: "new"; type: FieldSetting["type"] }
  | { mode: "edit"; field: FieldSetting }
  | { mode: "delete"; field: FieldSetting };

/**
 * What an action answers when it does not redirect; its dialog is in English as the error catalogue or the API has it (the page shows it in its language), or already
 * in the page's language when it is one of the field settings' own texts.
 */
export type FieldActionResult = ActionResult<"field" | "delete">;

const ENTITY = /^([a-z][a-z0-9_]{0,62})\.([a-z][a-z0-9_]{0,62})$/;

function readPanel(url: URL, fields: FieldSetting[]): FieldPanelState | null {
  const params = url.searchParams;
  const named = fields.find((field) => field.key === params.get("key"));
  if (params.get("confirm") === "delete") return named ? { mode: "delete", field: named } : null;
  switch (params.get("panel")) {
    case "new": {
      const type = params.get("type");
      return isFieldType(type) ? { mode: "new", type } : { mode: "choose" };
    }
    case "edit":
      return named ? { mode: "edit", field: named } : null;
    default:
      return null;
  }
}

/**
 * The custom fields screen: the entities with their column budgets, the chosen one's custom and standard fields, and
 * the panel or dialog the URL opens.
 */
export async function loadCustomFields(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const entities = await client.call(fieldsApi.entities);
  // A stale or hand-typed entity shows the first one.
  const entity = entities.find((e) => entityParam(e) === url.searchParams.get("entity")) ?? entities[0];
  if (!entity) throw data("Not found", { status: 404 });
  const params = { schema: entity.schemaKey, table: entity.tableKey };
  const [fields, standardFields] = await Promise.all([
    client.call(fieldsApi.listCustom, { params }),
    client.call(fieldsApi.listStandard, { params }),
  ]);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t("settings.fields.title"),
    entities,
    entity: entityParam(entity),
    fields,
    standardFields,
    canUpdate,
    panel: canUpdate ? readPanel(url, fields) : null,
  };
}

export type CustomFieldsData = Awaited<ReturnType<typeof loadCustomFields>>;

/** The API names a field of a list by dots ("options.0.labelEn"), the form by brackets ("options[0].labelEn"). */
function formName(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** Refusals the catalogue has no text for, whose server message says what is wrong. */
const shownAsMessage = new Set(["StandardFieldException", "ColumnLimitReachedException", "FieldLimitReachedException"]);

/** The API refused the change: its field errors go on the form's fields, the exception's text into the dialog. */
function refused(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  method: string,
  form: FieldActionResult["form"],
  submission?: Replying,
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [formName(field), [message]]),
  );
  const name = error.body.exceptionName ?? "";
  const text = shownAsMessage.has(name)
    ? serverMessage(error.body) || OOPS
    : errorDialogText(method, error.status, error.body);
  const own = text ? settingsMessageKey(text) : null;
  const dialog = own ? getInstance(context).t(own.key, own.values) : text;
  return data<FieldActionResult>(
    { form, result: submission?.reply({ fieldErrors: byField }), dialog },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/**
 * The body the API takes: the form's values as the contract's schema read them, with a Percent's limits as fractions
 * and the default value as the field stores it (checked by the field's own rules, as a record's value would be).
 */
function apiBody(
  value: CustomFieldInput,
  saved: FieldSetting | undefined,
  timeZone: string,
  language: Language,
): { body: CustomFieldInput } | { error: string } {
  const percent = value.type === "Percent";
  const limit = (n: number | null | undefined) => (n == null ? n : percent ? n / 100 : n);
  const body: CustomFieldInput = { ...value, minValue: limit(value.minValue), maxValue: limit(value.maxValue) };
  const raw = value.defaultValue;
  if (raw === undefined || raw === null || raw === "" || value.type === "Query") {
    return { body: { ...body, defaultValue: undefined } };
  }
  // An unchecked box is no default, not "No".
  if (value.type === "Bool") return { body: { ...body, defaultValue: raw === "on" ? true : undefined } };
  const definition = fieldDefinitionOf(body, saved?.options ?? []);
  const parsed = fieldFormSchema(definition, {
    localDateTime: (local) => fromLocalInput(local, timeZone),
    language,
  }).safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? OOPS };
  return { body: { ...body, defaultValue: parsed.data ?? undefined } };
}

/**
 * Everything the custom fields screen posts: a field saved from the side panel (new or changed), a deletion after
 * its confirmation, the form sent back as it was (the warning dialog closed without JavaScript), and the options' add
 * and remove buttons, which are Conform intents and so work without JavaScript too.
 */
export async function customFieldsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const entity = url.searchParams.get("entity") ?? "";
  const [, schema, table] = ENTITY.exec(entity) ?? [];
  if (!schema || !table) throw data("Bad request", { status: 400 });
  const client = api(context);
  const key = url.searchParams.get("key");
  const language = getLocale(context);
  const labelOf = (field: Pick<FieldSetting, "labelEn" | "labelNb">) =>
    language === "nb" ? field.labelNb : field.labelEn;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete" && key) {
    return deleteThenRedirect(context, {
      remove: async () => {
        const field = await client.call(fieldsApi.get, { params: { schema, table, key } });
        await client.call(fieldsApi.delete, { params: { schema, table, id: field.id } });
        return labelOf(field);
      },
      toast: "settings.fields.deletedToast",
      to: fieldsUrl(entity),
      refusal: (error) => refused(context, error, "DELETE", "delete"),
      settle: () => forgetEntityMetadata(schema, table),
    });
  }

  const submission = parseFieldForm(formData, language);
  // The warning dialog was closed without JavaScript: the form comes back as it was, without checking it.
  if (intent === "dismiss") return dismissed("field", submission.payload);
  // An option added or removed without JavaScript: the form comes back with one row more or less.
  if (intent !== "save") {
    return data<FieldActionResult>(
      { form: "field", result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (submission.status !== "success") return invalid("field", submission);

  const editing = url.searchParams.get("panel") === "edit" ? key : null;
  try {
    const saved = editing ? await client.call(fieldsApi.get, { params: { schema, table, key: editing } }) : undefined;
    const prepared = apiBody(submission.value, saved, user.timeZone, language);
    if ("error" in prepared) {
      return data<FieldActionResult>(
        { form: "field", result: submission.reply({ fieldErrors: { defaultValue: [prepared.error] } }) },
        { status: 400 },
      );
    }
    const field = editing
      ? await client.call(fieldsApi.change, { params: { schema, table, key: editing }, body: prepared.body })
      : await client.call(fieldsApi.create, { params: { schema, table }, body: prepared.body });
    flash(context, {
      status: "success",
      message: editing ? "settings.fields.savedToast" : "settings.fields.savedNewToast",
      duration: 3000,
      params: { name: labelOf(field) },
    });
  } catch (error) {
    return refused(context, error, editing ? "PUT" : "POST", "field", submission);
  }
  // Record forms and pages read the entity's fields anew.
  forgetEntityMetadata(schema, table);
  return redirect(fieldsUrl(entity));
}
