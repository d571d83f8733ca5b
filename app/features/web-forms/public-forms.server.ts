import { data, type RouterContextProvider, redirect } from "react-router";
import { formsApi } from "../../../server/contract/forms.api.ts";
import type { PublicFormDto, SubmissionInput } from "../../../server/contract/forms.ts";
import { ApiError, busyResponse, publicApi } from "../../utils/api.server.ts";

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
  try {
    return await publicApi(context).call(formsApi.publicForm, { params: { publicId } });
  } catch (error) {
    if (error instanceof ApiError) throw pageError(request, error);
    throw error;
  }
}

/** Sends the answers; a refusal comes back as an ApiError (field errors, a refused token, a closed form, a limit). */
export async function submitPublicForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  publicId: string,
  body: SubmissionInput,
): Promise<void> {
  try {
    await publicApi(context).call(formsApi.submit, { params: { publicId }, body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw signInFirst(request);
    throw error;
  }
}

const PASSED_HEADERS = ["content-type", "content-length", "cache-control", "etag", "last-modified"];

/** The form's banner as the API serves it, streamed with its type and caching (the browser talks to the web app). */
export async function streamBanner(
  request: Request,
  context: Readonly<RouterContextProvider>,
  publicId: string,
): Promise<Response> {
  const conditional = request.headers.get("if-none-match");
  let response: Response;
  try {
    response = await publicApi(context).stream(
      formsApi.publicBanner,
      { params: { publicId } },
      conditional ? { "if-none-match": conditional } : {},
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(null, { status: error.status === 401 ? 401 : 404 });
  }
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}
