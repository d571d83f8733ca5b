import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { pngFile } from "../support/upload-files.ts";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";
import { invitationToken } from "./outbox.ts";

// Shortcuts (spec §2, §3, §6, §7), company settings and the home page. The suite's server is shared with tests that
// run beside these as the same demo users: the shortcuts here are those of a user this run invites for itself, whose
// list and language nobody else touches; what the admin makes is named for the run and removed, and the company
// settings are put back as they were.

const runOf = (testInfo: TestInfo) => `${testInfo.project.name.replace("-", "")}${Date.now()}`;

type Call = (method: string, path: string, body?: object) => Promise<any>;

/** The API with the signed-in user's token (a page load first refreshes it). */
async function apiAs(page: Page): Promise<Call> {
  const { access_token } = await sessionTokens(page.context());
  return async (method, path, body) => {
    const response = await fetch(`${process.env.E2E_API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
}

/** The admin's API calls, from a browser context of its own that is closed after `use`. */
async function asAdmin<T>(browser: Browser, testInfo: TestInfo, use: (call: Call) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
  try {
    const page = await context.newPage();
    await signIn(page, users.admin);
    return await use(await apiAs(page));
  } finally {
    await context.close();
  }
}

interface OwnUser {
  uuid: string;
  email: string;
  password: string;
  name: string;
}

/**
 * A user of this run's own, invited by the admin with the admin's role (but not a company administrator) and
 * registered: their shortcuts and language are theirs alone, whatever other tests do to the demo users meanwhile.
 */
async function inviteUser(call: Call, run: string): Promise<OwnUser> {
  const me = await call("GET", "/api/me/info");
  const role = (await call("GET", `/api/iam/users/employees/${me.uuid}`)).role.uuid;
  const email = `shortcuts-${run.toLowerCase()}@example.com`;
  const name = { firstName: "Siri", lastName: `Snarvei ${run}` };
  const invited = await call("POST", "/api/iam/users/employees", { email, ...name, roleUuid: role });
  const password = `Sc-${randomBytes(18).toString("base64url")}`;
  const registered = await fetch(`${process.env.E2E_API_URL}/jwt/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: invitationToken(email), password }),
    redirect: "manual",
  });
  if (registered.status >= 400) throw new Error(`registration failed: ${registered.status}`);
  return { uuid: invited.uuid, email, password, name: `${name.firstName} ${name.lastName}` };
}

async function signInAs(page: Page, user: OwnUser, to = "/") {
  await page.goto(to);
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByText(user.name).first()).toBeVisible();
}

/** A success notice: a toast with JavaScript, the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/**
 * The menu's shortcuts: the sidebar's, in the default vertical layout (narrow screens have the menu in a bar of
 * their own, hidden here by the stylesheet, which a check made as the page arrives may not have yet).
 */
const menuShortcuts = (page: Page, name: string) => page.getByTestId("sidebar").getByRole("navigation", { name });

/** The names of this run's shortcuts, in order, in a list of links or rows. */
async function namesIn(list: Locator, run: string): Promise<string[]> {
  const names = await list.allInnerTexts();
  return names.map((name) => name.trim()).filter((name) => name.includes(run));
}

