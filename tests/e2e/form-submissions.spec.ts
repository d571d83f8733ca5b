import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiAs, type Call, runOf } from "./api.ts";
import { submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** This run's form and its submissions (one set per project, made once for the file). */
const run = {
  stamp: "",
  title: "",
  formId: "",
  existingContact: "",
  submissions: {} as Record<"newcomer" | "grace" | "nameless" | "dismiss", string>,
};

const mapped = (label: string, entity: string, field: string) => ({
  type: "QUESTION",
  label,
  mergeWith: { entity, field },
});

async function asAdmin(browser: Browser, testInfo: TestInfo, use: (call: Call) => Promise<void>) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await submitSignIn(page, users.admin.email);
  await expect(page.getByText(users.admin.name).first()).toBeVisible();
  await use(await apiAs(page));
  await context.close();
}

/** Answers the form as an anonymous visitor would, through the public API: a token, then the answers 3 s later. */
async function answerAll(publicId: string, blocks: { id: string; label: string }[], answers: Record<string, string>[]) {
  const api = process.env.E2E_API_URL;
  const tokens: string[] = [];
  for (const _ of answers) {
    const form = await (await fetch(`${api}/api/public/forms/${publicId}`)).json();
    tokens.push(form.token);
  }
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const ids: string[] = [];
  for (const [index, byLabel] of answers.entries()) {
    const body = {
      token: tokens[index],
      answers: Object.fromEntries(
        Object.entries(byLabel).map(([label, value]) => [blocks.find((b) => b.label === label)?.id, value]),
      ),
    };
    const response = await fetch(`${api}/api/public/forms/${publicId}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`submission: ${response.status} ${await response.text()}`);
    ids.push((await response.json()).uuid);
  }
  return ids;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }, testInfo) => {
  run.stamp = runOf(testInfo);
  run.title = `Book a demo ${run.stamp}`;
  await asAdmin(browser, testInfo, async (call) => {
    const form = await call("POST", "/api/forms", {
      title: run.title,
      open: true,
      blocks: [
        mapped("First name", "contact", "first_name"),
        mapped("Last name", "contact", "last_name"),
        mapped("Your e-mail", "contact", "email"),
        mapped("Your job title", "contact", "title"),
        mapped("Company", "company", "name"),
        { type: "QUESTION", label: "Message", fieldType: "LongText" },
      ],
    });
    run.formId = form.uuid;
    const existing = await call("POST", "/api/crm/contact", {
      values: {
        first_name: "Grace",
        last_name: `Hopper${run.stamp}`,
        email: `grace.${run.stamp}@example.com`,
        title: "Admiral",
      },
    });
    run.existingContact = existing.uuid;
    const [newcomer, grace, nameless, dismiss] = await answerAll(form.publicId, form.blocks, [
      {
        "First name": "Nina",
        "Last name": `Newcomer${run.stamp}`,
        "Your e-mail": `nina.${run.stamp}@example.com`,
        Company: `Newco ${run.stamp}`,
        Message: "Call me on Monday",
      },
      {
        "First name": "Grace",
        "Last name": `Hopper${run.stamp}`,
        "Your e-mail": `GRACE.${run.stamp}@example.com`,
        "Your job title": "Programmer",
      },
      { "First name": "Nameless", "Your e-mail": `nameless.${run.stamp}@example.com` },
      { "First name": "Spam", Message: "Buy now" },
    ]);
    run.submissions = { newcomer, grace, nameless, dismiss };
  });
});

const submissionPath = (id: string) => `/forms/${run.formId}/submissions/${id}`;

/** The page's code runs before a test clicks what it would change (a box ticked earlier is unticked by it). */
async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
}

test("lists the form's submissions, opens one and merges it into a new contact and company, whose history names the form", async ({
  page,
}, testInfo) => {
  await page.goto(`/forms/${run.formId}/submissions`);
  await submitSignIn(page, users.admin.email);
  await expect(page.getByRole("heading", { level: 1, name: `Submissions: ${run.title}` })).toBeVisible();
  await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 4 of 4 entries");
  const rows = page.getByTestId("submissions").locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: `Newcomer${run.stamp}` })).toContainText("Pending");

  await page.getByRole("searchbox").fill(`Newcomer${run.stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Newcomer/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 1 of 1 entries");
  await rows.getByRole("link", { name: /View the submission of/ }).click();

  await expect(page).toHaveURL(new RegExp(`${submissionPath(run.submissions.newcomer)}$`));
  await ready(page, testInfo);
  const answers = page.getByTestId("submission-answers");
  await expect(answers).toContainText(`Newcomer${run.stamp}`);
  await expect(answers).toContainText("Call me on Monday");
  await expect(page.getByTestId("match-contact")).toHaveText("No existing record matches.");
  await expect(page.getByTestId("match-company")).toHaveText("No existing record matches.");
  const contact = page.getByTestId("merge-contact");
  await expect(contact.getByRole("radio", { name: "Create new" })).toBeChecked();
  await expect(contact.getByRole("radio", { name: "Update existing" })).toHaveCount(0);

  await page.getByTestId("merge-button").click();
  await expect(page.getByTestId("merged")).toContainText(`Merged by ${users.admin.name}`);
  await expect(page.getByTestId("merge-state")).toHaveText("Merged");
  await page.getByTestId("merged-contact").click();
  await expect(page.getByRole("heading", { level: 1, name: `Nina Newcomer${run.stamp}` })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}/history`);
  const created = page.getByTestId("history-entry").filter({ hasText: "created the record" });
  await expect(created).toContainText(`From the web form “${run.title}”`);
  await expect(created).toContainText(`nina.${run.stamp}@example.com`);

  await page.goto(`/forms/${run.formId}/submissions`);
  await expect(rows.filter({ hasText: `Newcomer${run.stamp}` })).toContainText("Merged");

  // The export: a file written by the export job, listed with the other exports.
  await ready(page, testInfo);
  await page.getByTestId("export-submissions").click();
  const panel = page.getByTestId("export-panel");
  await expect(panel).toContainText("Export the submissions");
  if (jsEnabled(testInfo)) await page.locator('[data-testid="export-panel"][data-interactive]').waitFor();
  await panel.getByText("CSV").click();
  await panel.getByRole("button", { name: "Export" }).click();
  await expect(page).toHaveURL(/\/exports$/);
  const exported = page.getByRole("row").filter({ hasText: `book-a-demo-${run.stamp.toLowerCase()}` });
  await expect(exported).toContainText("Web form");
  await expect(exported).toContainText("Submissions");
});

test("merges into the contact matched by e-mail, taking only the differing value chosen", async ({
  page,
}, testInfo) => {
  await page.goto(submissionPath(run.submissions.grace));
  await submitSignIn(page, users.admin.email);
  await ready(page, testInfo);
  await expect(page.getByTestId("match-contact")).toHaveText(`Matches the existing record Grace Hopper${run.stamp}.`);
  const contact = page.getByTestId("merge-contact");
  await expect(contact.getByRole("radio", { name: "Update existing" })).toBeChecked();
  const title = page.getByTestId("merge-field-title");
  await expect(title).toContainText("Programmer");
  await expect(title).toContainText("Admiral");
  // The e-mail differs only in its letter case: nothing to choose.
  await expect(page.getByTestId("merge-field-email").getByRole("checkbox")).toHaveCount(0);
  await title.getByText("Take the submitted value").click();
  await expect(title.getByRole("checkbox")).toBeChecked();
  // Nothing was answered for a company: it is skipped.
  await page.getByTestId("merge-company").getByText("Skip").click();
  await page.getByTestId("merge-button").click();

  await expect(page.getByTestId("merged")).toBeVisible();
  await expect(page.getByTestId("merged-company")).toHaveCount(0);
  await expect(page.getByTestId("merged-contact")).toHaveAttribute("href", `/contacts/${run.existingContact}`);
  await page.goto(`/contacts/${run.existingContact}/history`);
  const changed = page.getByTestId("history-entry").first();
  await expect(changed).toContainText(`From the web form “${run.title}”`);
  await expect(changed).toContainText("Admiral → Programmer");
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the review speaks Norwegian: the contact's own rules refuse a merge, and a submission is dismissed", async ({
    page,
  }, testInfo) => {
    await page.goto(`/forms/${run.formId}/submissions`);
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { level: 1, name: `Svar: ${run.title}` })).toBeVisible();
    await expect(page.getByTestId("list-footer")).toHaveText("Viser 1 til 4 av 4 oppføringer");
    await expect(page.getByTestId("submissions")).toContainText("Slått sammen");

    await page.goto(submissionPath(run.submissions.nameless));
    await ready(page, testInfo);
    await expect(page.getByTestId("match-contact")).toHaveText("Ingen eksisterende oppføring passer.");
    await page.getByTestId("merge-company").getByText("Hopp over").click();
    await page.getByRole("button", { name: "Slå sammen" }).click();
    await expect(page.getByTestId("merge-errors-contact")).toHaveText("Last name: Påkrevd");
    await expect(page.getByTestId("merge-state")).toHaveText("Venter");

    await page.goto(submissionPath(run.submissions.dismiss));
    await ready(page, testInfo);
    await page.getByRole("button", { name: "Avvis" }).click();
    await expect(page.getByTestId("merge-state")).toHaveText("Avvist");
    await expect(page.getByText("Dette svaret er avvist. Det kan fortsatt slås sammen.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Avvis" })).toHaveCount(0);
  });
});
