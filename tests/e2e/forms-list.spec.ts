import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiAs, type Call, runOf } from "./api.ts";
import { signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** This run's forms (one set per project, made once for the file). */
const run = {
  stamp: "",
  alpha: { uuid: "", publicId: "" },
  beta: { uuid: "", publicId: "" },
  gamma: { uuid: "", publicId: "" },
  answered: { uuid: "", publicId: "" },
};

const PARTNER = "https://partner.example";
/** The forms of this run beyond the four named ones: 21 in all, one more than a page. */
const PAGING = 17;

const question = (label: string, extra: object = {}) => ({ type: "QUESTION", label, ...extra });

const titles = {
  alpha: () => `Alpha sign-up ${run.stamp}`,
  beta: () => `Beta survey ${run.stamp}`,
  gamma: () => `Gamma lunch ${run.stamp}`,
  answered: () => `Delta answered ${run.stamp}`,
};

async function asAdmin(browser: Browser, testInfo: TestInfo, use: (call: Call) => Promise<void>) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await submitSignIn(page, users.admin.email);
  await expect(page.getByText(users.admin.name).first()).toBeVisible();
  await use(await apiAs(page));
  await context.close();
}

/** A fresh token for the public form, as its page would get one. */
async function publicToken(publicId: string): Promise<string> {
  const response = await fetch(`${process.env.E2E_API_URL}/api/public/forms/${publicId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function submit(publicId: string, body: object) {
  return fetch(`${process.env.E2E_API_URL}/api/public/forms/${publicId}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }, testInfo) => {
  run.stamp = runOf(testInfo);
  await asAdmin(browser, testInfo, async (call) => {
    const make = async (body: object) => {
      const form = await call("POST", "/api/forms", body);
      return { uuid: form.uuid as string, publicId: form.publicId as string, blocks: form.blocks };
    };
    for (let index = 1; index <= PAGING; index++) {
      await make({ title: `Paging ${index} ${run.stamp}`, open: true, blocks: [question("Name")] });
    }
    run.alpha = await make({
      title: titles.alpha(),
      description: "Sign up for the autumn event.",
      open: true,
      allowedSites: [PARTNER],
      blocks: [question("Name", { required: true })],
    });
    run.beta = await make({ title: titles.beta(), blocks: [question("Anything else?")] });
    run.gamma = await make({
      title: titles.gamma(),
      open: true,
      acceptingResponse: false,
      accessibility: "login",
      blocks: [question("Allergies")],
    });
    const answered = await make({ title: titles.answered(), open: true, blocks: [question("Name")] });
    run.answered = answered;
  });

  // One response, and two refused: one sent too soon after its page, one with the hidden field filled in.
  const blockId = (
    (await (await fetch(`${process.env.E2E_API_URL}/api/public/forms/${run.answered.publicId}`)).json()) as {
      blocks: { id: string }[];
    }
  ).blocks[0].id;
  const [hasty, robot, person] = await Promise.all([1, 2, 3].map(() => publicToken(run.answered.publicId)));
  expect((await submit(run.answered.publicId, { answers: { [blockId]: "Hasty" }, token: hasty })).status).toBe(400);
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const trapped = await submit(run.answered.publicId, { answers: { [blockId]: "Bot" }, token: robot, honeypot: "x" });
  expect(trapped.status).toBeGreaterThanOrEqual(400);
  const taken = await submit(run.answered.publicId, { answers: { [blockId]: "Grace Guest" }, token: person });
  expect(taken.status).toBe(201);
});

const rows = (page: Page) => page.getByTestId("forms").locator("tbody tr");
const rowOf = (page: Page, title: string) => rows(page).filter({ hasText: title });
const footer = (page: Page) => page.getByTestId("list-footer");

/** The toast with JavaScript (an earlier one may still be leaving), the notice at the top of the page without. */
const notice = (page: Page, testInfo: TestInfo, text: string) =>
  page.getByTestId(jsEnabled(testInfo) ? "toast" : "noscript-notice").filter({ hasText: text });

const menuEntry = (page: Page, name: string) =>
  page.getByRole("navigation", { name: /^(Main menu|Hovedmeny)$/ }).getByRole("link", { name, exact: true });

