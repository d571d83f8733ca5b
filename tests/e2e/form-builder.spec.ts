import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiAs, runOf } from "./api.ts";
import { signIn } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/** A real 1×1 PNG: the API checks a banner's type by its content. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const blocks = (page: Page) => page.getByTestId("form-block");
const block = (page: Page, index: number) => blocks(page).nth(index);

/** The builder's code loads after the page: a click before it runs is a plain post, which the test does not mean. */
async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.locator("html[data-hydrated]").waitFor();
}

/** The server's one-time notice: a toast with JavaScript, the notice at the top of the content without. */
async function expectNotice(page: Page, testInfo: TestInfo, text: string) {
  if (jsEnabled(testInfo)) await expect(page.getByText(text).first()).toBeVisible();
  else await expect(page.getByTestId("noscript-notice")).toContainText(text);
}

async function fill(scope: Locator, label: string, value: string) {
  await scope.getByRole("textbox", { name: label, exact: true }).fill(value);
}

test("builds a form with every block kind: questions mapped and of their own, a title moved to the top", async ({
  page,
}, testInfo) => {
  const stamp = runOf(testInfo);
  await signIn(page, undefined, "/forms/create");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "New form" })).toBeVisible();
  // A new form starts with the contact's name and e-mail, saved to their fields.
  await expect(blocks(page)).toHaveCount(3);
  await expect(block(page, 2).getByLabel("Saved to")).toHaveValue("contact.email");
  await expect(block(page, 2).getByTestId("mapped-type")).toContainText("Answered as Email");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`Builder ${stamp}`);
  await page.getByLabel("Description").fill("Tell us about your project.");

  await page.getByRole("button", { name: "Add title" }).click();
  await expect(blocks(page)).toHaveCount(4);
  await fill(block(page, 3), "Heading", "About you");
  await fill(block(page, 3), "Paragraph", "A few details first.");
  for (const number of [4, 3, 2]) {
    await page.getByRole("button", { name: `Move Title ${number} up` }).click();
    await expect(page.getByRole("button", { name: `Move Title ${number - 1} up` })).toBeVisible();
  }
  await expect(block(page, 0)).toHaveAttribute("data-block-type", "TITLE");
  await expect(block(page, 0).getByLabel("Heading")).toHaveValue("About you");
  await expect(page.getByRole("button", { name: "Move Title 1 up" })).toBeDisabled();

  await page.getByRole("button", { name: "Add question" }).click();
  await fill(block(page, 4), "Question", "Company");
  await block(page, 4).getByLabel("Saved to").selectOption("company.name");
  await page.getByRole("button", { name: "Add question" }).click();
  await fill(block(page, 5), "Question", "Budget");
  await block(page, 5).getByLabel("Answer type").selectOption("List");
  await block(page, 5).getByLabel("Choices").fill("Small\nLarge");
  await block(page, 5).getByLabel("Help text").fill("A rough figure is fine.");
  await block(page, 5).getByText("Must be answered").click();

  await page.getByLabel("Button text").fill("Send");
  await page.getByLabel("Button colour").fill("#1a4d8f");
  await expect(page.getByTestId("submit-preview")).toHaveText(jsEnabled(testInfo) ? "Send" : "Submit");
  await page.getByText("Open: the form's page shows the form").click();
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}\/view$/);
  await expectNotice(page, testInfo, `The form Builder ${stamp} was created.`);
  const id = /\/forms\/([0-9a-f-]{36})\/view$/.exec(page.url())?.[1];
  const call = await apiAs(page);
  const saved = await call("GET", `/api/forms/${id}`);
  expect(saved).toMatchObject({
    title: `Builder ${stamp}`,
    description: "Tell us about your project.",
    submitLabelText: "Send",
    submitButtonColorCode: "#1a4d8f",
    open: true,
    acceptingResponse: true,
  });
  expect(
    saved.blocks.map((item: any) =>
      item.type === "TITLE"
        ? ["TITLE", item.heading]
        : [item.label, item.mergeWith && `${item.mergeWith.entity}.${item.mergeWith.field}`, item.inputType],
    ),
  ).toEqual([
    ["TITLE", "About you"],
    ["First name", "contact.first_name", "Text"],
    ["Last name", "contact.last_name", "Text"],
    ["Email", "contact.email", "Email"],
    ["Company", "company.name", "Text"],
    ["Budget", null, "List"],
  ]);
  expect(saved.blocks[5]).toMatchObject({ required: true, helpText: "A rough figure is fine." });
  expect(saved.blocks[5].options.map((option: any) => option.value)).toEqual(["Small", "Large"]);

  // The builder opens the saved form as it was.
  await page.goto(`/forms/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit Builder ${stamp}` })).toBeVisible();
  await expect(blocks(page)).toHaveCount(6);
  await expect(block(page, 5).getByLabel("Choices")).toHaveValue("Small\nLarge");
  await expect(block(page, 4).getByLabel("Saved to")).toHaveValue("company.name");
});

