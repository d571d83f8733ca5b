import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// The suite's server is shared by the tests running beside these, with the same demo users: their roles, groups and
// status are never changed here. Users, roles and groups made here carry the run's name; users cannot be deleted, so
// they are deactivated at the end, and the roles and groups made are deleted (should a test fail on the way, too).

const PASSWORD = "Fjord-vinter-4821-kaffe";

/** What makes names and emails this run's and this project's own. */
const runOf = (testInfo: TestInfo) => `${testInfo.project.name.replace("-", "")}${Date.now()}`;

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo, testId: string) {
  if (jsEnabled(testInfo)) await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
  return page.getByTestId(testId);
}

/** Calls the API as the signed-in user; loading a page first gives a fresh access token. */
async function apiAs(page: Page) {
  await page.goto("/");
  const { access_token } = await sessionTokens(page.context());
  return async (method: string, apiPath: string, body?: object) => {
    const response = await fetch(`${process.env.E2E_API_URL}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

type Api = Awaited<ReturnType<typeof apiAs>>;

async function roleId(call: Api, name: string): Promise<string> {
  const roles = (await call("GET", "/api/iam/roles")).body as { uuid: string; name: string }[];
  const role = roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.uuid;
}

/**
 * What a test made, undone through the API: its users get a built-in role back and are deactivated, then its roles and
 * groups are deleted.
 */
async function removeLeftovers(page: Page, run: string) {
  // A test that ran out of time has lost its page; the error that ended it is the one to see.
  if (page.isClosed()) return;
  const call = await apiAs(page);
  const readOnly = await roleId(call, "Read-only");
  const found = (await call("GET", `/api/iam/users/employees?q=${run}&size=50`)).body?.content ?? [];
  for (const user of found as { uuid: string; firstName: string; lastName: string; status: string }[]) {
    await call("PUT", `/api/iam/users/employees/${user.uuid}`, {
      firstName: user.firstName,
      lastName: user.lastName,
      roleUuid: readOnly,
    });
    await call("PUT", `/api/iam/users/employees/${user.uuid}/deactivate`);
  }
  for (const role of (await call("GET", "/api/iam/roles")).body as { uuid: string; name: string }[]) {
    if (role.name.includes(run)) await call("DELETE", `/api/iam/roles/${role.uuid}`);
  }
  const groups = (await call("GET", `/api/iam/groups?q=${run}&size=50`)).body?.content ?? [];
  for (const group of groups as { uuid: string }[]) await call("DELETE", `/api/iam/groups/${group.uuid}`);
}

/** A quoted-printable mail body as plain text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The link of the newest invitation mail to `email` in the outbox (the suite has no mail transport). */
async function invitationLink(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
      const mail = mails
        .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), "utf8")))
        .filter((text) => text.includes(email))
        .at(-1);
      link = mail && /https?:\/\/\S+\/jwt\/register\?token=[A-Za-z0-9_%-]+/.exec(mail)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Searches the users list: with JavaScript it follows the box as one types; without, the Search button sends it. */
async function searchUsers(page: Page, testInfo: TestInfo, term: string) {
  const box = page.getByRole("searchbox", { name: /Search|Søk/ });
  await box.fill(term);
  if (jsEnabled(testInfo)) await expect(page).toHaveURL(new RegExp(`[?&]q=${term}`));
  else
    await page
      .getByRole("search")
      .getByRole("button", { name: /^(Search|Søk)$/ })
      .click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${term}`));
}

/** The invitee's own browser: they open the invitation, choose a password and sign in for the first time. */
async function acceptInvitation(browser: Browser, testInfo: TestInfo, email: string, name: string) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_APP_URL,
    javaScriptEnabled: jsEnabled(testInfo),
  });
  const page = await context.newPage();
  await page.goto(await invitationLink(email));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Your password is saved. You can now sign in.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Workspace" }).click();
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByText(name).first()).toBeVisible();
  return { context, page };
}

