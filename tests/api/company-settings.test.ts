import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_LOGO_MAX_BYTES, companyLogoTexts, TIME_ZONE_TEXT } from "../../server/contract/company-settings.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody, pdfFile, pngFile } from "../support/upload-files.ts";

const jpegFile = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64),
]);
const webpFile = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(32),
]);
const svgFile = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe(`company settings on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;

  const call = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    tokens: Tokens | null = admin,
    payload?: object,
  ) => t.app.inject({ method, url, headers: tokens ? bearer(tokens.access_token) : {}, payload });
  const uploadLogo = (file: { name: string; content: Buffer }, tokens: Tokens = admin) => {
    const body = multipartBody({}, file);
    return t.app.inject({
      method: "POST",
      url: "/api/core/company_settings/logo",
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
  };
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const settings = {
    name: "Fjordkraft Consulting AS",
    organisationNumber: "987 654 321",
    address: "Storgata 1\r\n0155 Oslo",
    defaultLanguage: "nb",
    timeZone: "Europe/Oslo",
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

  it("starts from the workspace's name, no logo, each browser's language and the default time zone", async () => {
    const response = await call("GET", "/api/core/company_settings");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      name: "Demo workspace",
      organisationNumber: "",
      address: "",
      defaultLanguage: null,
      timeZone: "Europe/Oslo",
      logo: null,
    });
    const brand = await call("GET", "/api/core/company_settings/brand", reader);
    expect(brand.json()).toEqual({ name: "Demo workspace", logoVersion: null, defaultLanguage: null });
    expect((await call("GET", "/api/core/company_settings/logo", reader)).statusCode).toBe(404);
  });

  it("saves the settings, whose time zone and language then apply to users who chose none", async () => {
    const saved = await call("PUT", "/api/core/company_settings", admin, { ...settings, timeZone: "America/New_York" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: "Fjordkraft Consulting AS",
      organisationNumber: "987 654 321",
      // Line breaks are stored as LF.
      address: "Storgata 1\n0155 Oslo",
      defaultLanguage: "nb",
      timeZone: "America/New_York",
    });
    expect((await call("GET", "/api/me/info", employee)).json()).toMatchObject({
      language: null,
      timeZone: "America/New_York",
    });
    expect((await call("GET", "/api/core/company_settings/brand", employee)).json()).toEqual({
      name: "Fjordkraft Consulting AS",
      logoVersion: null,
      defaultLanguage: "nb",
    });
    // A user's own time zone still wins.
    await t.app.db
      .updateTable("core.app_user")
      .set({ time_zone: "Asia/Tokyo" })
      .where("email", "=", "readonly@example.com")
      .execute();
    expect((await call("GET", "/api/me/info", reader)).json().timeZone).toBe("Asia/Tokyo");

    // Each browser's language again: null, or left out.
    const { defaultLanguage: _language, ...withoutLanguage } = settings;
    const back = await call("PUT", "/api/core/company_settings", admin, withoutLanguage);
    expect(back.json()).toMatchObject({ defaultLanguage: null, timeZone: "Europe/Oslo" });
    expect((await call("GET", "/api/me/info", employee)).json().timeZone).toBe("Europe/Oslo");
  });

  it("refuses settings that break the rules, and keeps what was there", async () => {
    const refused = async (body: object, field: string, message: string) => {
      const response = await call("PUT", "/api/core/company_settings", admin, { ...settings, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(response)[field], JSON.stringify(body)).toBe(message);
    };
    await refused({ name: "  " }, "name", "Required");
    await refused({ name: "x".repeat(256) }, "name", "Max 255 limit");
    await refused({ organisationNumber: "1".repeat(256) }, "organisationNumber", "Max 255 limit");
    await refused({ address: "a".repeat(1001) }, "address", "Max 1000 limit");
    await refused({ timeZone: "Mars/Olympus" }, "timeZone", english(TIME_ZONE_TEXT));
    await refused({ timeZone: "../../etc" }, "timeZone", english(TIME_ZONE_TEXT));
    const language = await call("PUT", "/api/core/company_settings", admin, { ...settings, defaultLanguage: "de" });
    expect(language.statusCode).toBe(400);
    expect((await call("GET", "/api/core/company_settings")).json()).toMatchObject({
      name: "Fjordkraft Consulting AS",
      defaultLanguage: null,
    });
  });

  it("takes a PNG, JPEG or WebP logo by its content, up to 800 kB, and serves it to every signed-in user", async () => {
    // The content decides, whatever the name says.
    const png = await uploadLogo({ name: "logo.svg", content: pngFile });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().logo).toMatchObject({ mime: "image/png", size: pngFile.length });
    const version = png.json().logo.version;
    expect((await call("GET", "/api/core/company_settings/brand", reader)).json().logoVersion).toBe(version);

    const image = await call("GET", "/api/core/company_settings/logo", reader);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.rawPayload.equals(pngFile)).toBe(true);
    const etag = image.headers.etag as string;
    const again = await t.app.inject({
      method: "GET",
      url: "/api/core/company_settings/logo",
      headers: { ...bearer(reader.access_token), "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);

    for (const [name, content, mime] of [
      ["logo.jpg", jpegFile, "image/jpeg"],
      ["logo.webp", webpFile, "image/webp"],
    ] as const) {
      const response = await uploadLogo({ name, content });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json().logo.mime).toBe(mime);
    }

    for (const file of [
      { name: "logo.svg", content: svgFile },
      { name: "logo.png", content: pdfFile("Not an image") },
      { name: "logo.png", content: Buffer.from("GIF89a") },
      { name: "logo.png", content: Buffer.from("just text") },
    ]) {
      const response = await uploadLogo(file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json()).toMatchObject({ message: english(companyLogoTexts.type) });
    }
    const large = await uploadLogo({
      name: "large.png",
      content: Buffer.concat([pngFile, Buffer.alloc(COMPANY_LOGO_MAX_BYTES)]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: english(companyLogoTexts.tooLarge) });
    expect(errorsOf(large).file).toBe(english(companyLogoTexts.tooLarge));
    const noFile = multipartBody({ name: "x" });
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/core/company_settings/logo",
      headers: { ...bearer(admin.access_token), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().exceptionName).toBe("MissingServletRequestPartException");
    // The last good one stays.
    expect((await call("GET", "/api/core/company_settings")).json().logo.mime).toBe("image/webp");
    // Nothing refused was kept in storage.
    const leftovers = fs.readdirSync(path.join(t.config.DATA_DIR, "files", "tmp"));
    expect(leftovers).toEqual([]);

    expect((await call("DELETE", "/api/core/company_settings/logo")).statusCode).toBe(204);
    expect((await call("GET", "/api/core/company_settings")).json().logo).toBeNull();
    expect((await call("GET", "/api/core/company_settings/logo", reader)).statusCode).toBe(404);
  });

  it("answers each call by the role's permissions (the permission matrix)", async () => {
    const body = { ...settings, defaultLanguage: null };
    const as = (tokens: Tokens | null) => ({
      read: () => call("GET", "/api/core/company_settings", tokens),
      save: () => call("PUT", "/api/core/company_settings", tokens, body),
      brand: () => call("GET", "/api/core/company_settings/brand", tokens),
      upload: () =>
        tokens
          ? uploadLogo({ name: "logo.png", content: pngFile }, tokens)
          : t.app.inject({
              method: "POST",
              url: "/api/core/company_settings/logo",
              ...multipartBody({}, { name: "l.png", content: pngFile }),
            }),
      logo: () => call("GET", "/api/core/company_settings/logo", tokens),
      remove: () => call("DELETE", "/api/core/company_settings/logo", tokens),
    });
    const expected = {
      read: { admin: 200, employee: 403, reader: 403 },
      save: { admin: 200, employee: 403, reader: 403 },
      brand: { admin: 200, employee: 200, reader: 200 },
      upload: { admin: 200, employee: 403, reader: 403 },
      logo: { admin: 200, employee: 200, reader: 200 },
      remove: { admin: 204, employee: 403, reader: 403 },
    } as const;
    for (const [name, statuses] of Object.entries(expected) as [keyof typeof expected, (typeof expected)["read"]][]) {
      // The employee and the reader go first: the admin's removal takes the logo the others read.
      for (const role of ["employee", "reader", "admin"] as const) {
        const tokens = role === "admin" ? admin : role === "employee" ? employee : reader;
        const response = await as(tokens)[name]();
        expect(response.statusCode, `${role} ${name}`).toBe(statuses[role]);
      }
      expect((await as(null)[name]()).statusCode, `${name} without a token`).toBe(401);
    }
  });
});