async function search(page: Page, filters: { q?: string; status?: string; accepting?: string }) {
  const bar = page.getByRole("search");
  if (filters.q !== undefined) await bar.getByRole("searchbox").fill(filters.q);
  if (filters.status !== undefined) await bar.getByRole("combobox", { name: "Status" }).selectOption(filters.status);
  if (filters.accepting !== undefined) {
    await bar.getByRole("combobox", { name: "Accepting responses" }).selectOption(filters.accepting);
  }
  await bar.getByRole("button", { name: "Search" }).click();
}

test("the menu leads to the forms, which are searched, filtered and paged", async ({ page }, testInfo) => {
  await signIn(page, users.admin);
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
  await menuEntry(page, "Forms").first().click();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(page.getByRole("heading", { name: "Forms", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New form" }).first()).toHaveAttribute("href", "/forms/create");

  await search(page, { q: run.stamp });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${run.stamp}`));
  await expect(footer(page)).toHaveText("Showing 1 to 20 of 21 entries");
  await expect(rows(page)).toHaveCount(20);
  for (const header of ["Title", "Status", "Accepting responses", "Who may answer", "Submissions", "Owner"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("columnheader", { name: "Last changed" })).toBeVisible();

  // Each title links to its overview, and its count of submissions to its submissions.
  const answered = rowOf(page, titles.answered());
  await expect(answered.getByRole("link", { name: titles.answered(), exact: true })).toHaveAttribute(
    "href",
    `/forms/${run.answered.uuid}/view`,
  );
  await expect(answered.getByRole("link", { name: `1 submission to ${titles.answered()}` })).toHaveAttribute(
    "href",
    `/forms/${run.answered.uuid}/submissions`,
  );
  await expect(answered).toContainText("Ada Admin");
  await expect(answered).toContainText(new Date().getFullYear().toString());
  const gamma = rowOf(page, titles.gamma());
  await expect(gamma.getByTestId("form-open")).toHaveText("Open");
  await expect(gamma).toContainText("No");
  await expect(gamma).toContainText("Signed-in users");
  const beta = rowOf(page, titles.beta());
  await expect(beta.getByTestId("form-open")).toHaveText("Closed");
  await expect(beta).toContainText("Yes");
  await expect(beta).toContainText("Anyone with the link");

  // The second page, by its link.
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(footer(page)).toHaveText("Showing 21 to 21 of 21 entries");
  await expect(rows(page)).toHaveCount(1);

  // The filters: closed ones, then open ones not accepting responses.
  await search(page, { q: run.stamp, status: "closed" });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(titles.beta());
  await expect(footer(page)).toHaveText("Showing 1 to 1 of 1 entries");
  await search(page, { status: "open", accepting: "false" });
  await expect(page).toHaveURL(/status=open&accepting=false/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(titles.gamma());
  await search(page, { status: "", accepting: "true" });
  await expect(footer(page)).toHaveText("Showing 1 to 20 of 20 entries");
  await expect(rowOf(page, titles.gamma())).toHaveCount(0);

  // A search of one title, a search too short to be one, and one that finds nothing.
  await search(page, { q: `Alpha sign-up ${run.stamp}`, accepting: "" });
  await expect(rows(page)).toHaveCount(1);
  await page.goto("/forms?q=Al");
  await expect(page.getByTestId("search-hint")).toHaveText("Type at least 3 characters to search.");
  await page.goto(`/forms?q=${encodeURIComponent(`nothing ${run.stamp}`)}`);
  await expect(page.getByTestId("empty-state")).toContainText("No forms match");
  await page.getByTestId("empty-state").getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/forms$/);
});

test("a form's overview shows its state, counts, refusals, public link and snippets", async ({
  page,
  context,
}, testInfo) => {
  await signIn(page, users.admin, `/forms/${run.answered.uuid}/view`);
  await expect(page.getByRole("heading", { name: titles.answered(), level: 1 })).toBeVisible();
  await expect(page.getByTestId("form-open")).toHaveText("Open");
  await expect(page.getByTestId("form-accepting")).toHaveText("Accepting responses");
  await expect(page.getByTestId("form-access")).toHaveText("Anyone with the link");
  await expect(page.getByTestId("submission-count")).toHaveText("1 submission");
  await expect(page.getByTestId("submission-count")).toHaveAttribute("href", `/forms/${run.answered.uuid}/submissions`);
  const counts = page.getByTestId("form-counts");
  await expect(counts).toContainText("2 submissions refused");
  await expect(counts.getByRole("row", { name: "Sent too fast 1" })).toBeVisible();
  await expect(counts.getByRole("row", { name: "Hidden field filled in (a robot) 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
    "href",
    `/forms/${run.answered.uuid}/edit`,
  );
  await expect(page.getByRole("link", { name: "Submissions", exact: true })).toHaveAttribute(
    "href",
    `/forms/${run.answered.uuid}/submissions`,
  );
  await expect(page.getByRole("link", { name: "Open the public page" })).toHaveAttribute(
    "href",
    `/f/${run.answered.publicId}`,
  );

  // Alpha: a description, allowed sites, and the snippets for another site.
  await page.goto(`/forms/${run.alpha.uuid}/view`);
  await expect(page.getByTestId("form-description")).toHaveText("Sign up for the autumn event.");
  await expect(page.getByTestId("form-counts")).toContainText("0 submissions");
  await expect(page.getByTestId("form-counts")).toContainText("No submissions have been refused.");
  const publicUrl = `${new URL(page.url()).origin}/f/${run.alpha.publicId}`;
  await expect(page.getByTestId("public-link")).toHaveValue(publicUrl);
  await expect(page.getByTestId("iframe-snippet")).toHaveValue(
    `<iframe src="${publicUrl}" title="${titles.alpha()}" width="100%" height="800" style="border:0" loading="lazy"></iframe>`,
  );
  await expect(page.getByTestId("link-snippet")).toHaveValue(`<a href="${publicUrl}">${titles.alpha()}</a>`);
  await expect(page.getByTestId("allowed-sites")).toContainText("Only these sites may show the form in a frame");
  await expect(page.getByTestId("allowed-sites").getByRole("listitem")).toHaveText([PARTNER]);

  const share = page.getByTestId("form-share");
  if (jsEnabled(testInfo)) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.locator("html[data-hydrated]").waitFor();
    await share.getByRole("button", { name: "Copy iframe snippet" }).click();
    await expect(share.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`<iframe src="${publicUrl}"`);
    await share.getByRole("button", { name: "Copy link", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
  } else {
    // Without JavaScript the boxes are there to select from; a copy button could not copy.
    await expect(share.getByRole("button")).toHaveCount(0);
  }

  // A form that is closed says what its visitors see, and no site may frame it.
  await page.goto(`/forms/${run.beta.uuid}/view`);
  await expect(page.getByTestId("form-open")).toHaveText("Closed");
  await expect(page.getByTestId("allowed-sites")).toContainText("No other site may show the form in a frame");
  await expect(page.getByTestId("form-share")).toContainText("The form is closed");
});

test("the form is opened and its responses stopped from its overview; a stale page is refused", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, users.admin, `/forms/${run.beta.uuid}/view`);
  await page.getByRole("button", { name: "Open the form" }).click();
  await expect(notice(page, testInfo, `${titles.beta()} is open`)).toBeVisible();
  await expect(page.getByTestId("form-open")).toHaveText("Open");
  await page.getByRole("button", { name: "Stop responses" }).click();
  await expect(notice(page, testInfo, `${titles.beta()} is no longer accepting responses`)).toBeVisible();
  await expect(page.getByTestId("form-accepting")).toHaveText("Not accepting responses");
  await expect(page.getByRole("button", { name: "Accept responses" })).toBeVisible();
  // The rest of the form is as it was: its question still asked, and visitors told it takes no answers.
  await page.goto(`/f/${run.beta.publicId}`);
  await expect(page.getByTestId("form-state")).toHaveText("This form is not accepting responses.");

  // Someone else changes the form while the page is open: the switch on the stale page is refused.
  await page.goto(`/forms/${run.beta.uuid}/view`);
  await asAdmin(browser, testInfo, async (call) => {
    const form = await call("GET", `/api/forms/${run.beta.uuid}`);
    await call("PUT", `/api/forms/${run.beta.uuid}`, {
      title: form.title,
      open: form.open,
      acceptingResponse: form.acceptingResponse,
      description: "Changed elsewhere",
      blocks: [question("Anything else?")],
      version: form.version,
    });
  });
  await page.getByRole("button", { name: "Close the form" }).click();
  await expect(page.getByTestId("error-dialog")).toContainText("This record is outdated, please reopen the form.");
  await page
    .getByTestId("error-dialog")
    .getByRole("button", { name: "Close" })
    .or(page.getByTestId("error-dialog").getByRole("link", { name: "Close" }))
    .click();
  await expect(page.getByTestId("error-dialog")).toHaveCount(0);
  await page.goto(`/forms/${run.beta.uuid}/view`);
  await expect(page.getByTestId("form-open")).toHaveText("Open");
  await expect(page.getByTestId("form-description")).toHaveText("Changed elsewhere");
});

test("a form without responses is deleted after the question; one with a response is refused", async ({
  page,
  browser,
}, testInfo) => {
  let spare = "";
  await asAdmin(browser, testInfo, async (call) => {
    spare = (await call("POST", "/api/forms", { title: `Spare ${run.stamp}`, blocks: [question("Name")] })).uuid;
  });
  await signIn(page, users.admin, `/forms/${spare}/view`);
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(`Delete Spare ${run.stamp}? This cannot be undone.`);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/forms/${spare}/view$`));
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(notice(page, testInfo, `Spare ${run.stamp} was deleted`)).toBeVisible();
  const gone = await page.goto(`/forms/${spare}/view`);
  expect(gone?.status()).toBe(404);

  await page.goto(`/forms/${run.answered.uuid}/view`);
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("error-dialog")).toContainText("Cannot delete Form with a response.");
  await page.goto(`/forms/${run.answered.uuid}/view`);
  await expect(page.getByRole("heading", { name: titles.answered(), level: 1 })).toBeVisible();
});

