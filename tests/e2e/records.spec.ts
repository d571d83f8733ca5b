import { signIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

const footer = (page: import("@playwright/test").Page) => page.getByTestId("list-footer");

test.describe("company and contact lists", () => {
  test("list, search, sort and paginate with a footer that counts", async ({ page }) => {
    await signIn(page, users.admin, "/companies");
    await expect(page.getByRole("heading", { name: "Companies" })).toBeVisible();
    await expect(footer(page)).toHaveText(/^Showing 1 to 25 of \d+ entries$/);
    const total = Number((await footer(page).textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(60);

    await page.getByRole("link", { name: "2", exact: true }).click();
    // Tests beside this one add and delete companies meanwhile, so the total is read again.
    await expect(footer(page)).toHaveText(/^Showing 26 to 50 of \d+ entries$/);
    expect(Number((await footer(page).textContent())!.match(/of (\d+)/)![1])).toBeGreaterThanOrEqual(60);

    const firstAscending = await page.locator("tbody tr").first().locator("a").first().textContent();
    await page.goto("/companies");
    await page.getByRole("link", { name: "Sort by Name" }).click();
    await expect(page.locator("tbody tr").first().locator("a").first()).not.toHaveText(firstAscending!);
    await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");

    await page.getByRole("searchbox").fill("ashford");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody")).toContainText("Ashford Hotels Ltd");
    await expect(footer(page)).toHaveText("Showing 1 to 1 of 1 entries");
  });

  test("the Go to dialog moves to a page and refuses one out of range", async ({ page }) => {
    await signIn(page, users.admin, "/contacts");
    await page.getByRole("link", { name: "Go to", exact: true }).click();
    const dialog = page.getByTestId("goto-dialog");
    await expect(dialog.getByText("Go to Page").first()).toBeVisible();
    await dialog.getByRole("spinbutton").fill("0");
    await dialog.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByTestId("goto-dialog")).toContainText("Page number must be from 1 to the last page.");
    await page.getByTestId("goto-dialog").getByRole("spinbutton").fill("999");
    await page.getByTestId("goto-dialog").getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByTestId("goto-dialog")).toContainText("Page number must be from 1 to the last page.");
    await page.getByTestId("goto-dialog").getByRole("spinbutton").fill("3");
    await page.getByTestId("goto-dialog").getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByTestId("goto-dialog")).toHaveCount(0);
    await expect(footer(page)).toHaveText(/^Showing 51 to 75 of \d+ entries$/);
  });
});

test.describe("company records", () => {
  test("create with invalid then valid input, edit, see the history, delete", async ({ page }, testInfo) => {
    const name = `E2E ${testInfo.project.name} ${Date.now()} AS`;
    await signIn(page, users.admin, "/companies");
    await page.getByRole("link", { name: "Add", exact: true }).click();
    const panel = page.getByTestId("record-panel");
    await expect(panel.getByText("Add company")).toBeVisible();
    await panel.getByLabel("Website").fill("not a url");
    await panel.getByLabel("Employees").fill("10000000000");
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Required");
    await expect(page.getByTestId("record-panel")).toContainText("Must be a valid URL");
    await expect(page.getByTestId("record-panel")).toContainText("Max limit 9,999,999,999");
    // What was typed is kept.
    await expect(page.getByTestId("record-panel").getByLabel("Website")).toHaveValue("not a url");

    await page.getByTestId("record-panel").getByLabel("Company name").fill(name);
    await page.getByTestId("record-panel").getByLabel("Website").fill("www.e2e.example");
    await page.getByTestId("record-panel").getByLabel("Employees").fill("42");
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("field-website")).toContainText("https://www.e2e.example");
    if (jsEnabled(testInfo)) await expect(page.getByTestId("toast")).toContainText(`${name} was added.`);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByTestId("record-panel").getByLabel("City").fill("Bergen");
    await page.getByTestId("record-panel").getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("field-city")).toContainText("Bergen");

    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByTestId("history-entry").first()).toContainText("Ada Admin changed the record");
    await expect(page.getByTestId("history-entry").first()).toContainText("City: — → Bergen");
    await expect(page.getByTestId("history-entry").last()).toContainText("Ada Admin created the record");

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { name: "Companies" })).toBeVisible();
    await page.getByRole("searchbox").fill(name);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(footer(page)).toHaveText("Showing 0 to 0 of 0 entries");
  });

  test("a read-only user sees Edit disabled and cannot edit by posting the form", async ({ page }) => {
    await signIn(page, users.readOnly, "/companies");
    await page.locator("tbody a").first().click();
    const disabled = page.getByTestId("edit-disabled");
    await expect(disabled).toHaveAttribute(
      "title",
      /You dont have permission to edit|Du har ikke tilgang til å redigere/,
    );
    await expect(disabled.getByRole("button")).toBeDisabled();
    // The reason is the button's description too, not only a tooltip.
    await expect(disabled.getByRole("button")).toHaveAccessibleDescription("You dont have permission to edit");

    const url = page.url();
    const response = await page.request.post(url, {
      form: { intent: "save", name: "Hijacked AS" },
      headers: { Origin: new URL(url).origin },
    });
    expect(await response.text()).toContain("Operation not permitted");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Hijacked AS");
  });
});

