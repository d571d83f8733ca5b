import type { Page } from "@playwright/test";
import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** The organisation number of the first company on the list. */
async function takenOrganisationNumber(page: Page): Promise<string> {
  await page.goto("/companies");
  const number = (await page.locator("tbody tr").first().locator("td").nth(1).textContent())?.trim();
  if (!number) throw new Error("the first company has no organisation number");
  return number;
}

test.describe("the record form", () => {
  test("closing the warning of a failed save returns to the form as it was filled", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/companies");
    const number = await takenOrganisationNumber(page);
    const name = `Duplicate ${testInfo.project.name} ${Date.now()} AS`;
    await page.goto("/companies?panel=add");
    const panel = page.getByTestId("record-panel");
    // Saved before the panel's code has run, the form posts without JavaScript, and the panel, hydrating after the
    // warning opened, hides the warning from assistive technology (and from this test's role query) as a modal does.
    if (jsEnabled(testInfo)) await page.locator('[data-testid="record-panel"][data-interactive]').waitFor();
    await panel.getByLabel("Company name").fill(name);
    await panel.getByLabel("Organisation number").fill(number);
    await panel.getByRole("button", { name: "Save", exact: true }).click();

    const dialog = page.getByTestId("error-dialog");
    await expect(dialog).toContainText(`${number} already exist`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("error-dialog")).toHaveCount(0);
    await expect(page.getByTestId("record-panel").getByLabel("Company name")).toHaveValue(name);
    await expect(page.getByTestId("record-panel").getByLabel("Organisation number")).toHaveValue(number);
  });

  test("a changed form asks before Escape, Cancel or × throw it away", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/companies?panel=add");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript there is no Escape and nothing to ask with: Cancel is a plain link back to the list.
      await page.getByTestId("record-panel").getByLabel("Company name").fill("Half typed AS");
      await page.getByTestId("record-panel").getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByTestId("record-panel")).toHaveCount(0);
      return;
    }
    await page.locator("html[data-hydrated]").waitFor();
    const panel = page.getByTestId("record-panel");
    await panel.getByLabel("Company name").fill("Half typed AS");
    const question = page.getByTestId("confirm-discard");
    // The panel's code loads after the page's (lazy-panels.tsx), so the text may be typed before the panel is
    // interactive: it still counts as a change. Escape is not heard until the panel hydrates, so the test presses
    // again as a user would; the panel must stay open throughout.
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(question).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(panel).toBeVisible();
    await expect(question).toContainText("Discard changes?");
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(panel.getByLabel("Company name")).toHaveValue("Half typed AS");

    await panel.getByRole("link", { name: "Cancel" }).click();
    await page.getByTestId("confirm-discard").getByRole("button", { name: "Discard" }).click();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);

    // An unchanged form closes at once.
    await page.goto("/companies?panel=add");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByTestId("record-panel").getByRole("link", { name: "Close" }).click();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);
    await expect(page.getByTestId("confirm-discard")).toHaveCount(0);
  });

  test("the panel's first field has the focus, and after a failed save the first field with an error", async ({
    page,
  }) => {
    await signIn(page, users.admin, "/companies?panel=add");
    await expect(page.getByTestId("record-panel").getByLabel("Company name")).toBeFocused();
    await page.getByTestId("record-panel").getByLabel("Website").fill("not a url");
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Required");
    await expect(page.getByTestId("record-panel").getByLabel("Company name")).toBeFocused();
  });

  test("text is trimmed, and errors show as fields are left (with JavaScript) or on Save", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin, "/companies?panel=add");
    const panel = page.getByTestId("record-panel");
    if (jsEnabled(testInfo)) {
      // The panel's code arrives after the page's: its inputs trim once it has.
      await page.locator('[data-testid="record-panel"][data-interactive]').waitFor();
      await panel.getByLabel("City").fill("  Bergen  ");
      await panel.getByLabel("Website").fill("not a url");
      await panel.getByLabel("Employees").focus();
      await expect(panel.getByLabel("City")).toHaveValue("Bergen");
      await expect(panel).toContainText("Must be a valid URL");
      return;
    }
    const name = `Trimmed ${Date.now()} AS`;
    await panel.getByLabel("Company name").fill(`  ${name}  `);
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toHaveText(name);
  });
});

