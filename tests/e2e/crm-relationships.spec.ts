import type { Page, TestInfo } from "@playwright/test";
import { rawApiAs, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// The suite's server and database are shared by the tests running beside these: every relationship made here has
// labels of its own run and project, between entities made for the run, and all of it is deleted again through the
// API at the end (should a test fail on the way, too).

const SCREEN = "/system-settings/crm-relationships";

/** A success notice: a toast with JavaScript (an earlier one may still show), the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** The side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo) {
  const found = page.getByTestId("relationship-panel");
  if (jsEnabled(testInfo)) await page.locator('[data-testid="relationship-panel"][data-interactive]').waitFor();
  else await found.waitFor();
  return found;
}

const rowOf = (page: Page, label: string) =>
  page.getByTestId("relationships").locator("tbody tr").filter({ hasText: label });

/** Calls the API as the signed-in user; loading a page first gives a fresh access token. */
async function apiAs(page: Page) {
  await page.goto("/");
  return rawApiAs(page);
}

/** A custom entity of the run's own, with one name field. */
async function makeEntity(page: Page, key: string, names: { en: string; nb: string }) {
  const call = await apiAs(page);
  const made = await call("POST", "/api/custom_entities", {
    key,
    labelEn: names.en,
    labelNb: names.nb,
    pluralEn: `${names.en}s`,
    pluralNb: `${names.nb}er`,
    fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
  });
  expect(made.status, JSON.stringify(await made.json())).toBe(201);
}

/**
 * What a test made goes through the API: the records (their links go with them), the relationships with the run's
 * labels, then the custom entities.
 */
async function removeLeftovers(page: Page, run: string, entityKeys: string[], records: string[]) {
  // A test that ran out of time has lost its page; the error that ended it is the one to see.
  if (page.isClosed()) return;
  const call = await apiAs(page);
  for (const record of records) await call("DELETE", record);
  const relationships = await call("GET", "/api/relationships");
  if (relationships.status === 200) {
    for (const relationship of (await relationships.json()) as { id: string; label1En: string; label1Nb: string }[]) {
      if (`${relationship.label1En} ${relationship.label1Nb}`.includes(run)) {
        await call("DELETE", `/api/relationships/${relationship.id}`);
      }
    }
  }
  for (const key of entityKeys) await call("DELETE", `/api/custom_entities/${key}`);
}

interface NewRelationship {
  entity1: string;
  type: string;
  entity2: string;
  label1: string;
  label2: string;
}

/** Fills and saves the new relationship panel, in English. */
async function addRelationship(
  page: Page,
  testInfo: TestInfo,
  relationship: NewRelationship,
  extra?: (form: ReturnType<Page["getByTestId"]>) => Promise<void>,
) {
  await page.getByRole("link", { name: "New relationship", exact: true }).first().click();
  const form = await panel(page, testInfo);
  await form.getByRole("combobox", { name: "Entity 1", exact: true }).selectOption({ label: relationship.entity1 });
  await form.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: relationship.type });
  await form.getByRole("combobox", { name: "Entity 2", exact: true }).selectOption({ label: relationship.entity2 });
  await form.getByLabel("Label 1 in English").fill(relationship.label1);
  await form.getByLabel("Label 1 in Norwegian").fill(`${relationship.label1} nb`);
  await form.getByLabel("Label 2 in English").fill(relationship.label2);
  await form.getByLabel("Label 2 in Norwegian").fill(`${relationship.label2} nb`);
  await extra?.(form);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("relationship-panel")).toHaveCount(0);
  await expect(
    notice(page, testInfo, `The relationship ${relationship.label1} – ${relationship.label2} was created.`),
  ).toBeVisible();
  const row = rowOf(page, relationship.label1);
  await expect(row.getByRole("cell")).toHaveText([
    relationship.entity1,
    relationship.label1,
    relationship.type,
    relationship.entity2,
    relationship.label2,
    /Yes|No/,
    "No",
    "0",
    /Edit.*Delete/,
  ]);
}

