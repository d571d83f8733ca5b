import { PASSWORD, revokeRefreshToken, sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";
import { E2E_ACCESS_TOKEN_TTL } from "./global-setup.ts";

// The language test changes the employee and read-only users; these tests sign in as the admin.
test.describe("sign-in", () => {
  test("signs in through the provider's form and signs out", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to Workspace" })).toBeVisible();
    await submitSignIn(page, users.admin.email, PASSWORD);
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");

    // Open routes send a signed-in user home.
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to Workspace" })).toBeVisible();
    // The provider session ended too: the app asks for the password again.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to Workspace" })).toBeVisible();
  });

  test("sends a signed-in user away from /clrgen and /login without signing out", async ({ page }) => {
    await signIn(page, users.admin);
    for (const path of ["/clrgen", "/login"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    }
  });

  test("says so when the password is wrong, without telling whether the email exists", async ({ page }) => {
    await page.goto("/");
    await submitSignIn(page, users.admin.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await submitSignIn(page, "nobody@example.com", "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page.locator("#email")).toHaveValue("nobody@example.com");
  });

  test("returns to the page the user was going to", async ({ page }) => {
    await page.goto("/?view=overview");
    await expect(page).toHaveURL(/\/auth\/login/);
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    expect(new URL(page.url()).search).toBe("?view=overview");
  });

  test("refreshes an expired access token transparently while requests race", async ({ page, context }, testInfo) => {
    test.slow();
    await signIn(page, users.admin);
    await page.waitForLoadState("networkidle");
    const before = await sessionTokens(context);
    await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL + 1) * 1000);

    // Several requests of one session arrive at once, all with the expired token.
    const responses = await Promise.all(Array.from({ length: 6 }, () => page.request.get("/", { maxRedirects: 0 })));
    for (const response of responses) {
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("Welcome, Ada Admin");
    }
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    if (jsEnabled(testInfo)) {
      await page.getByRole("link", { name: "Home" }).first().click();
      await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    }
    const after = await sessionTokens(context);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.token_expiration).toBeGreaterThan(before.token_expiration);
  });

  test("sends the user to sign in, with a notice, once the refresh token is revoked", async ({ page, context }) => {
    test.slow();
    await signIn(page, users.admin);
    // The page's last requests (its logo) may still refresh the tokens; the ones to revoke are those left after.
    await page.waitForLoadState("networkidle");
    const { refresh_token } = await sessionTokens(context);
    await revokeRefreshToken(refresh_token);
    await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL + 1) * 1000);

    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("login-notice")).toContainText("Your session has ended. Please sign in again.");
    // The provider's own sign-in session is still open, so signing in again needs no password.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
  });
});