test.describe("company–contact links", () => {
  test("link a contact to a company with a role, then remove it", async ({ page }, testInfo) => {
    const name = `Linkable ${testInfo.project.name} ${Date.now()} AS`;
    await signIn(page, users.admin, "/companies?panel=add");
    await page.getByTestId("record-panel").getByLabel("Company name").fill(name);
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    await page.getByRole("link", { name: "Contacts", exact: true }).last().click();
    await page.getByRole("link", { name: "Link", exact: true }).click();
    const panel = page.getByTestId("link-panel");
    // The role is always required.
    await panel.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("link-panel")).toContainText("Required");

    if (jsEnabled(testInfo)) {
      const box = page.getByTestId("link-panel").getByRole("combobox", { name: "Search for Contacts" });
      await box.fill("xq");
      await expect(page.getByRole("listbox")).toHaveCount(0);
      await box.fill("zzzzzz");
      await expect(page.getByRole("listbox")).toContainText("No results found");
      await box.fill("hansen");
      await expect(page.getByRole("option").first()).toBeVisible();
      await box.press("Enter");
      await expect(page.getByTestId("dropdown-locked")).toHaveValue(/Hansen/);
    } else {
      await page.getByTestId("link-panel").getByRole("textbox").fill("hansen");
      await page.getByTestId("link-panel").getByRole("button", { name: "Search", exact: true }).click();
      await page.getByTestId("link-panel").getByRole("radio").first().check();
    }
    await page.getByTestId("link-panel").getByRole("combobox", { name: "Role" }).selectOption("board_member");
    await page.getByTestId("link-panel").getByRole("button", { name: "Save", exact: true }).click();

    await expect(page.getByTestId("link-panel")).toHaveCount(0);
    await expect(page.locator("tbody")).toContainText("Board member");
    await expect(page.locator("tbody")).toContainText("Hansen");

    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByTestId("history-entry").first()).toContainText("Ada Admin added a connection");
    await expect(page.getByTestId("history-entry").first()).toContainText("Role: Board member");

    await page.getByRole("link", { name: "Contacts", exact: true }).last().click();
    await page.getByRole("button", { name: "Remove" }).first().click();
    await expect(page.locator("tbody")).toContainText("No records found");
  });
});

