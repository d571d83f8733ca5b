import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_IMAGE_MAX_BYTES, profileTexts } from "../../server/contract/profile.ts";
import { english } from "../support/messages.ts";
import { authorize, bearer, DEMO_PASSWORD, refresh, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody, pngFile } from "../support/upload-files.ts";

/** The first bytes of a JPEG and of a WebP image: what their types are known by. */
const jpegFile = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64),
]);
const webpFile = (() => {
  const body = Buffer.concat([Buffer.from("WEBPVP8 "), Buffer.alloc(32)]);
  const header = Buffer.alloc(8);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
})();
const NEW_PASSWORD = "kveldssol over Nordfjord 1987";

describe(`the signed-in user's profile on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;

  const call = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const uploadImage = (tokens: Tokens, file: { name: string; content: Buffer | string; type?: string }) => {
    const body = multipartBody({}, file);
    return t.app.inject({
      method: "PUT",
      url: "/api/me/profile_image",
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the user their own profile: names, email, role, groups, and no image yet", async () => {
    const response = await call("GET", "/api/me/profile", employee);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email: "employee@example.com",
      firstName: "Erik",
      lastName: "Nordmann",
      mobile: null,
      role: { name: "Employee" },
      companyAdmin: false,
      image: null,
    });
    expect(Array.isArray(response.json().groups)).toBe(true);
    // Every entity's names, so that the page of the user's permissions names none by its key.
    expect(response.json().entities).toEqual(
      expect.arrayContaining([{ resource: "Company", labelEn: "Companies", labelNb: "Firmaer" }]),
    );
    expect((await t.app.inject({ method: "GET", url: "/api/me/profile" })).statusCode).toBe(401);
  });

  it("checks names and mobile with the product's texts, and saves them trimmed", async () => {
    const refused = await call("PUT", "/api/me/profile", reader, {
      firstName: "  ",
      lastName: "x".repeat(256),
      mobile: "call me",
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({
      firstName: "Required",
      lastName: "Max 255 limit",
      mobile: english(profileTexts.invalidMobile),
    });
    for (const mobile of ["12", "+47 12a45678", "1".repeat(21), "()"]) {
      const response = await call("PUT", "/api/me/profile", reader, { firstName: "Rita", lastName: "Reader", mobile });
      expect(errorsOf(response), mobile).toEqual({ mobile: english(profileTexts.invalidMobile) });
    }
    expect(errorsOf(await call("PUT", "/api/me/profile", reader, { lastName: "Reader" }))).toEqual({
      firstName: "Required",
    });

    const saved = await call("PUT", "/api/me/profile", reader, {
      firstName: "  Rita Marie ",
      lastName: " Leser ",
      mobile: " +47 (22) 33-44.55 ",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: "Rita Marie", lastName: "Leser", mobile: "+47 (22) 33-44.55" });
    expect((await call("GET", "/api/me/info", reader)).json()).toMatchObject({
      firstName: "Rita Marie",
      lastName: "Leser",
    });
    const cleared = await call("PUT", "/api/me/profile", reader, { firstName: "Rita", lastName: "Reader", mobile: "" });
    expect(cleared.json().mobile).toBeNull();
  });

  it("changes only the signed-in user's own profile, whatever ids the request carries", async () => {
    const adminId = (await call("GET", "/api/me/info", admin)).json().uuid as string;
    const employeeId = (await call("GET", "/api/me/info", employee)).json().uuid as string;
    const before = (await call("GET", `/api/iam/users/employees/${adminId}`, admin)).json();

    const sneaky = await call("PUT", "/api/me/profile", employee, {
      uuid: adminId,
      id: adminId,
      userUuid: adminId,
      firstName: "Erik",
      lastName: "Nordmann",
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().uuid).toBe(employeeId);
    expect((await call("GET", `/api/iam/users/employees/${adminId}`, admin)).json()).toEqual(before);

    // No route changes a profile by id, and none reads another's profile.
    for (const [method, url] of [
      ["PUT", `/api/me/profile/${adminId}`],
      ["PUT", `/api/iam/users/employees/${adminId}/profile`],
      ["PUT", `/api/iam/users/employees/${adminId}/image`],
      ["DELETE", `/api/iam/users/employees/${adminId}/image`],
      ["PUT", `/api/me/password/${adminId}`],
      ["GET", `/api/me/profile?id=${adminId}`],
    ] as const) {
      const response = await call(method, url, employee, { firstName: "X", lastName: "Y" });
      if (method === "GET") expect(response.json().uuid).toBe(employeeId);
      else expect([400, 404], url).toContain(response.statusCode);
    }
    expect((await call("GET", `/api/iam/users/employees/${adminId}`, admin)).json()).toEqual(before);
  });

  it("takes a PNG, JPEG or WebP image by its content, whatever its name says, and shows it", async () => {
    const jpeg = await uploadImage(employee, { name: "me.txt", content: jpegFile, type: "text/plain" });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().image).toMatchObject({ mime: "image/jpeg", size: jpegFile.length });
    const webp = await uploadImage(employee, { name: "me", content: webpFile });
    expect(webp.json().image).toMatchObject({ mime: "image/webp" });

    const png = await uploadImage(employee, { name: "portrett.jpg", content: pngFile, type: "image/jpeg" });
    expect(png.statusCode, png.body).toBe(200);
    const { image } = png.json();
    expect(image).toMatchObject({ mime: "image/png", size: pngFile.length });
    expect(image.version).not.toBe(webp.json().image.version);

    const shown = await call("GET", "/api/me/profile_image", employee);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/png");
    expect(shown.headers["x-content-type-options"]).toBe("nosniff");
    expect(shown.rawPayload.equals(pngFile)).toBe(true);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/me/profile_image",
      headers: { ...bearer(employee.access_token), "if-none-match": shown.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // Others see it where users are shown.
    const employeeId = (await call("GET", "/api/me/info", employee)).json().uuid as string;
    const seen = await call("GET", `/api/iam/users/employees/${employeeId}/image`, reader);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(pngFile)).toBe(true);
    const readerId = (await call("GET", "/api/me/info", reader)).json().uuid as string;
    expect((await call("GET", `/api/iam/users/employees/${readerId}/image`, employee)).statusCode).toBe(404);
    expect((await call("GET", "/api/iam/users/employees/not-a-uuid/image", employee)).statusCode).toBe(400);
  });

  it("refuses other files by content, files past 800 kB, and a missing file, with clear texts", async () => {
    const text = await uploadImage(employee, { name: "photo.png", content: "not an image at all", type: "image/png" });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      exceptionName: "HttpMediaTypeNotSupportedException",
      message: english(profileTexts.imageType),
    });
    expect(errorsOf(text)).toEqual({ file: english(profileTexts.imageType) });
    const svg = await uploadImage(employee, {
      name: "photo.svg",
      content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      type: "image/svg+xml",
    });
    expect(svg.statusCode).toBe(415);
    const gif = await uploadImage(employee, {
      name: "photo.gif",
      content: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
    });
    expect(gif.statusCode).toBe(415);

    const atLimit = Buffer.concat([pngFile, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - pngFile.length)]);
    const fits = await uploadImage(employee, { name: "big.png", content: atLimit });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().image.size).toBe(PROFILE_IMAGE_MAX_BYTES);
    const tooLarge = await uploadImage(employee, {
      name: "big.png",
      content: Buffer.concat([atLimit, Buffer.alloc(1)]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: english(profileTexts.imageTooLarge) });
    expect(english(profileTexts.imageTooLarge)).toBe("The profile image must not exceed 800 kB");

    const none = await uploadImage(employee, { name: "", content: "" });
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none)).toEqual({ file: "You must upload a file" });

    // A refused upload leaves the image as it was.
    expect((await call("GET", "/api/me/profile", employee)).json().image.size).toBe(PROFILE_IMAGE_MAX_BYTES);
  });

  it("removes the user's own image", async () => {
    expect((await call("DELETE", "/api/me/profile_image", employee)).statusCode).toBe(204);
    expect((await call("GET", "/api/me/profile", employee)).json().image).toBeNull();
    expect((await call("GET", "/api/me/profile_image", employee)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/me/profile_image", employee)).statusCode).toBe(204);
  });

  it("changes the password only with the right current one and a new one under the invitations' policy", async () => {
    const change = (body: object) => call("PUT", "/api/me/password", employee, body);
    expect(errorsOf(await change({ newPassword: NEW_PASSWORD }))).toEqual({ currentPassword: "Required" });
    expect(errorsOf(await change({ currentPassword: DEMO_PASSWORD, newPassword: "short" }))).toEqual({
      newPassword: "At least 12 characters",
    });
    expect(errorsOf(await change({ currentPassword: DEMO_PASSWORD, newPassword: "x".repeat(201) }))).toEqual({
      newPassword: "At most 200 characters",
    });
    const wrong = await change({ currentPassword: "not the password", newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)).toEqual({ currentPassword: english(profileTexts.wrongPassword) });
    expect(errorsOf(await change({ currentPassword: DEMO_PASSWORD, newPassword: "password1234" }))).toEqual({
      newPassword: "This password is too common or easy to guess",
    });
    // Made of what the user is known by.
    expect(errorsOf(await change({ currentPassword: DEMO_PASSWORD, newPassword: "employee@example.com" }))).toEqual({
      newPassword: "This password is too common or easy to guess",
    });
    expect(errorsOf(await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }))).toEqual({
      newPassword: english(profileTexts.samePassword),
    });
    // Nothing changed: the old password still signs in.
    await expect(signIn(t.app, "employee@example.com", DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it("ends the user's other sign-ins when the password changes, and keeps the one that changed it", async () => {
    const other = await signIn(t.app, "employee@example.com");
    const otherAdmin = await signIn(t.app, "admin@example.com");
    const current = employee;

    const changed = await call("PUT", "/api/me/password", current, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);

    // The other session: its access token stops at once, its refresh token is refused.
    expect((await call("GET", "/api/me/info", other)).statusCode).toBe(401);
    const otherRefresh = await refresh(t.app, other.refresh_token);
    expect(otherRefresh.statusCode).toBe(400);
    expect(otherRefresh.json().error).toBe("invalid_grant");

    // This session goes on, and refreshes.
    expect((await call("GET", "/api/me/info", current)).statusCode).toBe(200);
    const refreshed = await refresh(t.app, current.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    employee = refreshed.json();
    expect((await call("GET", "/api/me/profile", employee)).statusCode).toBe(200);

    // Another user's sign-ins are untouched.
    expect((await call("GET", "/api/me/info", otherAdmin)).statusCode).toBe(200);
    expect((await refresh(t.app, otherAdmin.refresh_token)).statusCode).toBe(200);

    // Sign-in takes the new password only.
    const old = await authorize(t.app, { email: "employee@example.com", password: DEMO_PASSWORD });
    expect(old.login?.statusCode).toBe(401);
    await expect(signIn(t.app, "employee@example.com", NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it("ends the other browsers' sign-in sessions too, so they cannot get a new grant without the password", async () => {
    const otherBrowser = await authorize(t.app, { email: "admin@example.com" });
    expect(otherBrowser.redirect).toContain("code=");
    const changed = await call("PUT", "/api/me/password", admin, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    // The same browser asks again: it must sign in anew.
    const again = await t.app.inject({
      method: "GET",
      url: `/oauth2/authorize?${new URLSearchParams({
        client_id: "workspace-web",
        redirect_uri: "http://app.test/oauth2-redirect",
        response_type: "code",
        scope: "api",
        state: "s",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      })}`,
      headers: { cookie: otherBrowser.jar.header() },
    });
    expect(again.headers.location).toMatch(/^\/auth\/login/);
    expect((await call("GET", "/api/me/info", admin)).statusCode).toBe(200);
  });

  it("limits wrong current passwords like sign-ins", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await call("PUT", "/api/me/password", reader, {
        currentPassword: `guess ${attempt}`,
        newPassword: NEW_PASSWORD,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers["retry-after"]).toBeDefined();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Another user is not held back by it.
    expect(
      (await call("PUT", "/api/me/password", employee, { currentPassword: "nope", newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(400);
  });
});