test.describe("CRM relationships", () => {
  test("the admin relates entities by each type, edits one, deletes an unused one and is refused one in use", async ({
    page,
  }, testInfo) => {
    // Four relationships, an edit and two deletions: some twenty-five page loads.
    test.setTimeout(180_000);
    const js = jsEnabled(testInfo);
    const run = runOf(testInfo);
    const key = `e2e_rel_${run}`;
    const project = { en: `Venture ${run}`, nb: `Satsing ${run}` };
    const records: string[] = [];
    try {
      await signIn(page, users.admin);
      await makeEntity(page, key, project);
      await page.goto("/system-settings");
      await page
        .getByRole("navigation", { name: "System settings" })
        .getByRole("link", { name: "CRM relationships" })
        .click();
      await expect(page).toHaveURL(/\/system-settings\/crm-relationships$/);
      await expect(page.getByRole("heading", { name: "CRM relationships", level: 1 })).toBeVisible();

      // The company–contact link is built in: shown, but neither edited nor deleted here.
      const builtIn = rowOf(page, "Contact affiliation");
      await expect(builtIn.getByRole("cell")).toHaveText([
        "Company",
        "Contact affiliation",
        "Many-to-many",
        "Contact",
        "Company affiliation",
        "No",
        "Yes",
        /^\d+$/,
        "",
      ]);
      await expect(builtIn).toBeVisible();
      await expect(builtIn.getByRole("link")).toHaveCount(0);

      // Nothing filled: the contract's schema asks for the entities, the type and the labels.
      await page.getByRole("link", { name: "New relationship", exact: true }).first().click();
      let form = await panel(page, testInfo);
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("relationship-panel")).toContainText("Required");
      await expect(page.getByTestId("relationship-panel").getByText("Required", { exact: true })).toHaveCount(7);
      await page.goto(SCREEN);

      const oneToOne = { label1: `Lead contact ${run}`, label2: `Leads ${run}` };
      await addRelationship(page, testInfo, {
        entity1: project.en,
        type: "One-to-one",
        entity2: "Contact",
        ...oneToOne,
      });
      const oneToMany = { label1: `Ventures ${run}`, label2: `Owner ${run}` };
      await addRelationship(page, testInfo, {
        entity1: "Company",
        type: "One-to-many",
        entity2: project.en,
        ...oneToMany,
      });
      const manyToOne = { label1: `Parent ${run}`, label2: `Parts ${run}` };
      await addRelationship(page, testInfo, {
        entity1: project.en,
        type: "Many-to-one",
        entity2: project.en,
        ...manyToOne,
      });
      const manyToMany = { label1: `Members ${run}`, label2: `Member of ${run}` };
      await addRelationship(
        page,
        testInfo,
        { entity1: project.en, type: "Many-to-many", entity2: "Contact", ...manyToMany },
        async (panelForm) => {
          await panelForm.getByLabel("Relationship name 1 in English (optional)").fill("has members");
          // Hidden on the contacts' side, shown to one group on the projects' side, and a favorite.
          await panelForm.getByText("Shown on the records of entity 2", { exact: true }).click();
          await expect(panelForm.getByRole("checkbox", { name: "Shown on the records of entity 2" })).not.toBeChecked();
          await panelForm.getByRole("group", { name: "Only for these groups (entity 1)" }).getByText("Sales").click();
          await panelForm.getByText("Favorite relationship", { exact: true }).click();
        },
      );
      await expect(rowOf(page, manyToMany.label1).getByRole("cell").nth(5)).toHaveText("Yes");

      // The entity's tab lists its four relationships and not the built-in one.
      await page
        .getByRole("navigation", { name: "Relationships of" })
        .getByRole("link", { name: `${project.en}s` })
        .click();
      await expect(page).toHaveURL(new RegExp(`${SCREEN}/custom_schema\\.${key}$`));
      await expect(page.getByTestId("relationships").locator("tbody tr")).toHaveCount(4);
      // An entity that does not exist is not a page.
      expect((await page.request.get(`${SCREEN}/custom_schema.no_such_${run}`)).status()).toBe(404);

      // Edited: the form shows what was saved; a label changes.
      await rowOf(page, manyToMany.label1)
        .getByRole("link", { name: `Edit ${manyToMany.label1} – ${manyToMany.label2}` })
        .click();
      form = await panel(page, testInfo);
      await expect(form.getByTestId("relationship-fixed")).toContainText("Many-to-many");
      await expect(form.getByLabel("Relationship name 1 in English (optional)")).toHaveValue("has members");
      await expect(form.getByRole("checkbox", { name: "Shown on the records of entity 2" })).not.toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Shown on the records of entity 1" })).toBeChecked();
      await expect(
        form.getByRole("group", { name: "Only for these groups (entity 1)" }).getByRole("checkbox", { name: "Sales" }),
      ).toBeChecked();
      await expect(form.getByRole("checkbox", { name: "Favorite relationship" })).toBeChecked();
      await form.getByLabel("Label 1 in English").fill("");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByTestId("relationship-panel")).toContainText("Required");
      form = await panel(page, testInfo);
      const renamed = `Crew ${run}`;
      await form.getByLabel("Label 1 in English").fill(renamed);
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        notice(page, testInfo, `Changes to the relationship ${renamed} – ${manyToMany.label2} were saved.`),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${SCREEN}/custom_schema\\.${key}$`));
      await expect(rowOf(page, renamed)).toContainText("Many-to-many");
      await expect(rowOf(page, manyToMany.label1)).toHaveCount(0);

      // Unused: deleted after the confirmation.
      await rowOf(page, manyToOne.label1)
        .getByRole("link", { name: `Delete ${manyToOne.label1} – ${manyToOne.label2}` })
        .click();
      let confirm = page.getByTestId("confirm-delete");
      await expect(confirm).toContainText(`Delete the relationship ${manyToOne.label1} – ${manyToOne.label2} between`);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(
        notice(page, testInfo, `The relationship ${manyToOne.label1} – ${manyToOne.label2} was deleted.`),
      ).toBeVisible();
      await expect(rowOf(page, manyToOne.label1)).toHaveCount(0);

      // In use: a company linked to a venture through the API, then the deletion is refused with the spec's text.
      const call = await apiAs(page);
      const relationship = ((await (await call("GET", "/api/relationships")).json()) as any[]).find(
        (r) => r.label1En === oneToMany.label1,
      );
      const company = await call("POST", "/api/crm/company", { values: { name: `Eier ${run} AS` } });
      expect(company.status).toBe(201);
      const companyId = (await company.json()).uuid as string;
      records.push(`/api/crm/company/${companyId}`);
      const venture = await call("POST", `/api/custom_schema/${key}`, { values: { name: `Alfa ${run}` } });
      expect(venture.status).toBe(201);
      const ventureId = (await venture.json()).uuid as string;
      records.push(`/api/custom_schema/${key}/${ventureId}`);
      const link = await call("POST", `/api/data/links/${relationship.linkSchema}/${relationship.linkTable}`, {
        id1: companyId,
        id2: ventureId,
      });
      expect(link.status).toBe(201);

      await page.goto(`${SCREEN}/crm.company`);
      await expect(rowOf(page, oneToMany.label1).getByRole("cell").nth(7)).toHaveText("1");
      await rowOf(page, oneToMany.label1)
        .getByRole("link", { name: `Delete ${oneToMany.label1} – ${oneToMany.label2}` })
        .click();
      confirm = page.getByTestId("confirm-delete");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("error-dialog")).toContainText(
        "Failed to delete. This relationship is currently in use.",
      );
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      // Without JavaScript, Close is a link back to the table.
      await page
        .getByTestId("error-dialog")
        .getByRole(js ? "button" : "link", { name: "Close" })
        .click();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      await expect(rowOf(page, oneToMany.label1)).toContainText("One-to-many");
      await expect(rowOf(page, oneToOne.label1)).toHaveCount(0);
    } finally {
      await removeLeftovers(page, run, [key], records);
    }
  });

  test("a user without the settings permission is refused", async ({ page }) => {
    await signIn(page, users.employee);
    const response = await page.goto(`${SCREEN}?panel=new`);
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("relationship-panel")).toHaveCount(0);
  });
});

test.describe("CRM relationships in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("the relationships screen speaks Norwegian, the form's messages and the types included", async ({
    page,
  }, testInfo) => {
    const run = runOf(testInfo);
    const labels = { label1: `Ansvarlig ${run}`, label2: `Ansvar for ${run}` };
    try {
      await page.goto(SCREEN);
      await submitSignIn(page, users.admin.email);
      await expect(page.getByRole("heading", { name: "CRM-relasjoner", level: 1 })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Systeminnstillinger" }).getByRole("link", { name: "CRM-relasjoner" }),
      ).toHaveAttribute("aria-current", "page");

      await page.getByRole("link", { name: "Ny relasjon", exact: true }).first().click();
      let form = await panel(page, testInfo);
      await form.getByRole("combobox", { name: "Entitet 1", exact: true }).selectOption({ label: "Gjøremål" });
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      form = page.getByTestId("relationship-panel");
      await expect(form).toContainText("Påkrevd");
      await expect(form).not.toContainText("Required");

      form = await panel(page, testInfo);
      await expect(form.getByRole("combobox", { name: "Entitet 1", exact: true })).toHaveValue("crm.todo");
      await form.getByRole("combobox", { name: "Relasjonstype", exact: true }).selectOption({ label: "Mange-til-en" });
      await form.getByRole("combobox", { name: "Entitet 2", exact: true }).selectOption({ label: "Kontakt" });
      await form.getByLabel("Etikett 1 på engelsk").fill(`Responsible ${run}`);
      await form.getByLabel("Etikett 1 på norsk").fill(labels.label1);
      await form.getByLabel("Etikett 2 på engelsk").fill(`Responsible for ${run}`);
      await form.getByLabel("Etikett 2 på norsk").fill(labels.label2);
      await form.getByRole("button", { name: "Lagre", exact: true }).click();
      await expect(
        notice(page, testInfo, `Relasjonen ${labels.label1} – ${labels.label2} ble opprettet.`),
      ).toBeVisible();
      const row = rowOf(page, labels.label1);
      await expect(row.getByRole("cell")).toHaveText([
        "Gjøremål",
        labels.label1,
        "Mange-til-en",
        "Kontakt",
        labels.label2,
        "Nei",
        "Nei",
        "0",
        /Rediger.*Slett/,
      ]);

      await row.getByRole("link", { name: `Slett ${labels.label1} – ${labels.label2}` }).click();
      await expect(page.getByTestId("confirm-delete")).toContainText("Bare en relasjon som ikke knytter sammen");
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Slett", exact: true }).click();
      await expect(notice(page, testInfo, `Relasjonen ${labels.label1} – ${labels.label2} ble slettet.`)).toBeVisible();
      await expect(rowOf(page, labels.label1)).toHaveCount(0);
    } finally {
      await removeLeftovers(page, run, [], []);
    }
  });
});
