import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { formsApi } from "../../../server/contract/forms.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { type IntentInput, intentActions, invalid, refused } from "../../utils/form-action.server.ts";
import type { ActionResult } from "../../utils/form-action.ts";
import { readPage } from "../bulk-data/urls.ts";
import { mergeFormSchema, submissionsExportSchema } from "./submission-merge-form.ts";
import { SUBMISSIONS_PAGE_SIZE, submissionsUrl, submissionUrl } from "./submissions-urls.ts";

/** Search terms need at least 3 characters, trimmed (spec §5); shorter ones are not sent. */
const SEARCH_MIN = 3;

function formIdOf(params: { id?: string }): string {
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  return params.id;
}

/** A form's submissions, newest first, searched and a page at a time (Form Read). */
export async function loadSubmissions(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const user = requirePermission(context, request, "Read", "Form");
  const formId = formIdOf(params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = readPage(url);
  const client = api(context);
  const [form, list] = await Promise.all([
    client.call(formsApi.get, { params: { id: formId } }),
    client.call(formsApi.submissions, {
      params: { id: formId },
      query: { page: page - 1, size: SUBMISSIONS_PAGE_SIZE, q: q.length >= SEARCH_MIN ? q : undefined },
    }),
  ]);
  const lastPage = Math.max(1, Math.ceil(list.totalElements / SUBMISSIONS_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(submissionsUrl(formId, { q, page: goTo.page }));
  if (page > lastPage && list.totalElements > 0) throw redirect(submissionsUrl(formId, { q, page: lastPage }));
  return {
    title: getInstance(context).t("webForms.submissions.pageTitle", { form: form.title }),
    form: { uuid: form.uuid, title: form.title, blocks: form.blocks },
    q,
    page,
    lastPage,
    list,
    goTo: goTo.state,
    exportPanel: url.searchParams.get("panel") === "export" && hasPermission(user, "Create", "Export"),
    canExport: hasPermission(user, "Create", "Export"),
  };
}

export type SubmissionsData = Awaited<ReturnType<typeof loadSubmissions>>;

/** One submission with its merge review (Form Read); merging and dismissing need Form Update. */
export async function loadSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string; submissionId?: string },
) {
  const user = requirePermission(context, request, "Read", "Form");
  const formId = formIdOf(params);
  if (!isUuid(params.submissionId)) throw data("Not found", { status: 404 });
  const client = api(context);
  const [form, proposal] = await Promise.all([
    client.call(formsApi.get, { params: { id: formId } }),
    client.call(formsApi.mergeProposal, { params: { id: formId, submissionId: params.submissionId } }),
  ]);
  return {
    title: getInstance(context).t("webForms.submissions.pageTitle", { form: form.title }),
    form: { uuid: form.uuid, title: form.title, blocks: form.blocks },
    submission: proposal.submission,
    entities: proposal.entities,
    canMerge: hasPermission(user, "Update", "Form"),
  };
}

export type SubmissionData = Awaited<ReturnType<typeof loadSubmission>>;

/** The export panel's Export: a job writes the file, and the user goes to the exports, where it appears. */
export async function submissionsAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  requirePermission(context, request, "Create", "Export");
  const formId = formIdOf(params);
  return exportIntents(request, { context, formId });
}

const exportIntents = intentActions({
  export: async ({
    context,
    formData,
    formId,
  }: IntentInput<{ context: Readonly<RouterContextProvider>; formId: string }>) => {
    const submission = parseWithZod(formData, { schema: submissionsExportSchema });
    if (submission.status !== "success") return invalid("export", submission);
    try {
      await api(context).call(formsApi.exportSubmissions, {
        params: { id: formId },
        // The file's headers and name in the page's language.
        query: { format: submission.value.format, lang: getLocale(context) === "nb" ? "nb" : "en" },
      });
    } catch (error) {
      return refused(error, "PUT", "export", submission);
    }
    flash(context, { status: "success", message: "bulk.exports.started", duration: 3000 });
    return redirect("/exports");
  },
});

export type SubmissionActionResult = ActionResult<"merge" | "dismiss">;

type SubmissionIntentInput = IntentInput<{
  context: Readonly<RouterContextProvider>;
  formId: string;
  submissionId: string;
}>;

/** The review's Merge: the API merges as chosen, or says why not (its field errors on the review's fields). */
async function merge({ context, formData, formId, submissionId }: SubmissionIntentInput) {
  const submission = parseWithZod(formData, { schema: mergeFormSchema });
  if (submission.status !== "success") return invalid("merge", submission);
  try {
    await api(context).call(formsApi.merge, { params: { id: formId, submissionId }, body: submission.value });
  } catch (error) {
    return refused(error, "POST", "merge", submission);
  }
  flash(context, { status: "success", message: "webForms.submissions.merge.mergedToast", duration: 3000 });
  return redirect(submissionUrl(formId, submissionId));
}

async function dismiss({ context, formId, submissionId }: SubmissionIntentInput) {
  try {
    await api(context).call(formsApi.dismiss, { params: { id: formId, submissionId } });
  } catch (error) {
    return refused(error, "POST", "dismiss");
  }
  flash(context, { status: "success", message: "webForms.submissions.merge.dismissedToast", duration: 3000 });
  return redirect(submissionUrl(formId, submissionId));
}

const submissionIntents = intentActions({ merge, dismiss });

export async function submissionAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string; submissionId?: string },
) {
  requirePermission(context, request, "Update", "Form");
  const formId = formIdOf(params);
  if (!isUuid(params.submissionId)) throw data("Not found", { status: 404 });
  return submissionIntents(request, { context, formId, submissionId: params.submissionId });
}
