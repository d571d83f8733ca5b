import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

test.describe("app shell", () => {
  test("renders the dark skin by default, styled by the server", async ({ page }) => {
    await signIn(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
    // Styles come in <head> from the server: the body is dark before any script runs.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(150);
    expect(await page.locator("body style").count()).toBe(0);
  });

  test("switches skin and remembers it", async ({ page }, testInfo) => {
    await signIn(page);
    if (jsEnabled(testInfo)) {
      // Before hydration the switch is a plain form that reloads the page.
      await page.locator("html[data-hydrated]").waitFor();
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    }
    // Hydrated, the skin changes at once and the choice is saved by a request of its own: the reload below must not
    // overtake it.
    const saved = jsEnabled(testInfo)
      ? page.waitForResponse((response) => response.url().includes("/resources/preferences"))
      : undefined;
    await page.getByRole("button", { name: "Switch to light skin" }).click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await saved;
    if (jsEnabled(testInfo)) {
      // Hydrated, the switch happens in place rather than by reloading the page.
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    }
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeGreaterThan(600);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.getByRole("button", { name: "Switch to dark skin" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("switches the menu between vertical and horizontal", async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.getByRole("button", { name: "Use horizontal menu" }).click();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expect(page.locator("[data-layout=horizontal]")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Home" })).toBeVisible();
    await page.getByRole("button", { name: "Use vertical menu" }).click();
    await expect(page.getByTestId("sidebar")).toBeVisible();
  });

  test("sends a CSP whose nonce is on every script", async ({ page }) => {
    await signIn(page);
    const response = await page.request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const second = await page.request.get("/");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  });
});

test.describe("languages", () => {
  test("switches between English and Norwegian, and the user keeps the choice", async ({ page, browser }, testInfo) => {
    // Each project changes its own user, so the two can run side by side.
    const user = jsEnabled(testInfo) ? users.employee : users.readOnly;
    await signIn(page, user);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "NB", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Velkommen, ${user.name}` })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("button", { name: "Bytt til lyst utseende" })).toBeVisible();

    // The language belongs to the user: another browser shows it after sign-in.
    const other = await browser.newContext({
      javaScriptEnabled: jsEnabled(testInfo),
      baseURL: testInfo.project.use.baseURL,
      locale: "en-US",
    });
    const otherPage = await other.newPage();
    await signIn(otherPage, user);
    await expect(otherPage.getByRole("heading", { name: `Velkommen, ${user.name}` })).toBeVisible();
    await other.close();

    await page.getByRole("button", { name: "EN", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Welcome, ${user.name}` })).toBeVisible();
  });

  test("opens the settings and the profile from the menu, their texts coming with them", async ({
    browser,
  }, testInfo) => {
    // With JavaScript these are navigations in the page, and the screens' texts are parts loaded on the way there.
    for (const [locale, texts] of [
      [
        "en-US",
        { settings: "Settings", settingsNav: "System settings", groups: "Groups", profile: "Account settings" },
      ],
      [
        "nb-NO",
        {
          settings: "Innstillinger",
          settingsNav: "Systeminnstillinger",
          groups: "Grupper",
          profile: "Kontoinnstillinger",
        },
      ],
    ] as const) {
      const context = await browser.newContext({
        locale,
        javaScriptEnabled: jsEnabled(testInfo),
        baseURL: testInfo.project.use.baseURL,
      });
      const page = await context.newPage();
      await signIn(page, users.admin, "/companies");
      if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
      await page.getByRole("link", { name: texts.settings, exact: true }).first().click();
      await expect(page.getByRole("navigation", { name: texts.settingsNav })).toBeVisible();
      await expect(page.getByRole("link", { name: texts.groups, exact: true })).toBeVisible();
      await page.getByRole("link", { name: users.admin.name, exact: true }).click();
      await expect(page.getByRole("navigation", { name: texts.profile })).toBeVisible();
      await context.close();
    }
  });

  for (const locale of ["no", "nn-NO", "nb-NO"]) {
    test(`reads the browser language "${locale}" as Norwegian`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({
        // The browser's locale is what it sends as Accept-Language.
        locale,
        javaScriptEnabled: jsEnabled(testInfo),
        baseURL: testInfo.project.use.baseURL,
      });
      const page = await context.newPage();
      await page.goto("/");
      // The provider's sign-in page follows the web app's language.
      await expect(page.getByRole("heading", { name: "Logg inn i Workspace" })).toBeVisible();
      await page.goto("/error-404");
      await expect(page.getByRole("heading", { name: "Fant ikke siden" })).toBeVisible();
      await context.close();
    });
  }
});

test.describe("unknown paths", () => {
  test("redirect to /error-404, which answers 404 in the full layout", async ({ page }) => {
    await signIn(page);
    await page.goto("/no/such/page?x=1");
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    const direct = await page.request.get("/error-404");
    expect(direct.status()).toBe(404);

    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Ada Admin" })).toBeVisible();
  });

  test("the web app answers /healthz", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

test.describe("forgery protection", () => {
  test("refuses a preference change posted from another site", async ({ request }) => {
    const response = await request.post("/resources/preferences", {
      form: { intent: "skin", value: "light", redirectTo: "/" },
      headers: { Origin: "https://attacker.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});
