import { data, type RouterContextProvider, redirect } from "react-router";
import { formsApi } from "../../../server/contract/forms.api.ts";
import type { FormDto } from "../../../server/contract/forms.ts";
import { hasPermission, requirePermission, requireUser } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import {
  badRequest,
  deleteThenRedirect,
  type IntentInput,
  intentActions,
  refused,
} from "../../utils/form-action.server.ts";
import type { ActionResult } from "../../utils/form-action.ts";
import { type FormSwitches, formUpdate } from "./form-update.ts";
import { iframeSnippet, linkSnippet, publicFormUrl } from "./snippets.ts";
import { FORMS_PATH, formUrl } from "./urls.ts";

const FORM = "Form";

function formIdOf(params: { id?: string }): string {
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  return params.id;
}

function rightsOf(user: Parameters<typeof hasPermission>[0]) {
  return {
    update: hasPermission(user, "Update", FORM),
    delete: hasPermission(user, "Delete", FORM),
  };
}

/**
 * One form's overview (spec §2 /forms/{id}/view): the form with its counts, its public address on the origin the
 * user reached the app at, the snippets that put it on another site, and the delete question the URL opens.
 */
export async function loadFormView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const user = requirePermission(context, request, "Read", FORM);
  const id = formIdOf(params);
  const form = await api(context).call(formsApi.get, { params: { id } });
  const url = new URL(request.url);
  const rights = rightsOf(user);
  const publicUrl = publicFormUrl(url.origin, form.publicId);
  return {
    form,
    rights,
    publicUrl,
    snippets: { iframe: iframeSnippet(publicUrl, form.title), link: linkSnippet(publicUrl, form.title) },
    confirmDelete: url.searchParams.get("confirm") === "delete" && rights.delete,
  };
}

export type FormViewData = Awaited<ReturnType<typeof loadFormView>>;

export type FormViewActionResult = ActionResult<"switch" | "delete">;

interface ViewArgs {
  context: Readonly<RouterContextProvider>;
  user: Parameters<typeof hasPermission>[0];
  id: string;
}

/** The version the page showed: a switch flipped on an older page is refused as outdated by the API. */
function postedVersion(formData: FormData): number {
  const version = Number(formData.get("version"));
  if (!Number.isInteger(version) || version < 1) badRequest();
  return version;
}

function postedFlag(formData: FormData): boolean {
  const value = formData.get("value");
  if (value !== "true" && value !== "false") badRequest();
  return value === "true";
}

/**
 * Open or close the form, or start or stop its responses: the whole form goes back with the one switch set (the
 * value the button named, so a repeated post changes nothing) and the version the page showed.
 */
async function switchForm({ context, user, id, formData, intent }: IntentInput<ViewArgs>) {
  if (!rightsOf(user).update) throw data("Forbidden", { status: 403 });
  const version = postedVersion(formData);
  const value = postedFlag(formData);
  const changes: FormSwitches = intent === "open" ? { open: value } : { acceptingResponse: value };
  const client = api(context);
  let saved: FormDto;
  try {
    const form = await client.call(formsApi.get, { params: { id } });
    saved = await client.call(formsApi.update, { params: { id }, body: formUpdate(form, version, changes) });
  } catch (error) {
    return refused(error, "PUT", "switch");
  }
  const toast =
    intent === "open"
      ? saved.open
        ? "webForms.view.openedToast"
        : "webForms.view.closedToast"
      : saved.acceptingResponse
        ? "webForms.view.acceptingToast"
        : "webForms.view.stoppedToast";
  flash(context, { status: "success", message: toast, duration: 3000, params: { name: saved.title } });
  return redirect(formUrl(id, "view"));
}

/** The form deleted after the question, back to the list; one with a response stays, and the page says why. */
async function deleteForm({ context, user, id }: IntentInput<ViewArgs>) {
  if (!rightsOf(user).delete) throw data("Forbidden", { status: 403 });
  const client = api(context);
  return deleteThenRedirect(context, {
    remove: async () => {
      const form = await client.call(formsApi.get, { params: { id } });
      await client.call(formsApi.delete, { params: { id } });
      return form.title;
    },
    toast: "webForms.view.deletedToast",
    to: FORMS_PATH,
  });
}

const handle = intentActions({ open: switchForm, accepting: switchForm, delete: deleteForm });

export async function formViewAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const user = requireUser(context, request);
  const id = formIdOf(params);
  return handle(request, { context, user, id });
}
