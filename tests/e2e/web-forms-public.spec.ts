import { gzipSync } from "node:zlib";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiAs, type Call, runOf } from "./api.ts";
import { submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** This run's forms (one set per project, made once for the file). */
const run = {
  stamp: "",
  open: "",
  openId: "",
  closed: "",
  login: "",
  spam: "",
  spamId: "",
  blockIds: {} as Record<string, string>,
};

const PARTNER = "https://partner.example";

async function asAdmin(browser: Browser, testInfo: TestInfo, use: (call: Call) => Promise<void>) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await submitSignIn(page, users.admin.email);
  await expect(page.getByText(users.admin.name).first()).toBeVisible();
  await use(await apiAs(page));
  await context.close();
}

const question = (label: string, extra: object = {}) => ({ type: "QUESTION", label, ...extra });

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }, testInfo) => {
  run.stamp = runOf(testInfo);
  await asAdmin(browser, testInfo, async (call) => {
    const open = await call("POST", "/api/forms", {
      title: `Event sign-up ${run.stamp}`,
      description: "Tell us who is coming.",
      submitLabelText: "Send answers",
      submitButtonColorCode: "#1a4d8f",
      submitLabelColorCode: "#ffffff",
      thankYouPageTitle: "See you there!",
      thankYouPageParagraph: "We have your answers.",
      open: true,
      allowedSites: [PARTNER],
      blocks: [
        { type: "TITLE", heading: "About you", paragraph: "A few details first." },
        question("Full name", { required: true, helpText: "As on your badge" }),
        question("E-mail", { mergeWith: { entity: "contact", field: "email" }, required: true }),
        question("Guests", { fieldType: "Number" }),
        question("Menu", { fieldType: "List", options: ["Fish", "Vegetarian"] }),
        question("Sessions", { fieldType: "MultiSelect", options: ["Morning", "Afternoon"] }),
        question("Comments", { fieldType: "LongText" }),
      ],
    });
    run.open = open.publicId;
    run.openId = open.uuid;
    for (const block of open.blocks) if (block.type === "QUESTION") run.blockIds[block.label] = block.id;
    const closed = await call("POST", "/api/forms", {
      title: `Last year's survey ${run.stamp}`,
      blocks: [question("Anything else?")],
    });
    run.closed = closed.publicId;
    const login = await call("POST", "/api/forms", {
      title: `Staff lunch ${run.stamp}`,
      open: true,
      accessibility: "login",
      blocks: [question("Allergies")],
    });
    run.login = login.publicId;
    const spam = await call("POST", "/api/forms", {
      title: `Newsletter ${run.stamp}`,
      open: true,
      blocks: [question("E-mail", { mergeWith: { entity: "contact", field: "email" }, required: true })],
    });
    run.spam = spam.publicId;
    run.spamId = spam.uuid;
  });
});

const opened = async (page: Page, publicId: string) => {
  await page.goto(`/f/${publicId}`);
  // The token is good 3 seconds after the page was shown.
  return Date.now();
};