test.describe("user and role administration", () => {
  test("an invited user signs in for the first time, and a role's new permission shows them New on companies", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const run = runOf(testInfo);
    const email = `nora.${run}@example.com`;
    const lastName = `Nyheim${run}`;
    const name = `Nora ${lastName}`;
    const role = `Sellers ${run}`;
    let invitee: Awaited<ReturnType<typeof acceptInvitation>> | undefined;
    try {
      await signIn(page, users.admin, "/system-settings/users");
      await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
      const sections = page.getByRole("navigation", { name: "System settings" });
      // The spec's order: the company's settings, then users, groups and roles.
      for (const [index, section] of ["Company settings", "Users", "Groups", "Roles"].entries()) {
        await expect(sections.getByRole("link").nth(index)).toHaveText(section);
      }
      await expect(sections.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");

      // The invitation: email, names, role and language.
      await page.getByRole("link", { name: "Invite user" }).click();
      const invite = await panel(page, testInfo, "invite-panel");
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("First name").fill("Nora");
      await invite.getByLabel("Last name").fill(lastName);
      await invite.getByRole("combobox", { name: "Role" }).selectOption({ label: "Read-only" });
      await invite.getByRole("combobox", { name: "Language" }).selectOption({ label: "English" });
      await invite.getByRole("button", { name: "Invite user" }).click();
      await expect(page.getByTestId("invite-panel")).toHaveCount(0);
      await expect(notice(page, testInfo, `An invitation was sent to ${email}.`)).toBeVisible();

      await searchUsers(page, testInfo, run);
      const row = page.getByTestId("users").locator("tbody tr").filter({ hasText: email });
      await expect(row.getByRole("cell")).toHaveText([name, email, "Invited", "Read-only", "—", /Edit/]);
      await expect(row.getByRole("button", { name: `Resend the invitation to ${name}` })).toBeVisible();

      // The mail's link: a password, then the first sign-in; a reader sees no New on companies.
      invitee = await acceptInvitation(browser, testInfo, email, name);
      await invitee.page.goto("/companies");
      await expect(invitee.page.getByRole("heading", { name: "Companies", level: 1 })).toBeVisible();
      await expect(invitee.page.getByRole("link", { name: "Add", exact: true })).toHaveCount(0);

      await page.reload();
      await expect(row.getByRole("cell").nth(2)).toHaveText("Active");

      // An active address cannot be invited again.
      await page.getByRole("link", { name: "Invite user" }).click();
      const again = await panel(page, testInfo, "invite-panel");
      await again.getByLabel("Email").fill(email);
      await again.getByLabel("First name").fill("Nora");
      await again.getByLabel("Last name").fill(lastName);
      await again.getByRole("combobox", { name: "Role" }).selectOption({ label: "Read-only" });
      await again.getByRole("button", { name: "Invite user" }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("User already exists");
      await page.getByTestId("error-dialog").getByRole("button", { name: "Close" }).click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      await expect(page.getByTestId("invite-panel").getByLabel("Email")).toHaveValue(email);
      await page.getByTestId("invite-panel").getByRole("link", { name: "Cancel" }).click();
      // With JavaScript the filled form is not thrown away without a question.
      if (jsEnabled(testInfo)) await page.getByRole("button", { name: "Discard" }).click();
      await expect(page.getByTestId("invite-panel")).toHaveCount(0);

      // A copy of Read-only, given Create on companies.
      await sections.getByRole("link", { name: "Roles" }).click();
      await expect(page.getByRole("heading", { name: "Roles", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Copy Read-only" }).click();
      const copy = await panel(page, testInfo, "role-panel");
      await expect(copy.getByLabel("Name")).toHaveValue("Copy of Read-only");
      await copy.getByLabel("Name").fill(role);
      await copy.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("heading", { name: `Permissions of ${role}`, level: 1 })).toBeVisible();
      const createCompanies = page.getByRole("checkbox", { name: "Create: Companies" });
      await expect(createCompanies).not.toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Read: Companies" })).toBeChecked();
      await createCompanies.check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(notice(page, testInfo, `The permissions of ${role} were saved.`)).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Create: Companies" })).toBeChecked();

      // The role goes to the new user.
      await page.goto(`/system-settings/users?q=${run}`);
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      const edit = await panel(page, testInfo, "user-panel");
      await expect(edit.getByTestId("user-email")).toHaveText(email);
      await edit.getByRole("combobox", { name: "Role" }).selectOption({ label: role });
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(page, testInfo, `Changes to ${name} were saved.`)).toBeVisible();
      await expect(row.getByRole("cell").nth(3)).toHaveText(role);

      // Its effect: the user may now add companies.
      await invitee.page.goto("/companies");
      await expect(invitee.page.getByRole("link", { name: "Add", exact: true })).toBeVisible();

      // The user's page: details and history.
      await row.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId("user-status")).toHaveText("Active");
      await expect(page.getByTestId("user-role")).toContainText(role);
      const history = page.getByTestId("history-entry");
      await expect(history.first()).toContainText("Ada Admin changed the user");
      await expect(history.first()).toContainText(`Role: Read-only → ${role}`);
      await expect(history.nth(1)).toContainText("Status: Invited → Active");
      await expect(history.last()).toContainText("Ada Admin invited the user");
    } finally {
      await invitee?.context.close();
      await removeLeftovers(page, run);
    }
  });

  test("groups: made, given a member and rid of them, renamed and deleted", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const run = runOf(testInfo);
    const group = `Team ${run}`;
    const lastName = `Gruppe${run}`;
    const name = `Gro ${lastName}`;
    try {
      await signIn(page, users.admin);
      const call = await apiAs(page);
      const invited = await call("POST", "/api/iam/users/employees", {
        email: `gro.${run}@example.com`,
        firstName: "Gro",
        lastName,
        roleUuid: await roleId(call, "Read-only"),
      });
      expect(invited.status).toBe(201);

      await page.goto("/system-settings/groups");
      await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Add group" }).click();
      const made = await panel(page, testInfo, "group-panel");
      await made.getByLabel("Name").fill(group);
      await made.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("heading", { name: group, level: 1 })).toBeVisible();
      await expect(notice(page, testInfo, `The group ${group} was added.`)).toBeVisible();
      await expect(page.getByTestId("members")).toContainText("No users.");

      // A member, found by searching.
      await page.getByRole("link", { name: "Add member" }).click();
      const add = await panel(page, testInfo, "member-panel");
      if (jsEnabled(testInfo)) {
        const box = add.getByRole("combobox", { name: "User" });
        await box.fill(lastName);
        await expect(page.getByRole("option", { name })).toBeVisible();
        await box.press("Enter");
        await expect(page.getByTestId("dropdown-locked")).toHaveValue(name);
      } else {
        await add.getByRole("textbox").fill(lastName);
        await add.getByRole("button", { name: "Search", exact: true }).click();
        await page
          .getByTestId("member-panel")
          .getByRole("radio", { name: new RegExp(`^${name}`) })
          .check();
      }
      await page.getByTestId("member-panel").getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("member-panel")).toHaveCount(0);
      await expect(notice(page, testInfo, `${name} was added to the group.`)).toBeVisible();
      const member = page.getByTestId("members").locator("tbody tr").filter({ hasText: name });
      await expect(member.getByRole("cell")).toHaveText([name, `gro.${run}@example.com`, "Invited", "Remove"]);

      // Removed again, after a question.
      await member.getByRole("link", { name: `Remove ${name} from the group` }).click();
      await expect(page.getByTestId("confirm-remove")).toContainText(`Remove ${name} from the group ${group}?`);
      await page.getByTestId("confirm-remove").getByRole("button", { name: "Remove" }).click();
      await expect(notice(page, testInfo, `${name} was removed from the group.`)).toBeVisible();
      await expect(page.getByTestId("members")).toContainText("No users.");

      // Renamed and deleted from the list.
      await page.getByRole("link", { name: "Groups", exact: true }).first().click();
      await searchUsers(page, testInfo, run);
      const row = page.getByTestId("groups").locator("tbody tr").filter({ hasText: group });
      await expect(row.getByRole("cell").nth(1)).toHaveText("0");
      await row.getByRole("link", { name: `Rename ${group}` }).click();
      const rename = await panel(page, testInfo, "group-panel");
      await rename.getByLabel("Name").fill(`Crew ${run}`);
      await rename.getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(page, testInfo, `The group Crew ${run} was renamed.`)).toBeVisible();
      const renamed = page
        .getByTestId("groups")
        .locator("tbody tr")
        .filter({ hasText: `Crew ${run}` });
      await renamed.getByRole("link", { name: `Delete Crew ${run}` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
      await expect(notice(page, testInfo, `The group Crew ${run} was deleted.`)).toBeVisible();
      await page.goto(`/system-settings/groups?q=${run}`);
      await expect(page.getByTestId("groups")).toContainText("No groups.");
    } finally {
      await removeLeftovers(page, run);
    }
  });
});

