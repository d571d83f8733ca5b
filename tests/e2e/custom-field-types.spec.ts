import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

// A field of each of the 13 types on a custom entity of this run and project (so no other test's entity or records
// change), made through the settings, then used on a record: its input, its value as the record page shows it, its
// errors, its history, and in Norwegian. The entity is made and deleted through the API, once for the file.

type Api = (method: string, path: string, body?: unknown) => Promise<Response>;

/** Calls the API as the admin: signed in in a browser of its own, whose session holds a fresh access token. */
async function asAdmin<T>(browser: Browser, testInfo: TestInfo, use: (api: Api) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
  try {
    await signIn(await context.newPage(), users.admin);
    const { access_token } = await sessionTokens(context);
    return await use((method, path, body) =>
      fetch(`${process.env.E2E_API_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${access_token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  } finally {
    await context.close();
  }
}

/** A success notice: a toast with JavaScript, the page's own notice without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

/** A side panel, once it answers to typing and clicks (with JavaScript its code arrives after the page's). */
async function panel(page: Page, testInfo: TestInfo, testId: string) {
  const found = page.getByTestId(testId);
  if (jsEnabled(testInfo)) await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
  else await found.waitFor();
  return found;
}

interface FieldSpec {
  key: string;
  en: string;
  nb: string;
  /** The type's name in the settings, in English and Norwegian. */
  typeEn: string;
  typeNb: string;
}

// The fields in the order they are added, which is the order forms and the record page show them in.
const date: FieldSpec = { key: "visit_day", en: "Visit day", nb: "Besøksdag", typeEn: "Date", typeNb: "Dato" };
const dateTime: FieldSpec = {
  key: "meeting_at",
  en: "Meeting time",
  nb: "Møtetid",
  typeEn: "Date and time",
  typeNb: "Dato og klokkeslett",
};
const email: FieldSpec = {
  key: "contact_email",
  en: "Contact email",
  nb: "Kontaktadresse",
  typeEn: "Email",
  typeNb: "E-post",
};
const number: FieldSpec = {
  key: "head_count",
  en: "Head count",
  nb: "Antall personer",
  typeEn: "Number",
  typeNb: "Tall",
};
const percent: FieldSpec = { key: "discount", en: "Discount", nb: "Rabatt", typeEn: "Percent", typeNb: "Prosent" };
const phone: FieldSpec = {
  key: "switchboard",
  en: "Switchboard",
  nb: "Sentralbord",
  typeEn: "Phone",
  typeNb: "Telefon",
};
const list: FieldSpec = { key: "tier", en: "Tier", nb: "Nivå", typeEn: "List", typeNb: "Liste" };
const multi: FieldSpec = { key: "colours", en: "Colours", nb: "Farger", typeEn: "Multi-select", typeNb: "Flervalg" };
const text: FieldSpec = { key: "nickname", en: "Nickname", nb: "Kallenavn", typeEn: "Text", typeNb: "Tekst" };
const longText: FieldSpec = {
  key: "remarks",
  en: "Remarks",
  nb: "Merknader",
  typeEn: "Long text",
  typeNb: "Lang tekst",
};
const bool: FieldSpec = { key: "newsletter", en: "Newsletter", nb: "Nyhetsbrev", typeEn: "Yes/No", typeNb: "Ja/nei" };
const url: FieldSpec = { key: "home_page", en: "Home page", nb: "Hjemmeside", typeEn: "Website", typeNb: "Nettsted" };
const query: FieldSpec = {
  key: "name_twice",
  en: "Name twice",
  nb: "Navnet to ganger",
  typeEn: "Query",
  typeNb: "Spørring",
};

const allFields = [date, dateTime, email, number, percent, phone, list, multi, text, longText, bool, url, query];

/** This run's entity and record. */
const run = { key: "", title: "", recordUrl: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }, testInfo) => {
  const stamp = `${testInfo.project.name.replace("-", "")}${Date.now()}`;
  const key = `e2e_types_${stamp}`;
  await asAdmin(browser, testInfo, async (api) => {
    const made = await api("POST", "/api/custom_entities", {
      key,
      labelEn: `Field trial ${stamp}`,
      labelNb: `Feltforsøk ${stamp}`,
      pluralEn: `Field trials ${stamp}`,
      pluralNb: `Feltforsøk ${stamp} (alle)`,
      icon: "checklist",
      fields: [{ key: "title", labelEn: "Title", labelNb: "Tittel", type: "Text", partOfName: true }],
    });
    expect(made.status, await made.clone().text()).toBe(201);
  });
  run.key = key;
  run.title = `Nordlys ${stamp}`;
});

// Records first (an entity with records cannot be deleted), then the entity with its fields and table.
test.afterAll(async ({ browser }, testInfo) => {
  if (!run.key) return;
  await asAdmin(browser, testInfo, async (api) => {
    const records = await api("GET", `/api/custom_schema/${run.key}?size=100`);
    if (records.ok) {
      for (const record of ((await records.json()) as { content: { uuid: string }[] }).content) {
        await api("DELETE", `/api/custom_schema/${run.key}/${record.uuid}`);
      }
    }
    const deleted = await api("DELETE", `/api/custom_entities/${run.key}`);
    expect(deleted.status, await deleted.clone().text()).toBe(204);
  });
});

const settingsScreen = () => `/system-settings/custom-fields?entity=custom_schema.${run.key}`;

const fieldRow = (page: Page, key: string) =>
  page
    .getByTestId("custom-fields")
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: key, exact: true }) });

/** Opens the settings form for a new field of `type` (as the type chooser's link does) and fills its labels and key. */
async function openFieldForm(page: Page, testInfo: TestInfo, field: FieldSpec, type: string) {
  await page.goto(`${settingsScreen()}&${new URLSearchParams({ panel: "new", type })}`);
  const form = await panel(page, testInfo, "field-panel");
  await expect(form).toContainText(`Add a custom field: ${field.typeEn}`);
  await form.getByLabel("Label in English").fill(field.en);
  await form.getByLabel("Label in Norwegian").fill(field.nb);
  await form.getByLabel("Key").fill(field.key);
  return form;
}

/** Saves the settings form and waits for the field's row. */
async function saveField(page: Page, testInfo: TestInfo, field: FieldSpec) {
  await page.getByTestId("field-panel").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("field-panel")).toHaveCount(0);
  await expect(notice(page, testInfo, `The field ${field.en} was added.`)).toBeVisible();
  await expect(fieldRow(page, field.key).getByRole("cell").nth(2)).toHaveText(field.typeEn);
}

/** Fills a List or MultiSelect field's options; without JavaScript, "Add option" posts the form for a row more. */
async function fillOptions(page: Page, testInfo: TestInfo, options: [string, string][]) {
  for (const [index, [en, nb]] of options.entries()) {
    const form = await panel(page, testInfo, "field-panel");
    if (index > 0) {
      await form.getByRole("button", { name: "Add option" }).click();
      await expect(form.getByLabel(`Option ${index + 1} in English`)).toBeVisible();
    }
    const again = await panel(page, testInfo, "field-panel");
    await again.getByLabel(`Option ${index + 1} in English`).fill(en);
    await again.getByLabel(`Option ${index + 1} in Norwegian`).fill(nb);
  }
}

/** A field's control in the record form, by its label. */
const control = (form: Locator, field: FieldSpec) => form.getByLabel(field.en, { exact: true });
const option = (form: Locator, label: string) =>
  form.getByRole("group", { name: multi.en }).getByLabel(label, { exact: true });
/** Ticks or unticks a box as a user does, by its text (Chakra draws its own box over the input). */
async function setBox(form: Locator, box: Locator, text: string, checked: boolean) {
  await form.getByText(text, { exact: true }).click();
  await expect(box).toBeChecked({ checked });
}
const setOption = (form: Locator, label: string, checked: boolean) =>
  setBox(form.getByRole("group", { name: multi.en }), option(form, label), label, checked);

/** The error a control is described by (Conform points aria-describedby at it). */
const errorOf = (form: Locator, field: FieldSpec, message: string) =>
  expect(control(form, field)).toHaveAccessibleDescription(message);

/** A field as the record page shows it: its label and value. */
const shown = (page: Page, field: FieldSpec) => page.getByTestId(`field-${field.key}`);

test("the admin adds a field of each type, with the type's own settings", async ({ page }, testInfo) => {
  // Thirteen fields, each a form and its save: some thirty page loads without JavaScript.
  test.setTimeout(180_000);
  await signIn(page, users.admin, settingsScreen());
  await expect(page.getByRole("heading", { name: "Custom fields", level: 1 })).toBeVisible();

  // The first through the type chooser, which lists all thirteen.
  await page.getByRole("link", { name: "Add field", exact: true }).first().click();
  const chooser = await panel(page, testInfo, "field-panel");
  const types = chooser.getByRole("list", { name: "Field types" }).getByRole("link");
  await expect(types).toHaveText(allFields.map((field) => field.typeEn));
  await types.filter({ hasText: /^Date$/ }).click();
  let form = await panel(page, testInfo, "field-panel");
  await expect(form).toContainText("Add a custom field: Date");
  await form.getByLabel("Label in English").fill(date.en);
  await form.getByLabel("Label in Norwegian").fill(date.nb);
  await form.getByLabel("Key").fill(date.key);
  await form.getByLabel("From").fill("2020-01-01");
  await form.getByLabel("To", { exact: true }).fill("2030-12-31");
  await saveField(page, testInfo, date);

  form = await openFieldForm(page, testInfo, dateTime, "DateTime");
  await form.getByLabel("From").fill("2020-01-01");
  await form.getByLabel("To", { exact: true }).fill("2030-12-31");
  await saveField(page, testInfo, dateTime);

  await openFieldForm(page, testInfo, email, "Email");
  await saveField(page, testInfo, email);

  form = await openFieldForm(page, testInfo, number, "Number");
  await form.getByLabel("Minimum value").fill("1");
  await form.getByLabel("Maximum value").fill("10000");
  await saveField(page, testInfo, number);

  // Percentages are typed as percentages and stored as fractions.
  form = await openFieldForm(page, testInfo, percent, "Percent");
  await form.getByLabel("Minimum value (%)").fill("0");
  await form.getByLabel("Maximum value (%)").fill("50");
  await saveField(page, testInfo, percent);

  await openFieldForm(page, testInfo, phone, "Phone");
  await saveField(page, testInfo, phone);

  await openFieldForm(page, testInfo, list, "List");
  await fillOptions(page, testInfo, [
    ["Gold", "Gull"],
    ["Silver", "Sølv"],
  ]);
  await saveField(page, testInfo, list);

  await openFieldForm(page, testInfo, multi, "MultiSelect");
  await fillOptions(page, testInfo, [
    ["Red", "Rød"],
    ["Green", "Grønn"],
    ["Blue", "Blå"],
  ]);
  await expect(page.getByTestId("field-panel").getByLabel("Option 1 in Norwegian")).toHaveValue("Rød");
  await saveField(page, testInfo, multi);

  form = await openFieldForm(page, testInfo, text, "Text");
  await form.getByLabel("Minimum characters").fill("2");
  await form.getByLabel("Maximum characters").fill("20");
  await saveField(page, testInfo, text);

  form = await openFieldForm(page, testInfo, longText, "LongText");
  await form.getByLabel("Maximum characters").fill("500");
  await saveField(page, testInfo, longText);

  await openFieldForm(page, testInfo, bool, "Bool");
  await saveField(page, testInfo, bool);

  await openFieldForm(page, testInfo, url, "Url");
  await saveField(page, testInfo, url);

  // A Query's select must name the record; the form says so before anything is run.
  form = await openFieldForm(page, testInfo, query, "Query");
  await form.getByLabel("Query", { exact: true }).fill("select 1");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  form = await panel(page, testInfo, "field-panel");
  await expect(form.getByLabel("Query", { exact: true })).toHaveAccessibleDescription(
    "The query must start with select and contain this.id",
  );
  await form
    .getByLabel("Query", { exact: true })
    .fill(
      `select title as name, n as copy from custom_schema.${run.key} cross join generate_series(1, 2) as n where id = this.id order by n`,
    );
  await saveField(page, testInfo, query);

  // Each kept the settings it was given: a percentage's limits as percentages, a list's options in both languages.
  await fieldRow(page, percent.key)
    .getByRole("link", { name: `Edit ${percent.en}` })
    .click();
  form = await panel(page, testInfo, "field-panel");
  await expect(form.getByLabel("Maximum value (%)")).toHaveValue("50");
  await page.goto(`${settingsScreen()}&${new URLSearchParams({ panel: "edit", key: multi.key })}`);
  form = await panel(page, testInfo, "field-panel");
  await expect(form.getByLabel("Option 3 in English")).toHaveValue("Blue");
  await expect(form.getByLabel("Option 3 in Norwegian")).toHaveValue("Blå");
});

test("a record takes a value in every field: bad ones get their field's error and lose nothing typed", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, users.admin, `/custom-entity/${run.key}?panel=add`);
  let form = await panel(page, testInfo, "record-panel");
  // A Query is read, never written: the form has no input for it.
  await expect(form.getByText(query.en)).toHaveCount(0);

  await form.getByLabel("Title", { exact: true }).fill(run.title);
  await control(form, date).fill("2031-01-01");
  await control(form, dateTime).fill("2026-05-17T14:30");
  await control(form, email).fill("ola@");
  await control(form, number).fill("10001");
  await control(form, percent).fill("60");
  await control(form, phone).fill("+47 22 33 44 55");
  await control(form, list).selectOption({ label: "Silver" });
  await setOption(form, "Red", true);
  await setOption(form, "Blue", true);
  await control(form, text).fill("x");
  await control(form, longText).fill("First line\nSecond line");
  await setBox(form, control(form, bool), bool.en, true);
  await control(form, url).fill("not a url");
  await form.getByRole("button", { name: "Save", exact: true }).click();

  form = await panel(page, testInfo, "record-panel");
  await errorOf(form, date, "Must be 2030-12-31 or earlier");
  await errorOf(form, email, "Must be an email");
  await errorOf(form, number, "Must be at most 10000");
  await errorOf(form, percent, "Must be at most 50 %");
  await errorOf(form, text, "Min 2 characters");
  await errorOf(form, url, "Must be a valid URL");
  // Everything typed is still there, the good values and the bad.
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(run.title);
  await expect(control(form, date)).toHaveValue("2031-01-01");
  await expect(control(form, dateTime)).toHaveValue("2026-05-17T14:30");
  await expect(control(form, email)).toHaveValue("ola@");
  await expect(control(form, number)).toHaveValue("10001");
  await expect(control(form, percent)).toHaveValue("60");
  await expect(control(form, phone)).toHaveValue("+47 22 33 44 55");
  await expect(control(form, list).locator("option:checked")).toHaveText("Silver");
  await expect(option(form, "Red")).toBeChecked();
  await expect(option(form, "Green")).not.toBeChecked();
  await expect(option(form, "Blue")).toBeChecked();
  await expect(control(form, text)).toHaveValue("x");
  await expect(control(form, longText)).toHaveValue(/^First line\r?\nSecond line$/);
  await expect(control(form, bool)).toBeChecked();
  await expect(control(form, url)).toHaveValue("not a url");

  await control(form, date).fill("2026-05-17");
  await control(form, email).fill("ola@example.com");
  await control(form, number).fill("1234.5");
  await control(form, percent).fill("12.5");
  await control(form, text).fill("Blåbær");
  await control(form, url).fill("example.com/e2e");
  await form.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByRole("heading", { name: run.title, level: 1 })).toBeVisible();
  run.recordUrl = page.url().replace(/\?.*$/, "");
  // Stored as the API keeps it: a percentage as a fraction, options by their values, an instant in UTC. (Right after
  // the page's load, whose session holds an access token good for some seconds yet.)
  const { access_token } = await sessionTokens(page.context());
  const id = run.recordUrl.split("/").pop();
  const stored = await fetch(`${process.env.E2E_API_URL}/api/custom_schema/${run.key}/${id}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(stored.status).toBe(200);
  const { values } = (await stored.json()) as { values: Record<string, unknown> };
  expect(values[percent.key]).toBe(0.125);
  expect(values[number.key]).toBe(1234.5);
  expect(values[bool.key]).toBe(true);
  expect(values[list.key]).toBe("silver");
  expect(values[multi.key]).toEqual(["red", "blue"]);
  expect(values[dateTime.key]).toMatch(/^2026-05-17T\d{2}:30:00(\.000)?Z$/);

  await expect(shown(page, date)).toContainText("May 17, 2026");
  await expect(shown(page, dateTime)).toContainText("May 17, 2026 02:30 PM");
  await expect(shown(page, email).getByRole("link", { name: "ola@example.com" })).toHaveAttribute(
    "href",
    "mailto:ola@example.com",
  );
  await expect(shown(page, number)).toContainText("1,234.5");
  await expect(shown(page, percent)).toContainText("12.5 %");
  await expect(shown(page, phone).getByRole("link", { name: "+47 22 33 44 55" })).toHaveAttribute(
    "href",
    "tel:+4722334455",
  );
  await expect(shown(page, list)).toContainText("Silver");

  // Past the first eight fields, behind "Read more" (a <details>, which opens without JavaScript).
  await page.getByText("Read more", { exact: true }).click();
  await expect(shown(page, multi).getByTestId("value")).toHaveText("Red, Blue");
  await expect(shown(page, text)).toContainText("Blåbær");
  await expect(shown(page, longText).getByTestId("value")).toHaveText(/^First line\r?\nSecond line$/);
  await expect(shown(page, bool).getByTestId("value")).toHaveText("Yes");
  // A website without a scheme is saved with https://, and opens in a tab of its own.
  const site = shown(page, url).getByRole("link", { name: "https://example.com/e2e" });
  await expect(site).toHaveAttribute("href", "https://example.com/e2e");
  await expect(site).toHaveAttribute("target", "_blank");
  // The Query's rows, as a table to read: the record's name once per row of the series.
  const rows = shown(page, query).getByRole("table");
  await expect(rows.getByRole("columnheader")).toHaveText(["name", "copy"]);
  await expect(rows.locator("tbody tr")).toHaveText([`${run.title}1`, `${run.title}2`]);
  await expect(shown(page, query).getByRole("textbox")).toHaveCount(0);
});

test("an edit shows its new values at once, and the history names each change", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, users.admin, `${run.recordUrl}?panel=edit`);
  const form = await panel(page, testInfo, "record-panel");
  // The form starts from the stored values as their inputs show them.
  await expect(control(form, percent)).toHaveValue("12.5");
  await expect(control(form, dateTime)).toHaveValue("2026-05-17T14:30");
  await expect(control(form, bool)).toBeChecked();
  await expect(option(form, "Red")).toBeChecked();
  await expect(option(form, "Blue")).toBeChecked();

  await control(form, number).fill("99");
  await control(form, percent).fill("7");
  await setOption(form, "Red", false);
  await setOption(form, "Blue", false);
  await setOption(form, "Green", true);
  await setBox(form, control(form, bool), bool.en, false);
  await control(form, list).selectOption({ label: "Gold" });
  await form.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByTestId("record-panel")).toHaveCount(0);
  await expect(shown(page, number)).toContainText("99");
  // 0.07 × 100 is 7.000000000000001 in floating point; the page shows 7.
  await expect(shown(page, percent).getByTestId("value")).toHaveText("7 %");
  await expect(shown(page, list)).toContainText("Gold");
  await expect(shown(page, multi).getByTestId("value")).toHaveText("Green");
  await expect(shown(page, bool).getByTestId("value")).toHaveText("No");

  await page.getByRole("navigation", { name: "Record" }).getByRole("link", { name: "History", exact: true }).click();
  const entries = page.getByTestId("history-entry");
  await expect(entries).toHaveCount(2);
  const change = entries.first();
  await expect(change).toContainText("Ada Admin changed the record");
  for (const line of [
    `${number.en}: 1,234.5 → 99`,
    `${percent.en}: 12.5 % → 7 %`,
    `${list.en}: Silver → Gold`,
    `${multi.en}: Red, Blue → Green`,
    `${bool.en}: Yes → No`,
  ]) {
    await expect(change).toContainText(line);
  }
  // Only what changed.
  await expect(change).not.toContainText(text.en);
  const created = entries.last();
  await expect(created).toContainText("Ada Admin created the record");
  await expect(created).toContainText(`${date.en}: May 17, 2026`);
  await expect(created).toContainText(`${percent.en}: 12.5 %`);
});

