import type { Browser, Page, TestInfo } from "@playwright/test";
import { type Call, runOf } from "./api.ts";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";
import { invitationToken } from "./outbox.ts";

// The bell, its panel and the notification settings (spec §2 bell, /profile/notifications). The suite's server and
// its demo users are shared with tests running alongside, which read, change and switch languages: each test here
// invites a user of its own, whom the administrator assigns to records of this run through the API.

/**
 * The administrator's API calls, from a browser session of their own: its access token lives seconds in this suite,
 * so a page load refreshes it when it is near its end.
 */
async function adminApi(browser: Browser, testInfo: TestInfo): Promise<{ call: Call; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, users.admin);
  const call: Call = async (method, apiPath, body) => {
    let tokens = await sessionTokens(context);
    if (tokens.token_expiration - Date.now() < 4_000) {
      await page.goto("/");
      tokens = await sessionTokens(context);
    }
    const response = await fetch(`${process.env.E2E_API_URL}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  return { call, close: () => context.close() };
}

interface InvitedUser {
  uuid: string;
  email: string;
  name: string;
  password: string;
}

/** A new employee of this run, invited by the administrator and registered with a password. */
async function inviteUser(call: Call, run: string): Promise<InvitedUser> {
  const [erik] = await call("GET", "/api/iam/users/employees/autocomplete?query=erik");
  const role = (await call("GET", `/api/iam/users/employees/${erik.uuid}`)).role.uuid;
  const email = `varsel-${run}@example.com`;
  const invited = await call("POST", "/api/iam/users/employees", {
    email,
    firstName: "Vera",
    lastName: `Varsel${run}`,
    roleUuid: role,
  });
  const password = `Bjelle-varsel-${run}-kveld`;
  const registered = await fetch(`${process.env.E2E_API_URL}/jwt/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: invitationToken(email), password }),
  });
  expect(registered.status).toBe(204);
  return { uuid: invited.uuid, email, name: `Vera Varsel${run}`, password };
}

async function signInAs(page: Page, user: InvitedUser, to = "/") {
  await page.goto(to);
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByText(user.name).first()).toBeVisible();
}

const bell = (page: Page) => page.getByTestId("notification-bell");

/** The bell's accessible name (read from its label: an open panel hides the page beneath from assistive technology). */
const expectBell = (page: Page, label: string) => expect(bell(page)).toHaveAttribute("aria-label", label);

/** The panel, once it answers to clicks (with JavaScript its code arrives after the page's). */
async function openPanel(page: Page, testInfo: TestInfo) {
  await bell(page).click();
  if (jsEnabled(testInfo)) await page.locator('[data-testid="notifications-panel"][data-interactive]').waitFor();
  const panel = page.getByTestId("notifications-panel");
  await expect(panel).toBeVisible();
  return panel;
}

async function company(call: Call, name: string): Promise<string> {
  return (await call("POST", "/api/crm/company", { values: { name } })).uuid;
}

const assign = (call: Call, user: InvitedUser, ids: string[], tableKey = "company") =>
  call("POST", `/api/iam/users/${user.uuid}/assign_to_entities`, {
    assignToEntities: ids.map((uuidKey) => ({ schemaKey: "crm", tableKey, uuidKey })),
  });