test.describe("user and role administration in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("a role in use is not deleted, its matrix speaks Norwegian, and a user is deactivated", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = runOf(testInfo);
    const role = `Rolle ${run}`;
    const lastName = `Norsk${run}`;
    const name = `Ola ${lastName}`;
    try {
      await signIn(page, users.admin);
      const call = await apiAs(page);
      const made = await call("POST", "/api/iam/roles", { name: role, copyFrom: await roleId(call, "Read-only") });
      expect(made.status).toBe(201);
      const invited = await call("POST", "/api/iam/users/employees", {
        email: `ola.${run}@example.com`,
        firstName: "Ola",
        lastName,
        roleUuid: made.body.uuid,
      });
      expect(invited.status).toBe(201);

      await page.goto("/system-settings/roles");
      await expect(page.getByRole("heading", { name: "Roller", level: 1 })).toBeVisible();
      const row = page.getByTestId("roles").locator("tbody tr").filter({ hasText: role });
      await expect(row.getByRole("cell").nth(1)).toHaveText("1");
      await row.getByRole("link", { name: `Slett ${role}` }).click();
      await expect(page.getByTestId("confirm-delete")).toContainText(`Slette rollen ${role}?`);
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Slett" }).click();
      await expect(page.getByTestId("error-dialog")).toContainText("Rollen er i bruk");
      await page
        .getByTestId("error-dialog")
        .getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "Lukk" })
        .click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      await expect(row).toBeVisible();

      await row.getByRole("link", { name: role, exact: true }).click();
      await expect(page.getByRole("heading", { name: `Tillatelsene til ${role}`, level: 1 })).toBeVisible();
      await expect(page.getByTestId("matrix-entities").getByRole("columnheader")).toHaveText([
        "Ressurs",
        "Opprette",
        "Lese",
        "Endre",
        "Slette",
      ]);
      await expect(page.getByRole("checkbox", { name: "Firmaer: Lese" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Systeminnstillinger: Endre" })).not.toBeChecked();
      await expect(page.getByTestId("matrix-features")).toContainText("Avansert søk: felles spørringer");

      // Deactivated after a question.
      await page.goto(`/system-settings/users?q=${run}`);
      await expect(page.getByRole("heading", { name: "Brukere", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: `Deaktiver ${name}` }).click();
      await expect(page.getByTestId("confirm-deactivate")).toContainText(`Deaktivere ${name}?`);
      await page.getByTestId("confirm-deactivate").getByRole("button", { name: "Deaktiver" }).click();
      await expect(notice(page, testInfo, `${name} ble deaktivert.`)).toBeVisible();
      const user = page.getByTestId("users").locator("tbody tr").filter({ hasText: name });
      await expect(user.getByTestId("user-status")).toHaveText("Deaktivert");
      await expect(user.getByRole("link", { name: `Aktiver ${name} igjen` })).toBeVisible();
    } finally {
      await removeLeftovers(page, run);
    }
  });
});