test.describe("in Norwegian", () => {
  // A Norwegian browser: the admin, who has chosen no language, gets Norwegian after sign-in.
  test.use({ locale: "nb-NO" });

  test("the record, its form's errors and the settings speak Norwegian", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(run.recordUrl);
    await submitSignIn(page, users.admin.email);
    await expect(page.getByRole("heading", { name: run.title, level: 1 })).toBeVisible();
    await expect(shown(page, date)).toContainText(date.nb);
    await expect(shown(page, date)).toContainText("17. mai 2026");
    await expect(shown(page, dateTime)).toContainText("17. mai 2026 14:30");
    await expect(shown(page, number).getByTestId("value")).toHaveText("99");
    await expect(shown(page, list)).toContainText(list.nb);
    await expect(shown(page, list).getByTestId("value")).toHaveText("Gull");
    await page.getByText("Les mer", { exact: true }).click();
    await expect(shown(page, multi).getByTestId("value")).toHaveText("Grønn");
    await expect(shown(page, bool).getByTestId("value")).toHaveText("Nei");
    await expect(shown(page, query)).toContainText(query.nb);

    await page.getByRole("link", { name: "Rediger", exact: true }).click();
    const form = await panel(page, testInfo, "record-panel");
    const nbControl = (field: FieldSpec) => form.getByLabel(field.nb, { exact: true });
    await expect(form.getByRole("group", { name: multi.nb }).getByLabel("Grønn", { exact: true })).toBeChecked();
    await nbControl(email).fill("feil");
    await nbControl(number).fill("20000");
    await nbControl(text).fill("y");
    await form.getByRole("button", { name: "Lagre endringer" }).click();
    const again = await panel(page, testInfo, "record-panel");
    await expect(again.getByLabel(email.nb, { exact: true })).toHaveAccessibleDescription("Må være en e-postadresse");
    await expect(again.getByLabel(number.nb, { exact: true })).toHaveAccessibleDescription("Må være høyst 10000");
    await expect(again.getByLabel(text.nb, { exact: true })).toHaveAccessibleDescription("Minst 2 tegn");
    await expect(again.getByLabel(number.nb, { exact: true })).toHaveValue("20000");
    await expect(again.getByLabel(email.nb, { exact: true })).toHaveValue("feil");
    await expect(again).not.toContainText("Must be");

    // The settings list the fields by their Norwegian labels and types.
    await page.goto(settingsScreen());
    await expect(page.getByRole("heading", { name: "Egendefinerte felt", level: 1 })).toBeVisible();
    for (const field of [
      date,
      dateTime,
      email,
      number,
      percent,
      phone,
      list,
      multi,
      text,
      longText,
      bool,
      url,
      query,
    ]) {
      const cells = fieldRow(page, field.key).getByRole("cell");
      await expect(cells.first()).toHaveText(field.nb);
      await expect(cells.nth(2)).toHaveText(field.typeNb);
    }
  });

  test("a number and a percentage take a decimal comma, in a record and in the field's limits", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(run.recordUrl);
    await submitSignIn(page, users.admin.email);
    await page.getByRole("link", { name: "Rediger", exact: true }).click();
    const form = await panel(page, testInfo, "record-panel");
    // As the record page shows them: "12,5 %", "1 234,5".
    await form.getByLabel(percent.nb, { exact: true }).fill("12,5");
    await form.getByLabel(number.nb, { exact: true }).fill("1 234,5");
    await form.getByRole("button", { name: "Lagre endringer" }).click();
    await expect(page.getByTestId("record-panel")).toHaveCount(0);
    await expect(shown(page, percent).getByTestId("value")).toHaveText("12,5 %");
    await expect(shown(page, number).getByTestId("value")).toHaveText(/^1\s234,5$/);
    // The form gives them back as Norwegian writes them.
    await page.getByRole("link", { name: "Rediger", exact: true }).click();
    const again = await panel(page, testInfo, "record-panel");
    await expect(again.getByLabel(percent.nb, { exact: true })).toHaveValue("12,5");
    await expect(again.getByLabel(number.nb, { exact: true })).toHaveValue("1234,5");

    // A field's limits take one too.
    await page.goto(`${settingsScreen()}&${new URLSearchParams({ panel: "edit", key: percent.key })}`);
    const settings = await panel(page, testInfo, "field-panel");
    await expect(settings.getByLabel("Største verdi (%)")).toHaveValue("50");
    await settings.getByLabel("Største verdi (%)").fill("50,5");
    await settings.getByRole("button", { name: "Lagre endringer" }).click();
    await expect(page.getByTestId("field-panel")).toHaveCount(0);
    await page.goto(`${settingsScreen()}&${new URLSearchParams({ panel: "edit", key: percent.key })}`);
    await expect((await panel(page, testInfo, "field-panel")).getByLabel("Største verdi (%)")).toHaveValue("50,5");
  });
});
