import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiAs, type Call, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { invitationToken } from "./outbox.ts";

// The company–contact links need the CRM right besides both entities' Read (spec §6 "CRM: read on company or contact
// links"). The suite's server is shared: the role, user and records here are this run's and project's own, made and
// undone through the API.

const PASSWORD = "Fjellvann-lenker-4821-morgen";

/** The administrator's API, from a context of its own; `close` ends it. */
async function administrator(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, users.admin);
  // A page's load gives a fresh access token: each call of `api` loads one first.
  const api = async (): Promise<Call> => {
    await page.goto("/");
    return apiAs(page);
  };
  return { api, close: () => context.close() };
}

/** A role like the employees' without the CRM right, and a user of it who has chosen a password. */
async function userWithoutCrm(call: Call, run: string) {
  const roles = (await call("GET", "/api/iam/roles")) as { uuid: string; name: string }[];
  const employee = roles.find((role) => role.name === "Employee")?.uuid;
  const role = await call("POST", "/api/iam/roles", { name: `Without CRM ${run}`, copyFrom: employee });
  const matrix = await call("GET", `/api/iam/roles/${role.uuid}/permissions`);
  await call("PUT", `/api/iam/roles/${role.uuid}/permissions`, {
    permissions: matrix.resources.map((r: { resource: string; operations: string[] }) => ({
      resource: r.resource,
      operations: r.resource === "CRM" ? [] : r.operations,
    })),
  });
  const email = `uten-crm-${run}@example.com`;
  const user = await call("POST", "/api/iam/users/employees", {
    email,
    firstName: "Lina",
    lastName: `Lenkeløs${run}`,
    roleUuid: role.uuid,
  });
  const registered = await fetch(`${process.env.E2E_API_URL}/jwt/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: invitationToken(email), password: PASSWORD }),
  });
  expect(registered.status).toBe(204);
  return { email, name: `Lina Lenkeløs${run}`, role: role.uuid as string, id: user.uuid as string };
}

async function signInAs(page: Page, user: { email: string; name: string }, to: string) {
  await page.goto(to);
  await submitSignIn(page, user.email, PASSWORD);
  await expect(page.getByText(user.name).first()).toBeVisible();
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Record" });

test.describe("the CRM right", () => {
  test("without it, a company's contacts and a contact's companies are not there: no tab, card, column or connection", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = runOf(testInfo);
    const admin = await administrator(browser, testInfo);
    const [companyName, contactLast] = [`Lenkefirma ${run} AS`, `Lenkesen${run}`];
    let call = await admin.api();
    const company = await call("POST", "/api/crm/company", { values: { name: companyName } });
    const contact = await call("POST", "/api/crm/contact", { values: { first_name: "Kari", last_name: contactLast } });
    await call("POST", "/api/data/links/custom_schema_relationship/company_has_contact", {
      id1: company.uuid,
      id2: contact.uuid,
      role: "employee",
    });
    const user = await userWithoutCrm(call, run);
    try {
      // The company: its overview and tabs name none of its contacts, and the contacts tab is not there.
      await signInAs(page, user, `/companies/${company.uuid}`);
      await expect(page.getByRole("heading", { name: companyName, level: 1 })).toBeVisible();
      await expect(tabs(page).getByRole("link", { name: "Activities" })).toBeVisible();
      await expect(tabs(page).getByRole("link", { name: "Contacts" })).toHaveCount(0);
      await expect(page.getByTestId("related-card")).toHaveCount(0);
      await expect(page.getByText(contactLast)).toHaveCount(0);
      // Its connections tab, followed as a link (with JavaScript, the app's own navigation), lists none of them.
      await tabs(page).getByRole("link", { name: "Connections" }).click();
      await expect(page).toHaveURL(new RegExp(`/companies/${company.uuid}/connections$`));
      await expect(tabs(page).getByRole("link", { name: "Connections" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(contactLast)).toHaveCount(0);
      // The tab's address is a page that does not exist for the user, not a refusal.
      const hidden = await page.goto(`/companies/${company.uuid}/contacts`);
      expect(hidden?.status()).toBe(404);

      // The contact: no companies tab, card or connection.
      await page.goto(`/contacts/${contact.uuid}`);
      await expect(page.getByRole("heading", { name: `Kari ${contactLast}`, level: 1 })).toBeVisible();
      await expect(tabs(page).getByRole("link", { name: "Companies" })).toHaveCount(0);
      await expect(page.getByTestId("related-card")).toHaveCount(0);
      await expect(page.getByText(companyName)).toHaveCount(0);
      expect((await page.goto(`/contacts/${contact.uuid}/companies`))?.status()).toBe(404);

      // The contacts list has no column of companies.
      await page.goto(`/contacts?q=${contactLast}`);
      await expect(page.getByRole("link", { name: `Kari ${contactLast}`, exact: true })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Companies" })).toHaveCount(0);
      await expect(page.getByText(companyName)).toHaveCount(0);

      // Given the right, all of it is there.
      call = await admin.api();
      const matrix = await call("GET", `/api/iam/roles/${user.role}/permissions`);
      await call("PUT", `/api/iam/roles/${user.role}/permissions`, {
        permissions: matrix.resources.map((r: { resource: string; operations: string[] }) => ({
          resource: r.resource,
          operations: r.resource === "CRM" ? ["Read"] : r.operations,
        })),
      });
      // The web app keeps a user's rights for a few seconds.
      await expect(async () => {
        await page.goto(`/contacts?q=${contactLast}`);
        await expect(page.getByRole("columnheader", { name: "Companies" })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole("link", { name: companyName, exact: true })).toBeVisible();
      await page.goto(`/companies/${company.uuid}`);
      await expect(
        page.getByTestId("related-card").getByRole("link", { name: `Kari ${contactLast}`, exact: true }),
      ).toBeVisible();
      await tabs(page).getByRole("link", { name: "Contacts" }).click();
      await expect(page.getByRole("link", { name: `Kari ${contactLast}`, exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/companies/${company.uuid}/contacts$`));
    } finally {
      call = await admin.api();
      const readOnly = ((await call("GET", "/api/iam/roles")) as { uuid: string; name: string }[]).find(
        (role) => role.name === "Read-only",
      )?.uuid;
      await call("PUT", `/api/iam/users/employees/${user.id}`, {
        firstName: "Lina",
        lastName: `Lenkeløs${run}`,
        roleUuid: readOnly,
      });
      await call("PUT", `/api/iam/users/employees/${user.id}/deactivate`);
      await call("DELETE", `/api/iam/roles/${user.role}`);
      await call("DELETE", `/api/crm/contact/${contact.uuid}`);
      await call("DELETE", `/api/crm/company/${company.uuid}`);
      await admin.close();
    }
  });
});
