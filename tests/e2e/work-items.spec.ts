import type { Page, TestInfo } from "@playwright/test";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

const unique = (label: string, project: string) => `${label} ${project} ${Date.now()}`;

const recordTab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Record" }).getByRole("link", { name, exact: true });

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo, testId = "record-panel") {
  const found = page.getByTestId(testId);
  if (jsEnabled(testInfo)) await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
  else await found.waitFor();
  return found;
}

/** A company with one contact of its own; the page ends on the company. */
async function companyWithContact(page: Page, testInfo: TestInfo, company: string, contact: [string, string]) {
  await page.goto("/companies?panel=add");
  const add = await panel(page, testInfo);
  await add.getByLabel("Company name").fill(company);
  await add.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
  const companyUrl = page.url();
  await page.goto(`${companyUrl}/contacts?panel=new-related`);
  const newContact = await panel(page, testInfo);
  await newContact.getByLabel("Role").selectOption({ label: "Contact person" });
  await newContact.getByLabel("First name").fill(contact[0]);
  await newContact.getByLabel("Last name").fill(contact[1]);
  await newContact.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("link", { name: contact.join(" ") })).toBeVisible();
  return companyUrl;
}

// The language test changes the employee and read-only users' language; these tests sign in as the admin, or (read-only
// checks) look for no English text.
test.describe("inquiries and to-dos", () => {
  test("an inquiry made on a company's tab asks for one of its contacts, and is linked to both", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin);
    const company = unique("Henvendelsesfirma", testInfo.project.name);
    const contactName = `Hedda ${testInfo.project.name === "js-on" ? "Jsen" : "Nojsen"}${Date.now()}`;
    const [first, last] = contactName.split(" ");
    const companyUrl = await companyWithContact(page, testInfo, company, [first, last]);

    await recordTab(page, "Inquiries").click();
    await expect(page.getByTestId("inquiries-tab")).toContainText("No inquiries yet");
    await page.getByRole("link", { name: "New inquiry" }).click();
    let form = await panel(page, testInfo);
    await expect(form).toContainText(`New inquiry for ${company}`);
    // A new inquiry starts with the default priority, category and source.
    await expect(form.getByLabel("Priority")).toHaveValue(/.+/);
    await expect(form.getByLabel("Priority").locator("option:checked")).toHaveText("Normal");
    await form.getByLabel("Title").fill("Tilbud på årsavtale");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText(
      "An inquiry or to-do selection requires a contact as well.",
    );
    form = await panel(page, testInfo);
    await form.getByLabel("Contact").selectOption({ label: contactName });
    await form.getByRole("button", { name: "Save", exact: true }).click();

    await expect(page).toHaveURL(`${companyUrl}/inquiries`);
    const tab = page.getByTestId("inquiries-tab");
    await expect(tab.locator("tbody tr")).toHaveCount(1);
    await expect(tab.locator("tbody tr").first()).toContainText(/Tilbud på årsavtale\s*\d+/);
    await expect(notice(page, testInfo, "Tilbud på årsavtale was added.")).toBeVisible();

    // The inquiry names its contact and company; the contact's own tab shows it too.
    await tab.getByRole("link", { name: "Tilbud på årsavtale" }).click();
    await expect(page.getByRole("heading", { name: "Tilbud på årsavtale", level: 1 })).toBeVisible();
    const card = page.getByTestId("connections-card");
    await expect(card.getByRole("link", { name: contactName })).toBeVisible();
    await expect(card.getByRole("link", { name: company })).toBeVisible();
    const inquiryUrl = page.url();
    await card.getByRole("link", { name: contactName }).click();
    await recordTab(page, "Inquiries").click();
    await expect(page.getByTestId("inquiries-tab").getByRole("link", { name: "Tilbud på årsavtale" })).toBeVisible();

    // Removed from its contact on the connections tab, and linked again by searching for the contact.
    await page.goto(`${inquiryUrl}/connections`);
    const connections = page.getByTestId("connections-tab");
    await connections.getByRole("button", { name: `Remove the link to ${contactName} (${company})` }).click();
    await expect(page.getByTestId("connections-tab")).toContainText("Not linked to any contact yet.");
    await expect(notice(page, testInfo, "The link was removed.")).toBeVisible();

    await page.getByRole("link", { name: "Add a contact" }).click();
    const link = await panel(page, testInfo, "link-contact-panel");
    await expect(link).toContainText("Link Tilbud på årsavtale to a contact");
    if (jsEnabled(testInfo)) {
      await link.getByRole("combobox").fill(last);
      await link.getByRole("option", { name: `${contactName} · ${company}` }).click();
    } else {
      await link.getByLabel("Search for a contact").fill(last);
      await link.getByRole("button", { name: "Search" }).click();
      await page.getByTestId("link-contact-panel").getByLabel(`${contactName} · ${company}`).check();
    }
    await page.getByTestId("link-contact-panel").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("connections-tab").getByRole("link", { name: company })).toBeVisible();
    await expect(notice(page, testInfo, "The contact was linked.")).toBeVisible();

    // Linking the same contact again is refused with the catalogue's text.
    await page.goto(`${inquiryUrl}/connections?panel=link-contact&q=${last}`);
    const again = await panel(page, testInfo, "link-contact-panel");
    if (jsEnabled(testInfo)) {
      await again.getByRole("combobox").fill(last);
      await again.getByRole("option", { name: `${contactName} (no company)` }).click();
    } else {
      await again.getByLabel(`${contactName} (no company)`).check();
    }
    await again.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Connection already exists.");

    await page.goto(`${inquiryUrl}/history`);
    const history = page.getByTestId("history-entry");
    await expect(history.filter({ hasText: "removed a connection" })).toHaveCount(1);
    await expect(history.filter({ hasText: "added a connection" })).toHaveCount(2);

    // The company's timeline and overview count the inquiry, open; one kind can be shown alone.
    await page.goto(companyUrl);
    await expect(page.getByTestId("activity-count-inquiry")).toContainText("1");
    await expect(page.getByTestId("activities-card").getByRole("link", { name: "Tilbud på årsavtale" })).toBeVisible();
    await recordTab(page, "Activities").click();
    // The inquiry itself, and in the company's own history its creation and the inquiry's links coming and going.
    await expect(page.locator('[data-testid="activity"][data-kind="inquiry"]')).toHaveText(/Tilbud på årsavtale/);
    const changes = page.locator('[data-testid="activity"][data-kind="history"]');
    await expect(changes.filter({ hasText: "created the record" })).toHaveCount(1);
    await expect(changes.filter({ hasText: "Tilbud på årsavtale" })).toHaveCount(3);
    const timeline = page.getByTestId("activities-tab");
    await timeline.getByLabel("Show").selectOption({ label: "Inquiries (1)" });
    await timeline.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/kind=inquiry/);
    await expect(page.getByTestId("activity")).toHaveCount(1);
    await expect(page.getByTestId("activity").first()).toContainText("Inquiry");

    // The company's connections: its contacts with their roles, and its inquiries and to-dos.
    await recordTab(page, "Connections").click();
    await expect(page.getByTestId("connections-related")).toContainText(`${contactName}Contact person`);
    await expect(page.getByTestId("connections-inquiries")).toContainText("Inquiries (1)");
    await expect(
      page.getByTestId("connections-inquiries").getByRole("link", { name: "Tilbud på årsavtale" }),
    ).toBeVisible();
    await expect(page.getByTestId("connections-todo")).toContainText("To-dos (0)");
  });

  test("a list marks overdue items and filters by overdue, assignee, priority and due dates", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin);
    const tag = `Filterprøve${testInfo.project.name}${Date.now()}`;
    for (const [title, due, priority] of [
      [`${tag} sen`, "2020-01-06", "High"],
      [`${tag} senere`, "2099-03-01", "Low"],
    ]) {
      await page.goto("/todo?panel=add");
      const form = await panel(page, testInfo);
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Due date").fill(due);
      await form.getByLabel("Priority").selectOption({ label: priority });
      await form.getByLabel("Assigned to").selectOption({ label: users.admin.name });
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    }

    await page.goto(`/todo?q=${tag}`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    // Newest first.
    await expect(rows.first()).toContainText(`${tag} senere`);
    await expect(rows.filter({ hasText: `${tag} senere` }).getByTestId("overdue")).toHaveCount(0);
    await expect(rows.filter({ hasText: "January 06, 2020" }).getByTestId("overdue")).toHaveText("Overdue");

    const quick = page.getByRole("navigation", { name: "Quick filters" });
    await quick.getByRole("link", { name: "Overdue" }).click();
    await expect(page).toHaveURL(/overdue=1/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} sen`);
    await expect(quick.getByRole("link", { name: "✓ Overdue" })).toHaveAttribute("aria-current", "true");
    await quick.getByRole("link", { name: "✓ Overdue" }).click();
    await expect(rows).toHaveCount(2);

    await quick.getByRole("link", { name: "Assigned to me" }).click();
    await expect(page).toHaveURL(/filter\.assigned_user_id=/);
    await expect(rows).toHaveCount(2);

    const filters = page.getByRole("search", { name: "Filters" });
    await filters.getByLabel("Priority").selectOption({ label: "Low" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} senere`);

    await page.goto(`/todo?q=${tag}`);
    await page.getByRole("search", { name: "Filters" }).getByLabel("Due date from").fill("2098-01-01");
    await page.getByRole("search", { name: "Filters" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/filter\.due_date\.from=2098-01-01/);
    await expect(rows).toHaveCount(1);
    await page.getByRole("search", { name: "Filters" }).getByLabel("Due date to").fill("2021-01-01");
    await page.getByRole("search", { name: "Filters" }).getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("filter-error")).toHaveText("From must not exceed To");
    await expect(rows).toHaveCount(2);
  });

  test("a read-only user sees inquiries but cannot add, link or remove one", async ({ page }) => {
    // The read-only user's language may be changed by the language test meanwhile: these checks use no text.
    await signIn(page, users.readOnly, "/inquiries");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator('a[href$="panel=add"]')).toHaveCount(0);
    const first = page.locator("tbody tr").first().locator("a").first();
    const href = await first.getAttribute("href");
    await page.goto(`${href}/connections`);
    await expect(page.getByTestId("connections-tab")).toBeVisible();
    await expect(page.locator('a[href$="panel=link-contact"]')).toHaveCount(0);
    await expect(page.locator('button[value="unlinkContact"]')).toHaveCount(0);
    await page.goto(`${href}/connections?panel=link-contact`);
    await expect(page.getByTestId("connections-tab")).toBeVisible();
    await expect(page.getByTestId("link-contact-panel")).toHaveCount(0);
    const companyHref = await page
      .getByTestId("connections-tab")
      .locator('a[href^="/companies/"]')
      .first()
      .getAttribute("href");
    await page.goto(`${companyHref}/inquiries?panel=new-item`);
    await expect(page.getByTestId("inquiries-tab")).toBeVisible();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);
    await expect(page.locator('a[href$="panel=new-item"]')).toHaveCount(0);
  });
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the menu, the to-do list and its form speak Norwegian", async ({ page }, testInfo) => {
    await signIn(page, users.admin);
    const menu = page.getByTestId("sidebar");
    await expect(menu.getByRole("link", { name: "Henvendelser" })).toBeVisible();
    await menu.getByRole("link", { name: "Gjøremål" }).click();
    await expect(page.getByRole("heading", { name: "Gjøremål", level: 1 })).toBeVisible();
    const quick = page.getByRole("navigation", { name: "Hurtigfiltre" });
    await expect(quick.getByRole("link", { name: "Tildelt meg" })).toBeVisible();
    await expect(quick.getByRole("link", { name: "Forfalt" })).toBeVisible();
    await expect(page.getByRole("search", { name: "Filtre" }).getByLabel("Frist fra")).toBeVisible();

    // A company's timeline.
    await page.goto("/companies");
    await page.locator("tbody tr").first().locator("a").first().click();
    await page
      .getByRole("navigation", { name: "Oppføring" })
      .getByRole("link", { name: "Aktiviteter", exact: true })
      .click();
    await expect(page.getByTestId("activities-tab").getByLabel("Vis").locator("option:checked")).toHaveText(
      "Alle aktiviteter",
    );

    await page.goto("/todo?panel=add");
    const form = await panel(page, testInfo);
    await expect(form.getByLabel("Prioritet").locator("option:checked")).toHaveText("Normal");
    await expect(form.getByLabel("Kategori").locator("option:checked")).toHaveText("Oppfølging");
    await form.getByRole("button", { name: "Lagre", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Påkrevd");
  });
});
