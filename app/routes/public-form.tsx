import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { formTexts } from "../../server/contract/form-texts.ts";
import type { PublicFormDto } from "../../server/contract/forms.ts";
import { messageCode } from "../../server/contract/message-code.ts";
import { answerField, publicFormSchema } from "../features/web-forms/public-form-schema.ts";
import {
  FormStateNotice,
  PublicFormFields,
  PublicFormFrame,
  PublicFormHeading,
  type PublicFormView,
} from "../features/web-forms/public-form-view.tsx";
import { readPublicForm, submitPublicForm } from "../features/web-forms/public-forms.server.ts";
import { getLocale } from "../middleware/i18next.server.ts";
import { ApiError } from "../utils/api.server.ts";
import { fieldErrors, serverMessage } from "../utils/api-errors.ts";
import { readForm } from "../utils/form-action.server.ts";
import type { RouteHandle } from "../utils/layout.ts";
import { frameAncestorsContext } from "../utils/security-headers.server.ts";
import type { Route } from "./+types/public-form";

/** A public page: no shell, whoever opens it (a signed-in user too). */
export const handle: RouteHandle = { layout: "full" };

/** What the page needs of the form: neither its allowed sites nor who may answer it are the visitor's business. */
function view({ token: _token, allowedSites: _sites, accessibility: _access, ...form }: PublicFormDto): PublicFormView {
  return form;
}

/** The form by its public id, and the sites that may frame its page (the page's CSP frame-ancestors). */
async function formOf(request: Request, context: Route.LoaderArgs["context"], publicId: string) {
  const form = await readPublicForm(request, context, publicId);
  context.set(frameAncestorsContext, form.allowedSites);
  return form;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const form = await formOf(request, context, params.publicId);
  return data(
    { form: view(form), token: form.token, language: getLocale(context) },
    // Each page carries a token of its own: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

type Refusal = "token" | "tooFast" | "other";

function refusalOf(error: ApiError): Refusal {
  const code = error.body.code ?? error.body.message;
  if (code === formTexts.tooFast) return "tooFast";
  return error.body.exceptionName === "FormTokenException" ? "token" : "other";
}

/**
 * Checks the answers with the page's schema, then sends them with the token the page was shown with. Refused, the
 * page comes back with every answer as typed and the errors on their questions; a token refused as stale or used is
 * replaced by a fresh one (a token refused as too quick stays good, and is kept). Taken, the visitor goes to the
 * thank-you page (POST, redirect, GET).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await formOf(request, context, params.publicId);
  const formData = await readForm(request);
  const posted = formData.get("token");
  const postedToken = typeof posted === "string" && posted !== "" ? posted : form.token;
  if (form.state !== "open")
    return data({ state: form.state as "closed" | "notAccepting", token: null, result: undefined }, { status: 409 });

  const submission = parseWithZod(formData, { schema: publicFormSchema(form.blocks, getLocale(context)) });
  if (submission.status !== "success") return data({ result: submission.reply(), token: postedToken }, { status: 400 });
  try {
    await submitPublicForm(request, context, params.publicId, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) {
      const state =
        (error.body.code ?? error.body.message) === formTexts.closed ? ("closed" as const) : ("notAccepting" as const);
      return data({ state, token: null, result: undefined }, { status: 409 });
    }
    const byField = Object.entries(fieldErrors(error.status, error.body));
    if (byField.length > 0) {
      const errors = Object.fromEntries(byField.map(([field, message]) => [answerField(field), [message]]));
      return data({ result: submission.reply({ fieldErrors: errors }), token: postedToken }, { status: 400 });
    }
    // The API is taking as many submissions as it can: the visitor waits a moment and sends the same answers again.
    if (error.status === 503) {
      const busy = messageCode("errors.busy", { count: error.retryAfter ?? 1 });
      return data({ result: submission.reply({ formErrors: [busy] }), token: postedToken }, { status: 503 });
    }
    if (error.status >= 500) throw error;
    const refusal = refusalOf(error);
    const message = refusal === "token" ? "forms.public.tokenRenewed" : serverMessage(error.body);
    return data(
      {
        result: submission.reply({ formErrors: [message] }),
        // A stale or used token is no good any more; the page's fresh one is (after its few seconds).
        token: refusal === "token" ? form.token : postedToken,
      },
      { status: 400 },
    );
  }
  return redirect(`/f/${encodeURIComponent(params.publicId)}/thanks`);
}

export default function PublicForm({ loaderData, actionData }: Route.ComponentProps) {
  const { form, language } = loaderData;
  const state = actionData && "state" in actionData ? actionData.state : form.state;
  const token = actionData?.token ?? loaderData.token;
  return (
    <PublicFormFrame form={form} language={language}>
      <PublicFormHeading form={form} />
      {state === "open" ? (
        <PublicFormFields form={form} token={token} language={language} lastResult={actionData?.result} />
      ) : (
        <FormStateNotice state={state} />
      )}
    </PublicFormFrame>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.form.title ?? "Workspace" }];
}