test.describe("the notification bell", () => {
  test("counts a user's notifications, opens one at its record, and marks one and then all read", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const admin = await adminApi(browser, testInfo);
    try {
      const user = await inviteUser(admin.call, run);
      const [first, second] = [`Bjelle ${run} A`, `Bjelle ${run} B`];
      const firstId = await company(admin.call, first);
      const secondId = await company(admin.call, second);
      await assign(admin.call, user, [firstId, secondId]);

      await signInAs(page, user, "/companies");
      await expectBell(page, "Notifications, 2 unread");
      await expect(page.getByTestId("notification-count")).toHaveText("2");
      // The home page lists the unread ones too.
      await page.goto("/");
      const home = page.getByTestId("home-notifications");
      await expect(home.getByRole("link", { name: `Ada Admin assigned you to ${first}` })).toBeVisible();
      await expect(home.getByRole("link", { name: `Ada Admin assigned you to ${second}` })).toBeVisible();
      await page.goto("/companies");

      // The list: newest first, each saying what happened; opening one goes to its record and reads it.
      let panel = await openPanel(page, testInfo);
      await expect(panel.getByTestId("notification")).toHaveCount(2);
      await expect(panel.getByTestId("notification").first()).toContainText(`Ada Admin assigned you to ${second}`);
      await expect(panel.getByTestId("notification").first()).toContainText("Company");
      await panel.getByRole("link", { name: `Ada Admin assigned you to ${first}` }).click();
      await expect(page).toHaveURL(new RegExp(`/companies/${firstId}$`));
      await expect(page.getByRole("heading", { name: first, level: 1 })).toBeVisible();
      await expectBell(page, "Notifications, 1 unread");

      // One marked read from the list: the count goes, the panel stays open.
      panel = await openPanel(page, testInfo);
      await panel.getByRole("button", { name: `Mark as read: Ada Admin assigned you to ${second}` }).click();
      await expectBell(page, "Notifications");
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(page.getByTestId("notifications-panel").locator("[data-unread]")).toHaveCount(0);

      // Above 99 the bell says 99+; reading all clears it.
      const contacts = await admin.call("GET", "/api/crm/contact?size=100&fields=first_name");
      await assign(
        admin.call,
        user,
        contacts.content.map((contact: { uuid: string }) => contact.uuid),
        "contact",
      );
      await page.goto("/companies");
      await expectBell(page, "Notifications, more than 99 unread");
      await expect(page.getByTestId("notification-count")).toHaveText("99+");
      panel = await openPanel(page, testInfo);
      await expect(panel.getByTestId("notification")).toHaveCount(20);
      await panel.getByRole("button", { name: "Mark all as read" }).click();
      await expectBell(page, "Notifications");
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(page.getByTestId("notifications-panel").locator("[data-unread]")).toHaveCount(0);
      await expect(
        page.getByTestId("notifications-panel").getByRole("button", { name: "Mark all as read" }),
      ).toHaveCount(0);

      // Older ones are a page further, and Close goes back to the page under the panel.
      await page.getByTestId("notifications-panel").getByRole("link", { name: "Older" }).click();
      await expect(page).toHaveURL(/notificationsPage=1/);
      await expect(page.getByTestId("notifications-panel").getByTestId("notification")).toHaveCount(20);
      await page.getByTestId("notifications-panel").getByRole("link", { name: "Close" }).first().click();
      await expect(page.getByTestId("notifications-panel")).toHaveCount(0);
      await expect(page).toHaveURL(/\/companies$/);
    } finally {
      await admin.close();
    }
  });

  test("a type switched off in the profile sends nothing of it; being given work is always told", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const admin = await adminApi(browser, testInfo);
    try {
      const user = await inviteUser(admin.call, run);
      await signInAs(page, user);
      await page.getByRole("link", { name: user.name }).click();
      await page
        .getByRole("navigation", { name: "Account settings" })
        .getByRole("link", { name: "Notifications" })
        .click();
      await expect(page).toHaveURL(/\/profile\/notifications$/);
      await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

      const assigned = page.getByRole("switch", { name: "Notify me: Assigned to a record" });
      const given = page.getByRole("switch", { name: "Notify me: Given a to-do or inquiry" });
      await expect(given).toBeDisabled();
      await expect(given).toHaveAttribute("title", "Always on: you are always told when work is given to you.");
      await expect(assigned).toHaveAttribute("aria-checked", "true");
      if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
      await assigned.click();
      await expect(assigned).toHaveAttribute("aria-checked", "false");
      if (!jsEnabled(testInfo)) {
        await expect(page.getByTestId("noscript-notice")).toContainText("Your notification settings were saved.");
      }

      // Assigned to a record: nothing; given a to-do: told.
      await assign(admin.call, user, [await company(admin.call, `Stille ${run}`)]);
      await page.reload();
      await expectBell(page, "Notifications");
      await admin.call("POST", "/api/crm/todo", { values: { title: `Ring ${run}`, assigned_user_id: user.uuid } });
      await page.reload();
      await expectBell(page, "Notifications, 1 unread");
      const panel = await openPanel(page, testInfo);
      await expect(panel.getByTestId("notification")).toHaveCount(1);
      await expect(panel.getByTestId("notification")).toContainText(`Ada Admin assigned Ring ${run} to you`);

      // Switched on again, it tells again.
      await page.goto("/profile/notifications");
      if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
      await assigned.click();
      await expect(assigned).toHaveAttribute("aria-checked", "true");
      await assign(admin.call, user, [await company(admin.call, `Høylytt ${run}`)]);
      await page.reload();
      await expectBell(page, "Notifications, 2 unread");
    } finally {
      await admin.close();
    }
  });
});

test.describe("the notification bell in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("speaks Norwegian: the count, what happened, and read all", async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const admin = await adminApi(browser, testInfo);
    try {
      const user = await inviteUser(admin.call, run);
      const name = `Fjellbjelle ${run}`;
      await assign(admin.call, user, [await company(admin.call, name)]);
      await signInAs(page, user);
      await expect(page.locator("html")).toHaveAttribute("lang", "nb");
      await expectBell(page, "Varsler, 1 ulest");

      const panel = await openPanel(page, testInfo);
      await expect(panel.getByRole("heading", { name: "Varsler" })).toBeVisible();
      await expect(panel.getByTestId("notification")).toContainText(`Ada Admin tildelte deg ${name}`);
      await expect(panel.getByTestId("notification")).toContainText("Firma");
      await expect(panel.getByTestId("notification")).toContainText("Ulest");
      await panel.getByRole("button", { name: "Merk alle som lest" }).click();
      await expectBell(page, "Varsler");
      await expect(page.getByTestId("notifications-panel").getByTestId("notification")).not.toContainText("Ulest");

      await page.goto("/profile/notifications");
      await expect(page.getByRole("navigation", { name: "Kontoinnstillinger" })).toBeVisible();
      await expect(page.getByRole("switch", { name: "Varsle meg: Tildelt en oppføring" })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expect(
        page.getByRole("switch", { name: "Varsle meg: Får et gjøremål eller en henvendelse" }),
      ).toBeDisabled();
    } finally {
      await admin.close();
    }
  });
});