test.describe("values and related records", () => {
  test("email addresses, phone numbers and websites are links", async ({ page }) => {
    await signIn(page, users.admin, "/companies");
    await page.locator("tbody tr").first().locator("a").first().click();
    await expect(page.getByTestId("field-email").getByRole("link")).toHaveAttribute("href", /^mailto:.+@/);
    await expect(page.getByTestId("field-phone").getByRole("link")).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(page.getByTestId("field-website").getByRole("link")).toHaveAttribute("href", /^https?:\/\//);
  });

  test("the contacts list names each contact's companies, and a company's card shows its contacts' roles", async ({
    page,
  }) => {
    await signIn(page, users.admin, "/contacts");
    await expect(page.getByRole("columnheader", { name: "Companies" })).toBeVisible();
    const company = page.locator("tbody td a[href^='/companies/']").first();
    const companyName = (await company.textContent())!;
    await company.click();
    await expect(page.getByRole("heading", { name: companyName, level: 1 })).toBeVisible();
    await expect(page.getByTestId("related-card")).toContainText(
      /Employee|Owner|Board member|Contact person|Consultant|Chair/,
    );
  });

  test("a contact is added from its company's tab, with its role", async ({ page }, testInfo) => {
    const last = `Tabson${testInfo.project.name.replace("-", "")}${Date.now()}`;
    await signIn(page, users.admin, "/companies");
    await page.locator("tbody tr").first().locator("a").first().click();
    await page.getByRole("navigation", { name: "Record" }).getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("link", { name: "New contact" }).click();
    const panel = page.getByTestId("record-panel");
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Required");
    await page.getByTestId("record-panel").getByLabel("First name").fill("Tina");
    await page.getByTestId("record-panel").getByLabel("Last name").fill(last);
    await page.getByTestId("record-panel").getByLabel("Role").selectOption("contact_person");
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);
    const row = page.locator("tbody tr", { hasText: last });
    await expect(row).toContainText("Contact person");
  });
});

test.describe("assignments and searches", () => {
  test("Add group with no group chosen says Required", async ({ page }) => {
    await signIn(page, users.admin, "/companies");
    await page.locator("tbody tr").nth(3).locator("a").first().click();
    const section = page.getByTestId("assignments");
    await section.getByRole("button", { name: "Add group" }).click();
    await expect(page.getByTestId("assignments")).toContainText("Required");
  });

  test("a record's assignment forms work before their code has loaded, which it does once they are reached", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin, "/companies");
    const record = await page.locator("tbody tr").nth(3).locator("a").first().getAttribute("href");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    // A first load of the record's page, as from a link elsewhere.
    await page.goto(record ?? "");
    const section = page.getByTestId("assignments");
    const formsCode = () => scripts.filter((url) => /\/assignment-section-[^/]+\.js$/.test(url));
    if (jsEnabled(testInfo)) {
      await page.locator("html[data-hydrated]").waitFor();
      await page.waitForLoadState("networkidle");
      expect(formsCode()).toEqual([]);
      await section.hover();
      await expect.poll(() => formsCode().length).toBe(1);
    }
    await section.getByRole("button", { name: "Add group" }).click();
    await expect(page.getByTestId("assignments")).toContainText("Required");
  });

  test("a search of one or two characters says that three are needed", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/companies?q=ab");
    await expect(page.getByTestId("search-hint")).toHaveText("Type at least 3 characters to search.");
    if (jsEnabled(testInfo)) {
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByRole("searchbox").fill("abc");
      await expect(page.getByTestId("search-hint")).toHaveCount(0);
      await page.getByRole("searchbox").fill("x");
      await expect(page.getByTestId("search-hint")).toBeVisible();
    }
  });
});

test.describe("notices", () => {
  test("the success notice sits above the page's content, not over the navbar, and can be dismissed", async ({
    page,
  }, testInfo) => {
    const name = `Notice ${testInfo.project.name} ${Date.now()} AS`;
    await signIn(page, users.admin, "/companies?panel=add");
    await page.getByTestId("record-panel").getByLabel("Company name").fill(name);
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    if (jsEnabled(testInfo)) {
      // With JavaScript it is a toast, and the page carries no notice of its own.
      await expect(page.getByTestId("toast")).toContainText(`${name} was added.`);
      await expect(page.getByTestId("noscript-notice")).toHaveCount(0);
      return;
    }
    const notice = page.getByTestId("noscript-notice");
    await expect(notice).toContainText(`${name} was added.`);
    const [noticeBox, navbarBox] = [await notice.boundingBox(), await page.getByTestId("navbar").boundingBox()];
    expect(noticeBox!.y).toBeGreaterThanOrEqual(navbarBox!.y + navbarBox!.height);
    await notice.getByTitle("Dismiss").click();
    await expect(notice).toBeHidden();
  });
});

test.describe("in another time zone than the user's", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a record's times show in the user's zone, the same before and after the page becomes interactive", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.admin, "/companies");
    await page.locator("tbody tr").first().locator("a").first().click();
    const created = page.getByText(/^Created: /);
    await expect(created).toHaveText(/^Created: \w+ \d{2}, \d{4} \d{2}:\d{2} (AM|PM) · Updated: /);
    const before = await created.textContent();
    if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
    expect(await created.textContent()).toBe(before);
    // The fixture fails the test on any hydration warning.
  });
});
