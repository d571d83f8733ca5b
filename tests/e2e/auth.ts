import type { BrowserContext, Page } from "@playwright/test";
import { decryptValue, sessionCookieKey } from "../../server/shared/sealed-value.ts";
import { expect } from "./fixtures.ts";

export const PASSWORD = "e2e-demo-password";

export const users = {
  admin: { email: "admin@example.com", name: "Ada Admin" },
  employee: { email: "employee@example.com", name: "Erik Nordmann" },
  readOnly: { email: "readonly@example.com", name: "Rita Reader" },
} as const;

/** Fills the provider's sign-in form, which the page must be showing. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.locator("#email")).toBeVisible();
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("button[type=submit]").click();
}

/** Opens path, signs in on the way, and waits until the app shows the user. */
export async function signIn(page: Page, user: { email: string; name: string } = users.admin, path = "/") {
  await page.goto(path);
  await submitSignIn(page, user.email);
  await expect(page.getByText(user.name).first()).toBeVisible();
}

/** The tokens in the session cookie, opened with the suite's session secret as the web app opens it. */
export async function sessionTokens(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("workspace_session"));
  if (!cookie) throw new Error("no session cookie");
  const sealed = JSON.parse(atob(decodeURIComponent(cookie.value))) as string;
  const key = await sessionCookieKey(process.env.E2E_SESSION_SECRET ?? "");
  const contents = await decryptValue(key, sealed);
  if (!contents) throw new Error("the session cookie does not open with the suite's secret");
  return contents as { access_token: string; refresh_token: string; token_expiration: number };
}

/** Revokes a refresh token at the provider, as an administrator or a stolen-token alarm would. */
export async function revokeRefreshToken(refreshToken: string) {
  const basic = Buffer.from(`workspace-web:${process.env.E2E_CLIENT_SECRET}`).toString("base64");
  const response = await fetch(`${process.env.E2E_API_URL}/oauth2/revoke`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
  });
  expect(response.status).toBe(200);
}
