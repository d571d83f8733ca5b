import { submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
test.use({ locale: "nb-NO" });

const footer = (page: import("@playwright/test").Page) => page.getByTestId("list-footer");

test.describe("in Norwegian", () => {
  test("the list speaks Norwegian, its search hint and footer included", async ({ page }) => {
    await page.goto("/companies");
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: "Firmaer", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(footer(page)).toHaveText(/^Viser 1 til 25 av \d+ oppføringer$/);
    await expect(page.getByRole("columnheader", { name: "Organisasjonsnummer" })).toBeVisible();
    await page.goto("/companies?q=ab");
    await expect(page.getByTestId("search-hint")).toHaveText("Skriv minst 3 tegn for å søke.");
    await expect(page.getByRole("navigation", { name: "Sidevalg" })).toBeVisible();
  });

  test("the add panel's validation messages are Norwegian", async ({ page }, testInfo) => {
    await page.goto("/companies?panel=add");
    await submitSignIn(page, users.admin.email);
    const panel = page.getByTestId("record-panel");
    await expect(panel.getByText("Legg til firma")).toBeVisible();
    // The panel's code loads after the page's; a click in between is not seen.
    if (jsEnabled(testInfo)) await page.locator('[data-testid="record-panel"][data-interactive]').waitFor();
    await panel.getByLabel("Nettsted").fill("ikke en adresse");
    await panel.getByLabel("Ansatte").fill("10000000000");
    await panel.getByRole("button", { name: "Lagre", exact: true }).click();
    await expect(page.getByTestId("record-panel")).toContainText("Påkrevd");
    await expect(page.getByTestId("record-panel")).toContainText("Må være en gyldig URL");
    await expect(page.getByTestId("record-panel")).toContainText("Maks 9 999 999 999");
    await expect(page.getByTestId("record-panel")).not.toContainText("Required");
  });

  test("a record page shows Norwegian dates on a 24-hour clock, tabs and actions", async ({ page }, testInfo) => {
    await page.goto("/companies");
    await submitSignIn(page, users.admin.email);
    await page.locator("tbody tr").first().locator("a").first().click();
    await expect(page.getByRole("link", { name: "Oversikt" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Historikk" })).toBeVisible();
    await expect(page.getByText(/^Opprettet: /)).toHaveText(
      /^Opprettet: \d{1,2}\. [a-zæøå]+ \d{4} \d{2}:\d{2} · Endret: \d{1,2}\. [a-zæøå]+ \d{4} \d{2}:\d{2}$/,
    );
    await page.getByRole("link", { name: "Slett", exact: true }).click();
    const confirm = page.getByTestId("confirm-delete");
    await expect(confirm.getByRole("button", { name: "Slett" })).toBeVisible();
    await confirm.getByRole("link", { name: "Avbryt" }).click();
    await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
    if (jsEnabled(testInfo)) {
      await page.locator("html[data-hydrated]").waitFor();
      await expect(page.getByTestId("field-name").getByRole("button", { name: "Kopier" })).toBeVisible();
    }
  });

  test("built-in roles are named in Norwegian wherever a role is named", async ({ page }) => {
    await page.goto("/system-settings/roles");
    await submitSignIn(page, users.admin.email);
    const roles = page.getByTestId("roles");
    for (const name of ["Firmaadministrator", "Ansatt", "Lesetilgang"]) {
      await expect(roles.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(roles).not.toContainText("Employee");
    await page.goto("/system-settings/users?q=erik");
    await expect(page.getByRole("row").filter({ hasText: "Erik Nordmann" })).toContainText("Ansatt");
  });
});
