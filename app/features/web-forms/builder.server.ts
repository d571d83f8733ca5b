import { data, type RouterContextProvider, redirect } from "react-router";
import { fileMessages } from "../../../server/contract/files.ts";
import { formsApi } from "../../../server/contract/forms.api.ts";
import { FORM_BANNER_MAX_BYTES, type FormDto, formTexts } from "../../../server/contract/forms.ts";
import { requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, serverMessage } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { isLanguage } from "../../utils/i18n.ts";
import { forwardUpload } from "../files/upload.server.ts";
import {
  type BuilderForm,
  type BuilderResult,
  formErrors,
  formOfForm,
  newForm,
  parseBuilderForm,
} from "./builder-form.ts";
import { formUrl } from "./urls.ts";

function formId(params: { id?: string }): string | null {
  if (params.id === undefined) return null;
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  return params.id;
}

/** The builder: a new form (Form Create) or a saved one (Form Update), with what its questions may be mapped to. */
export async function loadFormBuilder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const id = formId(params);
  requirePermission(context, request, id ? "Update" : "Create", "Form");
  const client = api(context);
  const i18n = getInstance(context);
  const [options, saved] = await Promise.all([
    client.call(formsApi.builderOptions),
    id ? client.call(formsApi.get, { params: { id } }) : Promise.resolve(null),
  ]);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const defaultValue: BuilderForm = saved
    ? formOfForm(saved)
    : newForm(options, i18n.t("webForms.builder.defaultTitle"), language);
  return {
    title: saved ? i18n.t("webForms.builder.editTitle", { name: saved.title }) : i18n.t("webForms.builder.createTitle"),
    saved: saved && {
      uuid: saved.uuid,
      title: saved.title,
      bannerUrl: saved.bannerUrl,
      publicId: saved.publicId,
      version: saved.version,
    },
    options,
    defaultValue,
  };
}

export type FormBuilderData = Awaited<ReturnType<typeof loadFormBuilder>>;

export interface FormBuilderActionResult {
  result?: BuilderResult;
  dialog?: string | null;
  /** A refused banner: its text, in English as the API or the rule words it. */
  bannerError?: string;
}

/** A refused banner is the banner form's error: the page answers 400, as for any form the user has to correct. */
function bannerError(message: string) {
  return data<FormBuilderActionResult>({ bannerError: message }, { status: 400 });
}

/** The banner's form posts multipart (it works without JavaScript): the file goes on to the API as it arrives. */
async function uploadBanner(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const client = api(context);
  let forwarded: Awaited<ReturnType<typeof forwardUpload<FormDto>>>;
  try {
    forwarded = await forwardUpload<FormDto>(
      request,
      (body, type) => client.upload(formsApi.uploadBanner, { params: { id } }, body, type),
      { maxBytes: FORM_BANNER_MAX_BYTES, fileField: "file" },
    );
  } catch {
    throw data("Bad request", { status: 400 });
  }
  const { outcome } = forwarded;
  if (outcome.kind === "noFile") return bannerError(fileMessages.missing);
  if (outcome.kind === "tooLarge") return bannerError(formTexts.bannerTooLarge);
  if (outcome.kind === "refused") {
    const error = outcome.error;
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return bannerError(serverMessage(error.body) || formTexts.bannerType);
  }
  flash(context, { status: "success", message: "webForms.builder.bannerSaved", duration: 3000 });
  return redirect(formUrl(id, "edit"));
}

/**
 * The builder's buttons: Save saves the form whole; the buttons that add, remove or move a block (Conform's intents)
 * come back as the form in its new state, which is how the builder works without JavaScript, a step at a time.
 * The banner is a form of its own (a file), as is its removal and the unlinking of the fields.
 */
export async function formBuilderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const id = formId(params);
  requirePermission(context, request, id ? "Update" : "Create", "Form");
  const client = api(context);
  if (id && /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return uploadBanner(request, context, id);
  }
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (id && (intent === "removeBanner" || intent === "unlink")) {
    try {
      if (intent === "removeBanner") await client.call(formsApi.removeBanner, { params: { id } });
      else await client.call(formsApi.unlink, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return data<FormBuilderActionResult>({ dialog: errorDialogText("POST", error.status, error.body) });
    }
    const message = intent === "removeBanner" ? "webForms.builder.bannerRemoved" : "webForms.builder.unlinked";
    flash(context, { status: "success", message, duration: 3000 });
    return redirect(formUrl(id, "edit"));
  }
  const submission = parseBuilderForm(formData);
  // The warning closed without JavaScript: the form comes back as it was, unchecked.
  if (intent === "dismiss") {
    return data<FormBuilderActionResult>({
      result: { initialValue: submission.payload as BuilderResult["initialValue"] },
    });
  }
  // A block added, removed or moved without JavaScript.
  if (intent !== "save") {
    return data<FormBuilderActionResult>(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  if (submission.status !== "success") {
    return data<FormBuilderActionResult>({ result: submission.reply() }, { status: 400 });
  }
  const { version, ...input } = submission.value;
  let saved: FormDto;
  try {
    saved = id
      ? await client.call(formsApi.update, { params: { id }, body: { ...input, version: version ?? 0 } })
      : await client.call(formsApi.create, { body: input });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const byField = formErrors(
      Object.fromEntries(Object.entries(fieldErrors(error.status, error.body)).map(([key, text]) => [key, [text]])),
    );
    const dialog =
      Object.keys(byField).length > 0 ? null : errorDialogText(id ? "PUT" : "POST", error.status, error.body);
    return data<FormBuilderActionResult>(
      { result: submission.reply({ fieldErrors: byField }), dialog },
      { status: error.status === 400 ? 400 : 200 },
    );
  }
  flash(context, {
    status: "success",
    message: id ? "webForms.builder.savedToast" : "webForms.builder.createdToast",
    duration: 3000,
    params: { name: saved.title },
  });
  return redirect(formUrl(saved.uuid, "view"));
}
