import { data, type RouterContextProvider, redirect } from "react-router";
import type { ApiError as ApiErrorBody } from "../../../server/contract/errors.ts";
import { formsApi } from "../../../server/contract/forms.api.ts";
import type { PublicFormDto, SubmissionInput } from "../../../server/contract/forms.ts";
import { ApiError, authStateContext, busyResponse } from "../../utils/api.server.ts";
import { routeUrl } from "../../utils/api-path.ts";
import { forwardedFor } from "../../utils/client-address.server.ts";
import { webEnv } from "../../utils/env.server.ts";
import { startSpan } from "../../utils/server-timing.server.ts";

/**
 * The provider API's public form routes, called on the visitor's behalf: with the visitor's address (the API counts
 * its per-address limit by it, and believes it from the web app alone, TRUST_PROXY), and with the user's token only
 * when someone is signed in (a form for signed-in users needs it).
 */
async function send(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const tokens = context.get(authStateContext)?.tokens;
  const end = startSpan(context, "api", `${init.method} ${path.split("?")[0]}`);
  try {
    return await fetch(`${webEnv().apiUrl}${path}`, {
      ...init,
      headers: {
        accept: "application/json",
        ...init.headers,
        ...forwardedFor(request),
        ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}),
      },
    });
  } finally {
    end?.();
  }
}

async function refusal(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // A proxy's page or a cut connection: the status says enough.
  }
  const seconds = Number(response.headers.get("Retry-After"));
  return new ApiError(response.status, body, Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined);
}

/** Where a visitor who must sign in goes: sign-in, and back to the page. */
function signInFirst(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/** The API's answer to a page's read, as the page answers it: not found, sign in first, or wait. */
function pageError(request: Request, error: ApiError): Response {
  if (error.status === 401) return signInFirst(request);
  if (error.status === 429 || error.status === 503) return busyResponse(error.retryAfter, error.status);
  // A public id that is not one (too long) is no form either.
  if (error.status === 400 || error.status === 404) return data("Not found", { status: 404 }) as unknown as Response;
  throw error;
}

/** The form by its public id with a fresh token, or the page's answer when there is none to show. */
export async function readPublicForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  publicId: string,
): Promise<PublicFormDto> {
  const response = await send(request, context, routeUrl(formsApi.publicForm.path, { publicId }), { method: "GET" });
  if (!response.ok) throw pageError(request, await refusal(response));
  return (await response.json()) as PublicFormDto;
}

/** Sends the answers; a refusal comes back as an ApiError (field errors, a refused token, a closed form, a limit). */
export async function submitPublicForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  publicId: string,
  body: SubmissionInput,
): Promise<void> {
  const response = await send(request, context, routeUrl(formsApi.submit.path, { publicId }), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status === 401) throw signInFirst(request);
  if (!response.ok) throw await refusal(response);
}

const PASSED_HEADERS = ["content-type", "content-length", "cache-control", "etag", "last-modified"];

/** The form's banner as the API serves it, streamed with its type and caching (the browser talks to the web app). */
export async function streamBanner(
  request: Request,
  context: Readonly<RouterContextProvider>,
  publicId: string,
): Promise<Response> {
  const search = new URL(request.url).search;
  const conditional = request.headers.get("if-none-match");
  const response = await send(request, context, `${routeUrl(formsApi.publicBanner.path, { publicId })}${search}`, {
    method: "GET",
    headers: { accept: "image/*", ...(conditional ? { "if-none-match": conditional } : {}) },
  });
  if (!response.ok && response.status !== 304) {
    await response.body?.cancel();
    return new Response(null, { status: response.status === 401 ? 401 : 404 });
  }
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}