test.describe("notification assignment", () => {
  test("add and remove groups and users on a record", async ({ page }, testInfo) => {
    const name = `Assign ${testInfo.project.name} ${Date.now()} AS`;
    await signIn(page, users.admin, "/companies?panel=add");
    await page.getByTestId("record-panel").getByLabel("Company name").fill(name);
    await page.getByTestId("record-panel").getByRole("button", { name: "Save", exact: true }).click();
    const section = page.getByTestId("assignments");
    await expect(section).toContainText("No groups.");

    await section.getByRole("combobox", { name: "Add group" }).selectOption({ label: "Sales" });
    await section.getByRole("button", { name: "Add group" }).click();
    await expect(page.getByTestId("assignments")).toContainText("Sales");

    // Adding it again (say, from another tab) says so.
    const again = await page.request.post(page.url(), {
      form: { intent: "assignGroup", groupId: await groupId(page, "Sales") },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(await again.text()).toContain("Group already exist");

    if (jsEnabled(testInfo)) {
      // The forms' code loads once they are reached; then the user search is a dropdown.
      await page.getByTestId("assignments").hover();
      await page.getByTestId("assignments").getByRole("combobox", { name: "Add user" }).fill("rita");
      await expect(page.getByRole("option", { name: "Rita Reader" })).toBeVisible();
      await page.getByTestId("assignments").getByRole("combobox", { name: "Add user" }).press("Enter");
    } else {
      await page.getByTestId("assignments").getByRole("textbox", { name: "Add user" }).fill("rita");
      await page.getByTestId("assignments").getByRole("button", { name: "Search" }).click();
      await page.getByTestId("assignments").getByRole("radio").first().check();
    }
    await page.getByTestId("assignments").getByRole("button", { name: "Add user" }).click();
    await expect(page.getByTestId("assignments")).toContainText("Rita Reader");

    await page.getByTestId("assignments").getByRole("button", { name: "Remove Sales" }).click();
    await expect(page.getByTestId("assignments")).toContainText("No groups.");
    await page.getByTestId("assignments").getByRole("button", { name: "Remove Rita Reader" }).click();
    await expect(page.getByTestId("assignments")).toContainText("No users.");
  });

  test("a read-only user sees the assignments but cannot change them", async ({ page }) => {
    await signIn(page, users.readOnly, "/contacts");
    await page.locator("tbody a").first().click();
    await expect(page.getByTestId("assignments")).toBeVisible();
    await expect(page.getByTestId("assignments").getByRole("button")).toHaveCount(0);
  });
});

async function groupId(page: import("@playwright/test").Page, name: string): Promise<string> {
  const html = await (await page.request.get(`${page.url()}`)).text();
  // The removal form of the assigned group carries its id.
  const match = new RegExp(`name="groupId" value="([0-9a-f-]{36})"[^]*?Remove ${name}`).exec(html);
  if (!match) throw new Error(`no id for group ${name}`);
  return match[1];
}

test.describe("side panels and copying", () => {
  test("view mode has only Close; Escape closes a panel with JavaScript", async ({ page }, testInfo) => {
    await signIn(page, users.admin, "/companies");
    await page
      .getByRole("link", { name: /^View / })
      .first()
      .click();
    const panel = page.getByTestId("record-panel");
    await expect(panel.getByRole("link", { name: "Close", exact: true }).first()).toBeVisible();
    await expect(panel.getByRole("button", { name: /Save/ })).toHaveCount(0);
    await expect(panel.getByLabel("Company name")).toBeDisabled();
    if (jsEnabled(testInfo)) {
      // Escape goes to the panel that has focus, once the page is interactive.
      await page.locator("html[data-hydrated]").waitFor();
      await panel.getByRole("link", { name: "Close", exact: true }).first().focus();
      await expect(panel.getByRole("link", { name: "Close", exact: true }).first()).toBeFocused();
      // The drawer starts listening for Escape a frame after it opens; a press in that frame is not seen, so the
      // test presses again as a user would.
      await expect(async () => {
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("record-panel")).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    } else {
      await panel.getByRole("link", { name: "Close", exact: true }).first().click();
      await expect(page.getByTestId("record-panel")).toHaveCount(0);
    }
  });

  test("copy buttons say Copied for a second, then revert", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, users.admin, "/companies");
    await page.locator("tbody a").first().click();
    const field = page.getByTestId("field-name");
    if (!jsEnabled(testInfo)) {
      // Copying needs JavaScript, so without it no button promises to.
      await expect(field).toBeVisible();
      await expect(field.getByRole("button")).toHaveCount(0);
      return;
    }
    await field.getByRole("button", { name: "Copy" }).click();
    await expect(field.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await field.getByTestId("value").textContent(),
    );
    await expect(field.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 3000 });
  });
});