test("a user without Form Read has no Forms in the menu, and the forms' pages are refused", async ({ page }) => {
  await signIn(page, users.employee, "/companies");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(menuEntry(page, "Forms")).toHaveCount(0);
  await expect(menuEntry(page, "Companies").first()).toBeVisible();
  for (const path of ["/forms", `/forms/${run.alpha.uuid}/view`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Oops! You do not have access to this page.")).toBeVisible();
  }
});

test("the list and a form's overview have no serious accessibility violation", async ({ browser }, testInfo) => {
  // axe runs as a script in the page: judged with JavaScript, on the markup the server sends either way.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await signIn(page, users.admin, `/forms?q=${run.stamp}`);
    const found: Record<string, unknown> = {};
    for (const path of [`/forms?q=${run.stamp}`, `/forms/${run.answered.uuid}/view`, "/forms?q=nothing-at-all"]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 5).map((node) => node.target) }));
      if (serious.length > 0) found[path] = serious;
    }
    expect(found).toEqual({});
  } finally {
    await context.close();
  }
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the list, its filters and a form's overview speak Norwegian", async ({ page }, testInfo) => {
    await page.goto("/");
    await submitSignIn(page, users.admin.email);
    await expect(menuEntry(page, "Skjemaer").first()).toBeVisible();
    if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
    await menuEntry(page, "Skjemaer").first().click();
    await expect(page.getByRole("heading", { name: "Skjemaer", level: 1 })).toBeVisible();
    const bar = page.getByRole("search");
    await bar.getByRole("searchbox").fill(run.stamp);
    await bar.getByRole("combobox", { name: "Tar imot svar" }).selectOption({ label: "Tar ikke imot svar" });
    await bar.getByRole("button", { name: "Søk" }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(footer(page)).toHaveText("Viser 1 til 2 av 2 oppføringer");
    for (const header of ["Tittel", "Status", "Tar imot svar", "Hvem kan svare", "Svar", "Eier", "Sist endret"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    const gamma = rowOf(page, titles.gamma());
    await expect(gamma.getByTestId("form-open")).toHaveText("Åpent");
    await expect(gamma).toContainText("Nei");
    await expect(gamma).toContainText("Påloggede brukere");
    await expect(rowOf(page, titles.beta())).toContainText("Alle med lenken");

    await page.goto(`/forms/${run.answered.uuid}/view`);
    await expect(page.getByTestId("form-accepting")).toHaveText("Tar imot svar");
    await expect(page.getByTestId("submission-count")).toHaveText("1 svar");
    await expect(page.getByTestId("form-counts").getByRole("row", { name: "Sendt for raskt 1" })).toBeVisible();
    await expect(page.getByText("Offentlig lenke")).toBeVisible();
    await expect(page.getByRole("button", { name: "Steng skjemaet" })).toBeVisible();
    await page.getByRole("link", { name: "Slett", exact: true }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Slett" }).click();
    await expect(page.getByTestId("error-dialog")).toContainText("Kan ikke slette et skjema som har svar.");
  });
});