test.describe("shortcuts", () => {
  test("a user adds pages as shortcuts, finds them in the menu, orders, hides, renames and deletes them", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const [alpha, beta] = [`Alpha ${run}`, `Beta ${run}`];
    const companies = await asAdmin(browser, testInfo, async (call) => {
      const made = [];
      for (const name of [alpha, beta]) made.push((await call("POST", "/api/crm/company", { values: { name } })).uuid);
      return { made, user: await inviteUser(call, run) };
    });
    const [alphaId, betaId] = companies.made;
    const user = companies.user;
    try {
      await signInAs(page, user, `/companies/${alphaId}`);
      await expect(page.getByRole("heading", { name: alpha, level: 1 })).toBeVisible();
      const menu = menuShortcuts(page, "Shortcuts");
      await expect(menu.getByRole("heading", { name: "Shortcuts" })).toBeVisible();
      await expect(menu.getByRole("link", { name: alpha })).toHaveCount(0);

      // One click adds the page, named by its title; the page stays, and says so.
      await page.getByRole("button", { name: "Add to shortcuts" }).click();
      await expect(notice(page, testInfo, `${alpha} was added to your shortcuts.`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/companies/${alphaId}$`));
      await expect(page.getByRole("link", { name: "In your shortcuts" })).toBeVisible();
      await expect(menu.getByRole("link", { name: alpha })).toHaveAttribute("href", `/companies/${alphaId}`);

      await page.goto(`/companies/${betaId}`);
      await page.getByRole("button", { name: "Add to shortcuts" }).click();
      await expect(page.getByRole("link", { name: "In your shortcuts" })).toBeVisible();
      await expect.poll(() => namesIn(menu.getByRole("link"), run)).toEqual([alpha, beta]);

      // The menu's link opens the page.
      await menu.getByRole("link", { name: alpha }).click();
      await expect(page.getByRole("heading", { name: alpha, level: 1 })).toBeVisible();

      await menu.getByRole("link", { name: "Manage shortcuts" }).click();
      await expect(page.getByRole("heading", { name: "Shortcuts", level: 1 })).toBeVisible();
      const rows = page.getByTestId("shortcut-list").getByTestId("shortcut-name");
      await expect(rows).toHaveText([alpha, beta]);
      await expect(page.getByRole("button", { name: `Move ${alpha} up` })).toBeDisabled();

      // Up: without JavaScript the page comes back at the row; with it, the button keeps the focus.
      await page.getByRole("button", { name: `Move ${beta} up` }).click();
      await expect(rows).toHaveText([beta, alpha]);
      if (js) await expect(page.getByRole("button", { name: `Move ${beta} down` })).toBeFocused();
      else await expect(page).toHaveURL(/\/shortcuts#shortcut-[0-9a-f-]+$/);
      await expect.poll(() => namesIn(menu.getByRole("link"), run)).toEqual([beta, alpha]);

      if (js) {
        // Dragged back into place: Alpha onto the top half of Beta's row.
        const alphaRow = page.getByTestId("shortcut-row").filter({ hasText: alpha });
        const betaRow = page.getByTestId("shortcut-row").filter({ hasText: beta });
        await alphaRow.dragTo(betaRow, { targetPosition: { x: 40, y: 4 } });
        await expect(rows).toHaveText([alpha, beta]);
        await expect(page.getByTestId("shortcut-list")).not.toHaveAttribute("aria-busy", "true");
      } else {
        await page.getByRole("button", { name: `Move ${beta} down` }).click();
        await expect(rows).toHaveText([alpha, beta]);
      }
      await page.reload();
      await expect(rows).toHaveText([alpha, beta]);
      await expect.poll(() => namesIn(menu.getByRole("link"), run)).toEqual([alpha, beta]);

      // Hidden from the menu, and shown again.
      const alphaSwitch = page.getByRole("switch", { name: `Show ${alpha} in the menu` });
      await expect(alphaSwitch).toHaveAttribute("aria-checked", "true");
      await alphaSwitch.click();
      await expect(page.getByRole("switch", { name: `Show ${alpha} in the menu` })).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await expect(menu.getByRole("link", { name: alpha })).toHaveCount(0);
      await page.getByRole("switch", { name: `Show ${alpha} in the menu` }).click();
      await expect(page.getByRole("switch", { name: `Show ${alpha} in the menu` })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expect(menu.getByRole("link", { name: alpha })).toBeVisible();

      // Renamed in the side panel.
      await page.getByRole("link", { name: `Rename ${beta}` }).click();
      const panel = page.getByTestId("shortcut-panel");
      if (js) await page.locator('[data-testid="shortcut-panel"][data-interactive]').waitFor();
      await panel.getByLabel("Name").fill(`${beta} renamed`);
      await panel.getByLabel("Address (a path in the app)").fill("https://evil.example/");
      await panel.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByTestId("shortcut-panel")).toContainText("Must be a path in the app, starting with /");
      await page
        .getByTestId("shortcut-panel")
        .getByLabel("Address (a path in the app)")
        .fill(`/companies/${betaId}/history`);
      await page.getByTestId("shortcut-panel").getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(page, testInfo, `Changes to the shortcut ${beta} renamed were saved.`)).toBeVisible();
      await expect(rows).toHaveText([alpha, `${beta} renamed`]);
      await expect(menu.getByRole("link", { name: `${beta} renamed` })).toHaveAttribute(
        "href",
        `/companies/${betaId}/history`,
      );

      // Deleted after a question.
      for (const name of [alpha, `${beta} renamed`]) {
        await page.getByRole("link", { name: `Delete ${name}` }).click();
        const dialog = page.getByTestId("confirm-delete");
        await expect(dialog).toContainText(`Delete the shortcut ${name}? The page itself stays where it is.`);
        await dialog.getByRole("button", { name: "Delete", exact: true }).click();
        await expect(notice(page, testInfo, `The shortcut ${name} was deleted.`)).toBeVisible();
      }
      await expect(page.getByTestId("empty-state")).toContainText("No shortcuts yet");
      await expect(menu.getByRole("link", { name: run })).toHaveCount(0);
    } finally {
      await asAdmin(browser, testInfo, async (call) => {
        for (const id of companies.made) await call("DELETE", `/api/crm/company/${id}`).catch(() => {});
      });
    }
  });
});

test.describe("shared shortcuts", () => {
  test("a shared shortcut for administrators only is in the admin's menu and not in the employee's", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const name = `Admins ${run}`;
    await signIn(page, users.admin, "/system-settings/shortcut");
    try {
      await expect(page.getByRole("heading", { name: "Shared shortcuts", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "New shortcut" }).first().click();
      if (js) await page.locator('[data-testid="shared-shortcut-panel"][data-interactive]').waitFor();
      const panel = page.getByTestId("shared-shortcut-panel");
      await panel.getByLabel("Name").fill(name);
      await panel.getByLabel("Address (a path in the app, such as /companies)").fill("https://evil.example/");
      await panel.getByLabel("Shown to").selectOption({ label: "Administrators only" });
      await panel.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("shared-shortcut-panel")).toContainText(
        "Must be a path in the app, starting with /",
      );
      await page
        .getByTestId("shared-shortcut-panel")
        .getByLabel("Address (a path in the app, such as /companies)")
        .fill("/system-settings/company-settings");
      await page.getByTestId("shared-shortcut-panel").getByRole("button", { name: "Save", exact: true }).click();
      await expect(notice(page, testInfo, `The shared shortcut ${name} was created.`)).toBeVisible();
      const row = page.getByTestId("shared-shortcuts").getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Administrators only");

      // The admin's menu has it at once; the settings' own page is where it leads.
      await page.reload();
      const menu = menuShortcuts(page, "Shortcuts");
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", "/system-settings/company-settings");

      // The employee's does not (whatever language another test has left the employee in).
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js });
      try {
        const employeePage = await context.newPage();
        await signIn(employeePage, users.employee, "/shortcuts");
        await expect(employeePage.getByTestId("sidebar").getByTestId("menu-shortcuts")).toBeVisible();
        await expect(employeePage.getByTestId("sidebar").getByTestId("menu-shortcuts")).not.toContainText(name);
        await expect(employeePage.locator("main")).not.toContainText(name);
      } finally {
        await context.close();
      }

      await page.goto("/system-settings/shortcut");
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(notice(page, testInfo, `The shared shortcut ${name} was deleted.`)).toBeVisible();
      await expect(page.getByTestId("shared-shortcuts")).not.toContainText(name);
    } finally {
      if (!page.isClosed()) {
        await page.goto("/");
        const call = await apiAs(page);
        for (const shared of await call("GET", "/api/shortcuts/shared")) {
          if (shared.name === name) await call("DELETE", `/api/shortcuts/shared/${shared.uuid}`);
        }
      }
    }
  });
});

test.describe("company settings", () => {
  test("the admin saves the company's details, and a logo is taken by its content only", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    await signIn(page, users.admin, "/system-settings");
    const before = await (await apiAs(page))("GET", "/api/core/company_settings");
    try {
      // The settings open at the company's.
      await expect(page).toHaveURL(/\/system-settings\/company-settings$/);
      await expect(page.getByRole("heading", { name: "Company settings", level: 1 })).toBeVisible();
      await page.getByLabel("Organisation number").fill(`Org ${run}`);
      await page.getByLabel("Address").fill(`Storgata ${run}\n0155 Oslo`);
      // The language and time zone stay: other tests run beside this one.
      await expect(page.getByLabel("Default language")).toHaveValue(before.defaultLanguage ?? "");
      await expect(page.getByLabel("Time zone")).toHaveValue(before.timeZone);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(notice(page, testInfo, "The company settings were saved.")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Organisation number")).toHaveValue(`Org ${run}`);
      await expect(page.getByLabel("Address")).toHaveValue(`Storgata ${run}\n0155 Oslo`);

      // A file that only calls itself an image is refused, with the reason.
      await page.getByLabel("Logo image").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"),
      });
      await page.getByRole("button", { name: "Upload logo" }).click();
      await expect(page.getByTestId("logo-error")).toHaveText("The logo must be a PNG, JPEG or WebP image");
      // Access tokens are short in this suite: a page load refreshes the session's.
      await page.goto("/system-settings/company-settings");
      expect((await (await apiAs(page))("GET", "/api/core/company_settings")).logo).toEqual(before.logo);

      // With JavaScript the browser refuses a file whose name and type are not one of the logo's, before sending it.
      const misnamed = { name: "logo.gif", mimeType: "image/gif", buffer: pngFile };
      if (jsEnabled(testInfo)) {
        await page.getByLabel("Logo image").setInputFiles(misnamed);
        await expect(page.getByTestId("file-refused")).toHaveText("The logo must be a PNG, JPEG or WebP image");
      }
      // The API takes a real image by its content, whatever its name says (the browser's check is only comfort), and
      // it shows beside the app's name; then it is removed.
      await page
        .getByLabel("Logo image")
        .setInputFiles(jsEnabled(testInfo) ? { ...misnamed, name: "logo.png", mimeType: "image/png" } : misnamed);
      await page.getByRole("button", { name: "Upload logo" }).click();
      await expect(notice(page, testInfo, "The logo was saved.")).toBeVisible();
      await expect(page.getByTestId("logo-preview")).toBeVisible();
      await expect(page.getByTestId("sidebar").getByTestId("company-logo")).toHaveAttribute("alt", before.name);
      await page.getByRole("button", { name: "Remove logo" }).click();
      await expect(notice(page, testInfo, "The logo was removed.")).toBeVisible();
      await expect(page.getByTestId("logo-preview")).toHaveCount(0);
      await expect(page.getByTestId("sidebar").getByTestId("company-logo")).toHaveCount(0);
    } finally {
      await page.goto("/");
      const call = await apiAs(page);
      if (!before.logo) await call("DELETE", "/api/core/company_settings/logo");
      await call("PUT", "/api/core/company_settings", {
        name: before.name,
        organisationNumber: before.organisationNumber,
        address: before.address,
        defaultLanguage: before.defaultLanguage,
        timeZone: before.timeZone,
      });
    }
  });
});

test.describe("home", () => {
  test("shows the user's own open to-do, overdue, and the records they changed", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const title = `Follow up ${run}`;
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const made = await asAdmin(browser, testInfo, async (call) => {
      const user = await inviteUser(call, `home${run}`);
      const todo = await call("POST", "/api/crm/todo", {
        values: { title, assigned_user_id: user.uuid, due_date: yesterday },
      });
      return { user, todo: todo.uuid as string };
    });
    let company: string | undefined;
    try {
      await signInAs(page, made.user, "/");
      await expect(page.getByRole("heading", { name: `Welcome, ${made.user.name}`, level: 1 })).toBeVisible();
      const todos = page.getByTestId("home-todos");
      await expect(todos.getByTestId("work-item")).toHaveCount(1);
      await expect(todos.getByTestId("work-item")).toContainText("Overdue");
      await expect(todos).toContainText("1 of 1");
      await expect(page.getByTestId("home-inquiries")).toContainText("No open inquiries are assigned to you.");
      await expect(page.getByTestId("home-recent")).toContainText("Nothing changed yet");
      await expect(page.getByTestId("home-shortcuts")).toContainText("No shortcuts yet");

      // What the user changes shows under their recent changes.
      const call = await apiAs(page);
      company = (await call("POST", "/api/crm/company", { values: { name: `Home ${run} AS` } })).uuid;
      await page.reload();
      await expect(page.getByTestId("home-recent").getByRole("link", { name: `Home ${run} AS` })).toHaveAttribute(
        "href",
        `/companies/${company}`,
      );

      await todos.getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    } finally {
      await asAdmin(browser, testInfo, async (call) => {
        await call("DELETE", `/api/crm/todo/${made.todo}`).catch(() => {});
        if (company) await call("DELETE", `/api/crm/company/${company}`).catch(() => {});
      });
    }
  });
});

test.describe("shortcuts in Norwegian", () => {
  // A Norwegian browser: the user of this run has chosen no language, nor has the company.
  test.use({ locale: "nb-NO" });

  test("the user orders and hides shortcuts in Norwegian, and a wrong logo is refused in Norwegian", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const [first, second] = [`Første ${run}`, `Andre ${run}`];
    const made = await asAdmin(browser, testInfo, async (call) => {
      const ids = [];
      for (const name of [first, second]) ids.push((await call("POST", "/api/crm/company", { values: { name } })).uuid);
      return { ids, user: await inviteUser(call, `nb${run}`) };
    });
    try {
      for (const id of made.ids) {
        if (id === made.ids[0]) await signInAs(page, made.user, `/companies/${id}`);
        else await page.goto(`/companies/${id}`);
        await page.getByRole("button", { name: "Legg til i snarveier" }).click();
        await expect(page.getByRole("link", { name: "I snarveiene dine" })).toBeVisible();
      }
      const menu = menuShortcuts(page, "Snarveier");
      await expect(menu.getByRole("heading", { name: "Snarveier" })).toBeVisible();
      await expect.poll(() => namesIn(menu.getByRole("link"), run)).toEqual([first, second]);

      await menu.getByRole("link", { name: "Administrer snarveier" }).click();
      await expect(page.getByRole("heading", { name: "Snarveier", level: 1 })).toBeVisible();
      const rows = page.getByTestId("shortcut-list").getByTestId("shortcut-name");
      await page.getByRole("button", { name: `Flytt ${second} opp` }).click();
      await expect(rows).toHaveText([second, first]);
      if (!js) await expect(page).toHaveURL(/\/shortcuts#shortcut-[0-9a-f-]+$/);
      await expect.poll(() => namesIn(menu.getByRole("link"), run)).toEqual([second, first]);

      await page.getByRole("switch", { name: `Vis ${first} i menyen` }).click();
      await expect(page.getByRole("switch", { name: `Vis ${first} i menyen` })).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await expect(page.getByRole("switch", { name: `Vis ${first} i menyen` })).toContainText("Skjult");
      await expect(menu.getByRole("link", { name: first })).toHaveCount(0);
      await expect(menu.getByRole("link", { name: second })).toBeVisible();
    } finally {
      await asAdmin(browser, testInfo, async (call) => {
        for (const id of made.ids) await call("DELETE", `/api/crm/company/${id}`).catch(() => {});
      });
    }

    // The admin, with no language chosen, in a Norwegian browser: the logo's refusal in Norwegian.
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: js,
      locale: "nb-NO",
    });
    try {
      const adminPage = await context.newPage();
      await signIn(adminPage, users.admin, "/system-settings/company-settings");
      await expect(adminPage.getByRole("heading", { name: "Firmainnstillinger", level: 1 })).toBeVisible();
      await adminPage.getByLabel("Logobilde").setInputFiles({
        name: "logo.webp",
        mimeType: "image/webp",
        buffer: Buffer.from("GIF89a not a webp"),
      });
      await adminPage.getByRole("button", { name: "Last opp logo" }).click();
      await expect(adminPage.getByTestId("logo-error")).toHaveText("Logoen må være et PNG-, JPEG- eller WebP-bilde");
    } finally {
      await context.close();
    }
  });
});
