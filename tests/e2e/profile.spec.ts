import zlib from "node:zlib";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { apiAs, runOf } from "./api.ts";
import { sessionTokens, signIn, submitSignIn, users } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";
import { invitationToken } from "./outbox.ts";

// The account settings (spec §2 /profile). The demo users are shared with tests running alongside: every test here
// invites a user of its own and changes only that user's names, image, password and language.

interface InvitedUser {
  email: string;
  name: string;
  password: string;
}

/** A new employee of this run, invited by the administrator through the API, registered with a password. */
async function inviteUser(browser: Browser, testInfo: TestInfo, run: string): Promise<InvitedUser> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, users.admin);
    const { access_token } = await sessionTokens(context);
    const call = async (method: string, apiPath: string, body?: object) => {
      const response = await fetch(`${process.env.E2E_API_URL}${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${access_token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const [erik] = await call("GET", "/api/iam/users/employees/autocomplete?query=erik");
    const role = (await call("GET", `/api/iam/users/employees/${erik.uuid}`)).role.uuid;
    const email = `profil-${run}@example.com`;
    await call("POST", "/api/iam/users/employees", {
      email,
      firstName: "Per",
      lastName: `Profil${run}`,
      roleUuid: role,
    });
    const password = `Fjellvann-profil-${run}-morgen`;
    const registered = await fetch(`${process.env.E2E_API_URL}/jwt/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: invitationToken(email), password }),
    });
    expect(registered.status).toBe(204);
    return { email, name: `Per Profil${run}`, password };
  } finally {
    await context.close();
  }
}

async function signInAs(page: Page, user: InvitedUser, to = "/") {
  await page.goto(to);
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByText(user.name).first()).toBeVisible();
}

/** The server's one-time notice: a toast with JavaScript, the notice at the top of the content without. */
async function expectNotice(page: Page, testInfo: TestInfo, text: string) {
  if (jsEnabled(testInfo)) await expect(page.getByText(text).first()).toBeVisible();
  else await expect(page.getByTestId("noscript-notice")).toContainText(text);
}

