import type { Page, TestInfo } from "@playwright/test";
import { apiAs, runOf } from "./api.ts";
import { signIn } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// Which blocks a record's overview shows, in which order (spec §2 expanded-entity-overview-widgets). The suite's server
// is shared: the order changed here is that of an entity of this run's and project's own, made and removed through
// the API, so the built-in entities keep their default order for the tests beside these.

const SCREEN = "/system-settings/expanded-entity-overview-widgets";

/** A success notice: a toast with JavaScript, the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** The blocks' names on the settings screen, in order. */
const blockNames = (page: Page) => page.getByTestId("overview-blocks").getByTestId("block-name");

/** The cards of the overview's side column that this entity's records show, in the page's order. */
const sideCards = (page: Page) =>
  page
    .locator(
      '[data-testid="activities-card"], [data-testid="latest-notes-card"], [data-testid="latest-documents-card"], [data-testid="assignments"]',
    )
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-testid")));

test.describe("overview blocks", () => {
  test("the admin hides a block and moves another on an entity's record overview, then resets it", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const key = `e2e_overview_${run}`;
    const plural = `Overviews ${run}`;
    await signIn(page, undefined, "/");
    let call = await apiAs(page);
    let recordId: string | undefined;
    try {
      await call("POST", "/api/custom_entities", {
        key,
        labelEn: `Overview ${run}`,
        labelNb: `Oversikt ${run}`,
        pluralEn: plural,
        pluralNb: `Oversikter ${run}`,
        fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
      });
      recordId = (await call("POST", `/api/custom_schema/${key}`, { values: { name: `Record ${run}` } })).uuid;
      const recordPage = `/custom-entity/${key}/${recordId}`;

      // The default order: today's overview.
      await page.goto(recordPage);
      await expect(page.getByTestId("field-name")).toContainText(`Record ${run}`);
      expect(await sideCards(page)).toEqual([
        "activities-card",
        "latest-notes-card",
        "latest-documents-card",
        "assignments",
      ]);

      // The section is in the settings' menu; the entity is one of its tabs.
      await page.goto("/system-settings");
      await page
        .getByRole("navigation", { name: "System settings" })
        .getByRole("link", { name: "Record overview" })
        .click();
      await expect(page.getByRole("heading", { name: "Record overview", level: 1 })).toBeVisible();
      await page.getByRole("navigation", { name: "Overview of" }).getByRole("link", { name: plural }).click();
      await expect(page).toHaveURL(`${SCREEN}/custom_schema.${key}`);
      await expect(blockNames(page)).toHaveText([
        "Fields",
        "Favorite relationships",
        "Activities",
        "Latest notes",
        "Latest documents",
        "Notifications to",
      ]);
      // The fields stay first and shown: their row has neither a checkbox nor buttons.
      const fieldsRow = page.getByTestId("overview-block-fields");
      await expect(fieldsRow).toContainText("Always first and shown");
      await expect(fieldsRow.getByRole("checkbox")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Move Favorite relationships up" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Move Notifications to down" })).toBeDisabled();

      // Hidden: with JavaScript the box saves as it changes; without, Save sends it and the page comes back to the list.
      const activities = page.getByRole("checkbox", { name: "Show Activities" });
      await expect(activities).toBeChecked();
      await activities.uncheck();
      if (js) {
        await expect(page.getByRole("status").filter({ hasText: "The overview was saved." })).toBeVisible();
      } else {
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${SCREEN}/custom_schema\\.${key}#overview-blocks$`));
      }
      await expect(page.getByRole("checkbox", { name: "Show Activities" })).not.toBeChecked();

      // Moved up: the page comes back at the block's row without JavaScript; with it, its button keeps the focus.
      // The list shows the new order before it is saved: the page is reloaded only once the post has been answered.
      const movedUp = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().includes(SCREEN),
      );
      await page.getByRole("button", { name: "Move Latest documents up" }).click();
      await movedUp;
      await expect(blockNames(page)).toHaveText([
        "Fields",
        "Favorite relationships",
        "Activities",
        "Latest documents",
        "Latest notes",
        "Notifications to",
      ]);
      if (js) await expect(page.getByRole("button", { name: "Move Latest documents up" })).toBeFocused();
      else await expect(page).toHaveURL(/#overview-block-documents$/);
      // The move kept the hidden block hidden, as it was saved.
      await page.reload();
      await expect(blockNames(page).nth(3)).toHaveText("Latest documents");
      await expect(page.getByRole("checkbox", { name: "Show Activities" })).not.toBeChecked();

      await page.goto(recordPage);
      await expect(page.getByTestId("field-name")).toContainText(`Record ${run}`);
      expect(await sideCards(page)).toEqual(["latest-documents-card", "latest-notes-card", "assignments"]);
      await expect(page.getByTestId("activities-card")).toHaveCount(0);

      // Reset, after a question.
      await page.goto(`${SCREEN}/custom_schema.${key}`);
      await page.getByRole("link", { name: "Reset to default" }).click();
      const dialog = page.getByTestId("confirm-reset");
      await expect(dialog).toContainText(`Show every block of the overview of ${plural} again, in the default order?`);
      await dialog.getByRole("button", { name: "Reset to default" }).click();
      await expect(notice(page, testInfo, `The overview of ${plural} is back in the default order.`)).toBeVisible();
      await expect(page.getByTestId("confirm-reset")).toHaveCount(0);
      await expect(blockNames(page).nth(3)).toHaveText("Latest notes");
      await expect(page.getByRole("checkbox", { name: "Show Activities" })).toBeChecked();

      await page.goto(recordPage);
      await expect(page.getByTestId("field-name")).toContainText(`Record ${run}`);
      expect(await sideCards(page)).toEqual([
        "activities-card",
        "latest-notes-card",
        "latest-documents-card",
        "assignments",
      ]);

      // An entity that does not exist has no screen.
      const unknown = await page.goto(`${SCREEN}/custom_schema.no_such_${run}`);
      expect(unknown?.status()).toBe(404);
    } finally {
      if (!page.isClosed()) {
        await page.goto("/");
        call = await apiAs(page);
        if (recordId) await call("DELETE", `/api/custom_schema/${key}/${recordId}`).catch(() => {});
        await call("DELETE", `/api/custom_entities/${key}`).catch(() => {});
      }
    }
  });
});

test.describe("overview blocks in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the screen names the blocks and their buttons in Norwegian", async ({ page }) => {
    await signIn(page, undefined, `${SCREEN}/crm.company`);
    await expect(page.getByRole("heading", { name: "Oppføringsoversikt", level: 1 })).toBeVisible();
    await expect(blockNames(page)).toHaveText([
      "Felter",
      "Favorittrelasjoner",
      "Aktiviteter",
      "Siste notater",
      "Siste dokumenter",
      "Kontakter",
      "Varsler til",
    ]);
    await expect(page.getByRole("checkbox", { name: "Vis Aktiviteter" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Flytt Kontakter opp" })).toBeEnabled();
    await expect(page.getByRole("link", { name: "Tilbakestill til standard" })).toBeVisible();
  });
});