test("keeps the rules of §5: at least one question, hex colours, a title; nothing typed is lost", async ({
  page,
}, testInfo) => {
  await signIn(page, undefined, "/forms/create");
  await ready(page, testInfo);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("");
  for (const number of [3, 2, 1]) await page.getByRole("button", { name: `Remove Question ${number}` }).click();
  await expect(blocks(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Add title" }).click();
  await fill(block(page, 0), "Heading", "Only a heading");
  await page.getByLabel("Button colour").fill("green");
  await page.getByLabel("Description").fill("Kept as typed");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByTestId("blocks-error")).toHaveText("A form needs at least one question block.");
  await expect(page.getByText("Must be a colour such as #1A7F37")).toBeVisible();
  await expect(page.getByText("Required").first()).toBeVisible();
  await expect(page).toHaveURL(/\/forms\/create$/);
  await expect(page.getByLabel("Description")).toHaveValue("Kept as typed");
  await expect(block(page, 0).getByLabel("Heading")).toHaveValue("Only a heading");
});

test("edits a saved form, takes a banner (images only), and unlinks its fields after asking", async ({
  page,
}, testInfo) => {
  const stamp = runOf(testInfo);
  await signIn(page);
  const call = await apiAs(page);
  const form = await call("POST", "/api/forms", {
    title: `Edit me ${stamp}`,
    blocks: [
      { type: "TITLE", heading: "Hello" },
      { type: "QUESTION", label: "Email", mergeWith: { entity: "contact", field: "email" } },
    ],
  });
  await page.goto(`/forms/${form.uuid}/edit`);
  await ready(page, testInfo);
  await fill(block(page, 1), "Question", "Your e-mail");
  await page.getByText("Signed-in users only").click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${form.uuid}/view$`));
  await expectNotice(page, testInfo, `Changes to the form Edit me ${stamp} were saved.`);
  expect(await (await apiAs(page))("GET", `/api/forms/${form.uuid}`)).toMatchObject({
    version: 2,
    accessibility: "login",
    blocks: [{ heading: "Hello" }, { label: "Your e-mail" }],
  });

  await page.goto(`/forms/${form.uuid}/edit`);
  await ready(page, testInfo);
  const banner = page.getByTestId("banner-section");
  await expect(banner).toContainText("The form has no banner.");
  await banner
    .getByLabel("Image")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  if (!jsEnabled(testInfo)) await banner.getByRole("button", { name: "Upload banner" }).click();
  await expect(banner.getByText("File type not supported")).toBeVisible();
  await banner.getByLabel("Image").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PNG });
  await banner.getByRole("button", { name: "Upload banner" }).click();
  await expectNotice(page, testInfo, "The banner was saved.");
  await expect(page.getByRole("img", { name: "The form's banner" })).toBeVisible();

  await page.getByRole("link", { name: "Unlink fields" }).click();
  const dialog = page.getByTestId("unlink-dialog");
  await expect(dialog).toContainText(`Unlink the fields of Edit me ${stamp}?`);
  await dialog.getByRole("button", { name: "Unlink fields" }).click();
  await expectNotice(page, testInfo, "The fields were unlinked.");
  // The browser suite's tokens live 8 seconds: the page has refreshed the session's since.
  const unlinked = await (await apiAs(page))("GET", `/api/forms/${form.uuid}`);
  expect(unlinked.blocks).toHaveLength(1);
  expect(unlinked.blocks[0]).toMatchObject({ label: "Your e-mail", mergeWith: null });
  expect(unlinked.bannerUrl).not.toBeNull();
});

test("with JavaScript, a block is dragged into place by its handle; without, the arrows are the way", async ({
  page,
}, testInfo) => {
  // The three blocks in view at once: a drag that scrolls the page is a test of the browser, not of the builder.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await signIn(page, undefined, "/forms/create");
  await ready(page, testInfo);
  await expect(blocks(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Move Question 3 up" })).toBeEnabled();
  if (!jsEnabled(testInfo)) {
    await expect(page.getByTestId("block-handle")).toHaveCount(0);
    return;
  }
  await block(page, 2)
    .getByTestId("block-handle")
    .dragTo(block(page, 0), { targetPosition: { x: 20, y: 5 } });
  await expect(block(page, 0).getByRole("textbox", { name: "Question", exact: true })).toHaveValue("Email");
  await expect(block(page, 1).getByRole("textbox", { name: "Question", exact: true })).toHaveValue("First name");
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("the builder speaks Norwegian, its messages included", async ({ page }, testInfo) => {
    await signIn(page, undefined, "/forms/create");
    await ready(page, testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Nytt skjema" })).toBeVisible();
    await expect(block(page, 0).getByLabel("Spørsmål", { exact: true })).toHaveValue("Fornavn");
    await page.getByLabel("Knappefarge").fill("grønn");
    await page.getByRole("button", { name: "Legg til spørsmål" }).click();
    await expect(blocks(page)).toHaveCount(4);
    await page.getByRole("button", { name: "Lagre", exact: true }).click();
    await expect(page.getByText("Må være en farge som #1A7F37")).toBeVisible();
    await expect(block(page, 3).getByText("Påkrevd")).toBeVisible();
  });
});
