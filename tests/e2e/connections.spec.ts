import type { Page, TestInfo } from "@playwright/test";
import { apiAs, runOf } from "./api.ts";
import { signIn } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// Records linked through administrators' relationships (spec §2 connections tab, §3 relationships). The suite's
// server is shared: the entities, relationships and records here are this run's and project's own, made and removed
// through the API.

const entity = (key: string, en: string, nb: string) => ({
  key,
  labelEn: en,
  labelNb: nb,
  pluralEn: `${en}s`,
  pluralNb: `${nb}er`,
  fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true, searchable: true }],
});

const labels = (one: [string, string], two: [string, string]) => ({
  label1En: one[0],
  label1Nb: one[1],
  label2En: two[0],
  label2Nb: two[1],
});

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function connectPanel(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.locator('[data-testid="connect-panel"][data-interactive]').waitFor();
  return page.getByTestId("connect-panel");
}

/** Picks the record named `name` in the open link panel: the search dropdown with JavaScript, radios without. */
async function pick(page: Page, testInfo: TestInfo, entityName: string, name: string, term = name) {
  const panel = await connectPanel(page, testInfo);
  if (jsEnabled(testInfo)) {
    const box = panel.getByRole("combobox", { name: `Search for ${entityName}` });
    await box.fill(term);
    await expect(page.getByRole("option", { name })).toBeVisible();
    await box.press("Enter");
    await expect(page.getByTestId("dropdown-locked")).toHaveValue(name);
  } else {
    await panel.getByRole("textbox").fill(term);
    await panel.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("connect-panel").getByRole("radio", { name }).check();
  }
  await page.getByTestId("connect-panel").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("connect-panel")).toHaveCount(0);
}

