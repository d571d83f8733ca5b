import type { Page, TestInfo } from "@playwright/test";
import { sessionTokens } from "./auth.ts";

/** What makes keys and names this run's and this project's own: the suite's server is shared. */
export const runOf = (testInfo: TestInfo) => `${testInfo.project.name.replace("-", "")}${Date.now()}`;

export type Call = (method: string, path: string, body?: object) => Promise<any>;

/** The API as the signed-in user, answering its responses as they are (a page load first refreshes the token). */
export async function rawApiAs(page: Page) {
  const { access_token } = await sessionTokens(page.context());
  return (method: string, path: string, body?: object) =>
    fetch(`${process.env.E2E_API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
}

/** The API as the signed-in user: a call's JSON (null for no content), or an error that names the failed call. */
export async function apiAs(page: Page): Promise<Call> {
  const call = await rawApiAs(page);
  return async (method, path, body) => {
    const response = await call(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
}