test("an anonymous visitor answers the form: errors keep what was typed, and the thank-you page follows", async ({
  page,
  browser,
}, testInfo) => {
  const shown = await opened(page, run.open);
  // A box ticked before the page's code runs would be unticked by it, as on every form: the test waits, as people do.
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByRole("heading", { level: 1, name: `Event sign-up ${run.stamp}` })).toBeVisible();
  await expect(page.getByText("Tell us who is coming.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "About you" })).toBeVisible();
  await expect(page.getByText("As on your badge")).toBeVisible();
  // No app shell for a visitor: only the form.
  await expect(page.getByRole("navigation")).toHaveCount(0);

  const email = `guest.${run.stamp}@example.com`;
  // The box first: a box's label clicked just after a select was changed is not ticked with JavaScript (the record
  // form's controls do the same), which this test does not cover.
  await page.getByText("Afternoon").click();
  await expect(page.getByRole("checkbox", { name: "Afternoon" })).toBeChecked();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Guests").fill("lots");
  await page.getByLabel("Menu").selectOption("Vegetarian");
  await page.getByLabel("Comments").fill("Arriving late");
  const send = page.getByRole("button", { name: "Send answers" });
  await expect(send).toHaveCSS("background-color", "rgb(26, 77, 143)");

  if (jsEnabled(testInfo)) {
    // The page's schema checks first: the missing name and the number that is none.
    await send.click();
    await expect(page.getByText("Required")).toHaveCount(2);
  } else {
    // The browser itself holds back a form with a required answer missing; the server checks the rest.
    await send.click();
    await expect(page.locator("input:invalid")).toHaveCount(1);
    await page.getByLabel("Full name").fill("Grace Guest");
    await send.click();
    await expect(page.getByText("Required")).toHaveCount(1);
    await expect(page.getByLabel("Full name")).toHaveValue("Grace Guest");
  }
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Guests")).toHaveValue("lots");
  await expect(page.getByLabel("Menu")).toHaveValue("Vegetarian");
  await expect(page.getByRole("checkbox", { name: "Afternoon" })).toBeChecked();
  await expect(page.getByLabel("Comments")).toHaveValue("Arriving late");

  await page.getByLabel("Full name").fill("Grace Guest");
  await page.getByLabel("Guests").fill("2");
  await page.waitForTimeout(Math.max(0, shown + 3_500 - Date.now()));
  await send.click();
  await expect(page.getByRole("heading", { level: 1, name: "See you there!" })).toBeVisible();
  await expect(page.getByText("We have your answers.")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/f/${run.open}/thanks`);

  await asAdmin(browser, testInfo, async (call) => {
    const submissions = await call("GET", `/api/forms/${run.openId}/submissions?q=${encodeURIComponent(email)}`);
    expect(submissions.content).toHaveLength(1);
    expect(Object.values(submissions.content[0].answers)).toEqual(
      expect.arrayContaining(["Grace Guest", email, 2, "Vegetarian", ["Afternoon"], "Arriving late"]),
    );
  });
});

test("a closed form says so, an unknown one is not found, and a login form sends the visitor to sign in", async ({
  page,
}) => {
  await page.goto(`/f/${run.closed}`);
  await expect(page.getByRole("heading", { level: 1, name: `Last year's survey ${run.stamp}` })).toBeVisible();
  await expect(page.getByTestId("form-state")).toHaveText("This form is closed.");
  await expect(page.getByRole("button")).not.toContainText(["Submit"]);

  const unknown = await page.goto("/f/no-such-form");
  expect(unknown?.status()).toBe(404);

  await page.goto(`/f/${run.login}`);
  await expect(page).toHaveURL(/\/auth\/login/);
  await submitSignIn(page, users.employee.email);
  await expect(page.getByRole("heading", { level: 1, name: `Staff lunch ${run.stamp}` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/f/${run.login}`);
});

test("only the form's own sites may frame it, and only its own page may post it", async ({ page }) => {
  const open = await page.request.get(`/f/${run.open}`);
  // A plain page: its HTML, with the whole form and its styles, stays within 15 KiB compressed.
  const weight = gzipSync(await open.body()).length;
  console.log(`/f/{publicId}, seven blocks: ${weight} bytes gzip`);
  expect(weight).toBeLessThan(15 * 1024);
  expect(open.headers()["content-security-policy"]).toContain(`frame-ancestors ${PARTNER};`);
  expect(open.headers()["x-frame-options"]).toBeUndefined();
  const closed = await page.request.get(`/f/${run.closed}`);
  expect(closed.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(closed.headers()["x-frame-options"]).toBe("DENY");

  // Posts come from the page itself: another site's, even an allowed one, is refused (React Router's own check
  // answers 400 for a page, the origin check 403 for the rest), and nothing is taken.
  for (const origin of [PARTNER, "https://elsewhere.example"]) {
    const post = await page.request.post(`/f/${run.open}`, {
      headers: { Origin: origin },
      form: { token: "", website: "" },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(post.status());
    expect(await post.text()).not.toContain("<form");
  }
  expect((await page.request.post("/resources/preferences", { headers: { Origin: PARTNER } })).status()).toBe(403);
});

test("keeps robots out without a puzzle: a form sent too fast, a filled honeypot, a sixth response from one address", async ({
  page,
  browser,
}, testInfo) => {
  // Seven pages, each answered no sooner than a person could.
  test.slow();
  const email = page.getByLabel("E-mail");
  const send = page.getByRole("button", { name: "Submit" });
  const answer = async (value: string, { wait = true } = {}) => {
    const shown = await opened(page, run.spam);
    if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
    await email.fill(value);
    if (wait) await page.waitForTimeout(Math.max(0, shown + 3_500 - Date.now()));
  };

  // Sent at once after the page was shown: nobody reads and types that fast.
  await answer(`quick.${run.stamp}@example.com`, { wait: false });
  await send.click();
  await expect(page.getByTestId("form-error")).toHaveText("That was quick. Wait a moment and send the form again.");
  await expect(email).toHaveValue(`quick.${run.stamp}@example.com`);

  // A robot fills every field it finds, the one people never see or reach too.
  await answer(`robot.${run.stamp}@example.com`);
  await page.locator('input[name="website"]').evaluate((input) => {
    (input as HTMLInputElement).value = "https://spam.example";
  });
  await send.click();
  await expect(page.getByTestId("form-error")).toHaveText("The response was refused.");

  // Five responses from one address in ten minutes are taken; the sixth is refused, and its answer kept.
  for (let n = 1; n <= 5; n++) {
    await answer(`person${n}.${run.stamp}@example.com`);
    await send.click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  }
  await answer(`sixth.${run.stamp}@example.com`);
  await send.click();
  await expect(page.getByTestId("form-error")).toHaveText("Too many responses. Try again later.");
  await expect(email).toHaveValue(`sixth.${run.stamp}@example.com`);

  // What was refused is counted, never stored.
  await asAdmin(browser, testInfo, async (call) => {
    const form = await call("GET", `/api/forms/${run.spamId}`);
    expect(form.submissionCount).toBe(5);
    expect(form.refusals).toMatchObject({ tooFast: 1, honeypot: 1, addressLimit: 1 });
  });
});

test("a token the API refuses as stale or forged is replaced, and the answers are kept", async ({ page }) => {
  const response = await page.request.post(`/f/${run.open}`, {
    form: {
      [run.blockIds["Full name"]]: "Grace Guest",
      [run.blockIds["E-mail"]]: `forged.${run.stamp}@example.com`,
      token: "not-a-token",
      website: "",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  // The page as a browser without JavaScript would show it.
  const html = await response.text();
  expect(html).toContain("The form had expired. Check your answers and send it again.");
  expect(html).toContain('value="Grace Guest"');
  expect(html).toContain(`value="forged.${run.stamp}@example.com"`);
  const token = /name="token" value="([^"]*)"/.exec(html)?.[1];
  expect(token).toMatch(/\S{20,}/);
  expect(token).not.toBe("not-a-token");
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("a visitor reads the page in the browser's language and may switch it", async ({ page }) => {
    await page.goto(`/f/${run.closed}`);
    await expect(page.getByTestId("form-state")).toHaveText("Dette skjemaet er stengt.");
    await page.getByRole("button", { name: "EN" }).click();
    await expect(page.getByTestId("form-state")).toHaveText("This form is closed.");
    expect(new URL(page.url()).pathname).toBe(`/f/${run.closed}`);
  });
});