const card = (page: Page, label: string) =>
  page
    .getByTestId("relationship-card")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${label} \\(`) }) });

test.describe("connections through relationships", () => {
  test("links and unlinks records of each relationship type, with the one-side rules and the record's partners", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = runOf(testInfo);
    const [projectKey, teamKey] = [`e2e_proj_${run}`, `e2e_team_${run}`];
    const [project, team] = [`Project ${run}`, `Team ${run}`];
    await signIn(page, undefined, "/");
    let call = await apiAs(page);
    const records: [string, string, string][] = [];
    try {
      await call("POST", "/api/custom_entities", entity(projectKey, project, `Prosjekt ${run}`));
      await call("POST", "/api/custom_entities", entity(teamKey, team, `Lag ${run}`));
      const relate = (body: object) => call("POST", "/api/relationships", body);
      // One team has many projects; a project has one team.
      await relate({
        ...labels(["Projects", "Prosjekter"], ["Team", "Lag"]),
        schema1: "custom_schema",
        key1: teamKey,
        schema2: "custom_schema",
        key2: projectKey,
        type: "1toN",
      });
      // A project's lead is one contact, who leads one project.
      await relate({
        ...labels([`Lead ${run}`, `Leder ${run}`], [`Leads ${run}`, `Leder for ${run}`]),
        schema1: "custom_schema",
        key1: projectKey,
        schema2: "crm",
        key2: "contact",
        type: "1to1",
      });
      // Many projects have one parent project; a favorite, shown on the record.
      await relate({
        ...labels(["Parent", "Overordnet"], ["Subprojects", "Underprosjekter"]),
        schema1: "custom_schema",
        key1: projectKey,
        schema2: "custom_schema",
        key2: projectKey,
        type: "Nto1",
        favorite: true,
      });
      // Many to many, a favorite too.
      await relate({
        ...labels(["Teams", "Lagene"], ["Projects", "Prosjektene"]),
        schema1: "custom_schema",
        key1: projectKey,
        schema2: "custom_schema",
        key2: teamKey,
        type: "NtoM",
        favorite: true,
      });
      const record = async (schema: string, table: string, values: object) => {
        const made = await call("POST", `/api/${schema}/${table}`, { values });
        records.push([schema, table, made.uuid]);
        return made.uuid as string;
      };
      const apollo = await record("custom_schema", projectKey, { name: `Apollo ${run}` });
      const gemini = await record("custom_schema", projectKey, { name: `Gemini ${run}` });
      await record("custom_schema", teamKey, { name: `Blue ${run}` });
      const lena = await record("crm", "contact", { first_name: "Lena", last_name: `Lead${run}` });
      const lenaName = `Lena Lead${run}`;

      // The connections tab: a card per relationship, each side of the self-relationship its own.
      const base = `/custom-entity/${projectKey}/${apollo}`;
      await page.goto(`${base}/connections`);
      await expect(page.getByTestId("relationship-card")).toHaveCount(5);
      await expect(card(page, "Team")).toContainText("None");

      // One-to-many, from the "many" side: one team, and then no Link button.
      await card(page, "Team")
        .getByRole("link", { name: `Link ${team}` })
        .click();
      await pick(page, testInfo, team, `Blue ${run}`);
      await expect(card(page, "Team")).toContainText(`Blue ${run}`);
      await expect(card(page, "Team").getByRole("link", { name: `Link ${team}` })).toHaveCount(0);

      // One-to-one: the contact leads Apollo, and cannot lead Gemini too.
      await card(page, `Lead ${run}`).getByRole("link", { name: "Link Contact" }).click();
      await pick(page, testInfo, "Contact", lenaName, `Lead${run}`);
      await expect(card(page, `Lead ${run}`)).toContainText(lenaName);
      await page.goto(`/custom-entity/${projectKey}/${gemini}/connections`);
      await card(page, `Lead ${run}`).getByRole("link", { name: "Link Contact" }).click();
      await connectPanel(page, testInfo);
      if (jsEnabled(testInfo)) {
        const box = page.getByTestId("connect-panel").getByRole("combobox", { name: "Search for Contact" });
        await box.fill(`Lead${run}`);
        await expect(page.getByRole("option", { name: lenaName })).toBeVisible();
        await box.press("Enter");
      } else {
        await page.getByTestId("connect-panel").getByRole("textbox").fill(`Lead${run}`);
        await page.getByTestId("connect-panel").getByRole("button", { name: "Search", exact: true }).click();
        await page.getByTestId("connect-panel").getByRole("radio", { name: lenaName }).check();
      }
      await page.getByTestId("connect-panel").getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("alertdialog")).toContainText(
        "Selected relationship is already connected to another record.",
      );

      // Many to one within one entity: Gemini's parent is Apollo, from Gemini's side.
      await page.goto(`/custom-entity/${projectKey}/${gemini}/connections`);
      await card(page, "Parent")
        .getByRole("link", { name: `Link ${project}` })
        .click();
      await pick(page, testInfo, project, `Apollo ${run}`);
      await expect(card(page, "Parent")).toContainText(`Apollo ${run}`);

      // Many to many: Apollo works with the team, and the team's page lists Apollo.
      await page.goto(`${base}/connections`);
      await card(page, "Teams")
        .getByRole("link", { name: `Link ${team}` })
        .click();
      await pick(page, testInfo, team, `Blue ${run}`);
      await expect(card(page, "Teams")).toContainText(`Blue ${run}`);

      // The overview: one-side partners beside the fields, favorites as cards.
      await page.goto(base);
      const partners = page.getByTestId("partner-field");
      await expect(partners.filter({ hasText: "Team" }).getByRole("link", { name: `Blue ${run}` })).toBeVisible();
      await expect(partners.filter({ hasText: `Lead ${run}` }).getByRole("link", { name: lenaName })).toBeVisible();
      await expect(card(page, "Subprojects")).toContainText(`Gemini ${run}`);
      await expect(card(page, "Teams")).toContainText(`Blue ${run}`);
      await partners.getByRole("link", { name: lenaName }).click();
      await expect(page).toHaveURL(new RegExp(`/contacts/${lena}$`));
      await expect(page.getByTestId("partner-field").filter({ hasText: `Leads ${run}` })).toContainText(
        `Apollo ${run}`,
      );

      // One relationship's own page, with the list footer; a removal there stays there.
      await page.goto(`${base}/connections`);
      await card(page, "Teams").getByRole("link", { name: "Teams (1)" }).click();
      await expect(page.getByTestId("relationship-page")).toBeVisible();
      await expect(page.getByTestId("list-footer")).toHaveText("Showing 1 to 1 of 1 entries");
      await page.getByRole("button", { name: `Remove the link to Blue ${run}` }).click();
      await expect(page.getByTestId("list-footer")).toHaveText("Showing 0 to 0 of 0 entries");
      await expect(page).toHaveURL(/\/connections\/[0-9a-f-]+$/);

      // History says who linked what.
      await page.goto(`${base}/history`);
      await expect(page.getByTestId("history-entry").first()).toContainText(`Blue ${run}`);

      // A relationship the record's entity has no part in is no page.
      const missing = await page.goto(`${base}/connections/00000000-0000-4000-8000-000000000000`);
      expect(missing?.status()).toBe(404);
    } finally {
      if (!page.isClosed()) {
        await page.goto("/");
        call = await apiAs(page);
        for (const [schema, table, id] of records.reverse()) {
          await call("DELETE", `/api/${schema}/${table}/${id}`).catch(() => {});
        }
        await call("DELETE", `/api/custom_entities/${projectKey}`).catch(() => {});
        await call("DELETE", `/api/custom_entities/${teamKey}`).catch(() => {});
      }
    }
  });
});