/** A real 2×2 PNG, built here: signature, header, one compressed image chunk, end. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 0, 128, 128, 0, 128, 128, 0, 0, 128, 128, 0, 128, 128]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test.describe("the account settings", () => {
  test("change the user's names, mobile and image", async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const run = runOf(testInfo);
    const user = await inviteUser(browser, testInfo, run);
    await signInAs(page, user, "/profile");
    await expect(page).toHaveURL(/\/profile\/user-profile$/);
    const sections = page.getByRole("navigation", { name: "Account settings" }).getByRole("link");
    await expect(sections).toHaveText(["User profile", "Change password", "Information", "Notifications", "Language"]);

    await page.getByLabel("Mobile").fill("not a number");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Must be a phone number")).toBeVisible();
    await page.getByLabel("First name").fill("Petra");
    await page.getByLabel("Mobile").fill("+47 912 34 567");
    await page.getByRole("button", { name: "Save" }).click();
    await expectNotice(page, testInfo, "Your profile was saved.");
    await expect(page.getByLabel("Mobile")).toHaveValue("+47 912 34 567");
    await expect(page.getByText(`Petra Profil${run}`).first()).toBeVisible();

    await page
      .getByLabel("Choose an image")
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("just text") });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The profile image must be a PNG, JPEG or WebP image" }),
    ).toBeVisible();

    await page
      .getByLabel("Choose an image")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: smallPng() });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expectNotice(page, testInfo, "Your profile image was saved.");
    const image = page.getByRole("img", { name: "Your profile image" });
    await expect(image).toBeVisible();
    // Visible comes before loaded: the picture's width is known once it has arrived.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    await page.getByRole("button", { name: "Remove image" }).click();
    await expectNotice(page, testInfo, "Your profile image was removed.");
    await expect(page.getByRole("img", { name: "Your profile image" })).toHaveCount(0);
  });

  test("change the password: a wrong current one and a weak new one are refused", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const user = await inviteUser(browser, testInfo, runOf(testInfo));
    await signInAs(page, user, "/profile/change-password");
    const fill = async (current: string, next: string, repeat = next) => {
      await page.getByLabel("Current password").fill(current);
      await page.getByLabel(/^New password/).fill(next);
      await page.getByLabel("Repeat the new password").fill(repeat);
      await page.getByRole("button", { name: "Change password" }).click();
    };
    await expect(page.getByText("From 12 to 200 characters")).toBeVisible();
    const newPassword = `${user.password}-ny`;
    await fill("not my password", newPassword);
    await expect(page.getByText("The current password is not correct")).toBeVisible();
    await fill(user.password, "password1234");
    await expect(page.getByText("This password is too common or easy to guess")).toBeVisible();
    await fill(user.password, newPassword, `${newPassword}x`);
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await fill(user.password, newPassword);
    await expectNotice(page, testInfo, "Your password was changed.");
    // Still signed in.
    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { name: "Information" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto("/");
    await submitSignIn(page, user.email, user.password);
    await expect(page.locator("#email")).toBeVisible();
    await submitSignIn(page, user.email, newPassword);
    await expect(page.getByText(user.name).first()).toBeVisible();
  });

  test("information shows the role's permissions in words", async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const user = await inviteUser(browser, testInfo, runOf(testInfo));
    await signInAs(page, user, "/profile/information");
    await expect(page.getByText("Employee").first()).toBeVisible();
    const companies = page.getByRole("row").filter({ hasText: "Companies" });
    await expect(companies).toContainText("create, view, change, delete");
    await expect(page.getByRole("row").filter({ hasText: "Users" })).toContainText("view");
    await expect(page.getByRole("row").filter({ hasText: "System settings" })).toHaveCount(0);
  });

  test("information names the role and every area in the user's language, a custom entity by its own names", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = runOf(testInfo);
    const key = `e2e_prof_${run}`;
    const admin = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, users.admin);
    const asAdmin = await apiAs(adminPage);
    // A new custom entity gives each role what it has on companies: an employee may work with it.
    await asAdmin("POST", "/api/custom_entities", {
      key,
      labelEn: `Venture ${run}`,
      labelNb: `Satsing ${run}`,
      pluralEn: `Ventures ${run}`,
      pluralNb: `Satsinger ${run}`,
      fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", partOfName: true }],
    });
    try {
      const user = await inviteUser(browser, testInfo, run);
      await signInAs(page, user, "/profile/information");
      await expect(page.getByText("Employee", { exact: true })).toBeVisible();
      const row = (name: string) => page.getByRole("row").filter({ hasText: name });
      await expect(row("Advanced search: global queries")).toContainText("view");
      await expect(row(`Ventures ${run}`)).toContainText("create, view, change, delete");
      await expect(page.getByRole("table")).not.toContainText("Advanced_Search");
      await expect(page.getByRole("table")).not.toContainText(key);

      await page.goto("/profile/language");
      await page.getByRole("radio", { name: "Norsk" }).check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Språk" })).toBeVisible();
      await page.goto("/profile/information");
      await expect(page.getByText("Ansatt", { exact: true })).toBeVisible();
      await expect(row("Avansert søk: felles spørringer")).toContainText("se");
      await expect(row(`Satsinger ${run}`)).toContainText("opprette, se, endre, slette");
      await expect(page.getByRole("table")).not.toContainText(key);
    } finally {
      // Access tokens here live seconds: a page's load gives the administrator a fresh one.
      await adminPage.goto("/");
      await (await apiAs(adminPage))("DELETE", `/api/custom_entities/${key}`);
      await admin.close();
    }
  });

  test("language switches the app to Norwegian and back", async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const user = await inviteUser(browser, testInfo, runOf(testInfo));
    await signInAs(page, user, "/profile/language");
    await page.getByRole("radio", { name: "Norsk" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Språk" })).toBeVisible();
    await expectNotice(page, testInfo, "Språket ditt er lagret.");
    await expect(page.getByRole("radio", { name: "Norsk" })).toBeChecked();
    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { name: "Informasjon" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Firmaer" })).toContainText("opprette, se, endre, slette");
    await page.goto("/profile/language");
    await page.getByRole("radio", { name: "English" }).check();
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByRole("heading", { name: "Language" })).toBeVisible();
  });
});

test.describe("the account settings in a Norwegian browser", () => {
  test.use({ locale: "nb-NO" });

  test("speak Norwegian and refuse a text file as an image in Norwegian", async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const user = await inviteUser(browser, testInfo, runOf(testInfo));
    await signInAs(page, user, "/profile");
    const sections = page.getByRole("navigation", { name: "Kontoinnstillinger" }).getByRole("link");
    await expect(sections).toHaveText(["Brukerprofil", "Endre passord", "Informasjon", "Varsler", "Språk"]);
    await page
      .getByLabel("Velg et bilde")
      .setInputFiles({ name: "bilde.png", mimeType: "image/png", buffer: Buffer.from("tekst") });
    await page.getByRole("button", { name: "Last opp bilde" }).click();
    await expect(page.getByText("Profilbildet må være et PNG-, JPEG- eller WebP-bilde")).toBeVisible();
    await page.goto("/profile/change-password");
    await page.getByLabel("Nåværende passord").fill("feil passord");
    await page.getByLabel(/^Nytt passord/).fill("kort");
    await page.getByLabel("Gjenta det nye passordet").fill("kort");
    await page.getByRole("button", { name: "Endre passord" }).click();
    await expect(page.getByText("Minst 12 tegn")).toBeVisible();
  });
});
