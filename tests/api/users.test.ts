import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meInfoSchema } from "../../server/contract/identity.ts";
import { setSetting } from "../../server/settings/settings.repository.ts";
import { COMPANY_TIME_ZONE } from "../../server/users/users.service.ts";
import { inviteEmployee, latestInvitationToken } from "../support/invitations.ts";
import { authorize, bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`users, roles and invitations on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, tokens: Tokens) =>
    t.app.inject({ method: "GET", url, headers: bearer(tokens.access_token) });
  const has = (info: { permissions: { name: string; operation: string }[] }, name: string, operation: string) =>
    info.permissions.some((p) => p.name === name && p.operation === operation);

  it("describes each seeded role's permissions in /api/me/info", async () => {
    const adminInfo = meInfoSchema.parse((await get("/api/me/info", admin)).json());
    // Demo users have chosen no language (the web app follows their browser) and see times in the company's zone.
    expect(adminInfo).toMatchObject({
      firstName: "Ada",
      lastName: "Admin",
      language: null,
      timeZone: "Europe/Oslo",
      companyAdmin: true,
    });
    expect(adminInfo.uuid).toBe(adminInfo.userUuid);
    expect(has(adminInfo, "CompanyAdmin", "PerformAs")).toBe(true);
    expect(has(adminInfo, "AppUserGuide", "Read")).toBe(true);
    expect(has(adminInfo, "System_Settings", "Update")).toBe(true);
    expect(adminInfo.customEntities).toEqual([]);

    const employeeInfo = meInfoSchema.parse((await get("/api/me/info", employee)).json());
    expect(employeeInfo.companyAdmin).toBe(false);
    expect(has(employeeInfo, "CompanyAdmin", "PerformAs")).toBe(false);
    expect(has(employeeInfo, "AppUserGuide", "Read")).toBe(true);
    expect(has(employeeInfo, "Company", "Create")).toBe(true);
    expect(has(employeeInfo, "Entity_Assignment", "Create")).toBe(true);
    expect(has(employeeInfo, "System_Settings", "Read")).toBe(false);

    const readOnlyInfo = meInfoSchema.parse((await get("/api/me/info", readOnly)).json());
    expect(has(readOnlyInfo, "Company", "Read")).toBe(true);
    // Read-only users change no records; the searches they save for themselves are theirs to keep.
    const shared = readOnlyInfo.permissions.filter(
      (p) => p.name !== "AppUserGuide" && p.name !== "Advanced_Search_Personal",
    );
    expect(shared.every((p) => p.operation === "Read")).toBe(true);
    expect(has(readOnlyInfo, "Advanced_Search_Personal", "Create")).toBe(true);
    expect(has(readOnlyInfo, "Advanced_Search_Global", "Read")).toBe(true);
    expect(has(readOnlyInfo, "Advanced_Search_Global", "Create")).toBe(false);
  });

  it("answers the e-signature flag (off by default) and the profile fields", async () => {
    expect((await get("/api/documents/signature/enable", readOnly)).json()).toEqual({ enabled: false });
    const fields = (await get("/api/me/fields", employee)).json();
    expect(fields).toContainEqual({ key: "email", label: "Email", type: "Email", value: "employee@example.com" });
  });

  it("keeps the language the user chooses, and shows times in the company's zone until they choose their own", async () => {
    await setSetting(t.app.db, COMPANY_TIME_ZONE, "America/New_York");
    expect((await get("/api/me/info", readOnly)).json().timeZone).toBe("America/New_York");
    await t.app.db
      .updateTable("core.app_user")
      .set({ time_zone: "Asia/Tokyo" })
      .where("email", "=", "readonly@example.com")
      .execute();
    expect((await get("/api/me/info", readOnly)).json().timeZone).toBe("Asia/Tokyo");
    await t.app.db.updateTable("core.app_user").set({ time_zone: null }).execute();
    await setSetting(t.app.db, COMPANY_TIME_ZONE, "Europe/Oslo");

    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/me/language",
      headers: bearer(readOnly.access_token),
      payload: { language: "nb" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get("/api/me/info", readOnly)).json().language).toBe("nb");
    const invalid = await t.app.inject({
      method: "PUT",
      url: "/api/me/language",
      headers: bearer(readOnly.access_token),
      payload: { language: "de" },
    });
    expect(invalid.statusCode).toBe(400);
  });

  const invite = (email: string) => inviteEmployee(t, admin.access_token, email);

  const registerWith = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/jwt/register", payload: { token, password } });

  it("invites by mail, and the single-use link activates the user", async () => {
    const created = await invite("nina@example.com");
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: "nina@example.com", status: "invited", role: { name: "Employee" } });

    const token = latestInvitationToken(t, "nina@example.com");
    const page = await t.app.inject({ method: "GET", url: `/jwt/register?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/jwt/register">');

    const before = await authorize(t.app, { email: "nina@example.com", password: "a-new-password-1" });
    expect(before.login?.statusCode).toBe(401);

    const tooShort = await registerWith(token, "short");
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().errors[0]).toMatchObject({ field: "password" });

    expect((await registerWith(token, "a-new-password-1")).statusCode).toBe(204);
    const after = await authorize(t.app, { email: "nina@example.com", password: "a-new-password-1" });
    expect(after.redirect).toContain("code=");

    const reused = await registerWith(token, "another-password-2");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().exceptionName).toBe("InvalidInvitationException");
  });

  it("resends for invited users only, and the old link stops working", async () => {
    const created = (await invite("ola@example.com")).json();
    const first = latestInvitationToken(t, "ola@example.com");
    const resend = await t.app.inject({
      method: "PUT",
      url: `/api/iam/users/employees/${created.uuid}/resend-invitation`,
      headers: bearer(admin.access_token),
    });
    expect(resend.statusCode).toBe(204);
    const second = latestInvitationToken(t, "ola@example.com");
    expect(second).not.toBe(first);
    expect((await registerWith(first, "password-number-1")).statusCode).toBe(400);
    expect((await registerWith(second, "password-number-1")).statusCode).toBe(204);

    const again = await t.app.inject({
      method: "PUT",
      url: `/api/iam/users/employees/${created.uuid}/resend-invitation`,
      headers: bearer(admin.access_token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().exceptionName).toBe("EmployeeUserAlreadyActiveException");
  });

  it("refuses an expired invitation", async () => {
    await invite("kari@example.com");
    const token = latestInvitationToken(t, "kari@example.com");
    await t.app.db
      .updateTable("core.invitation")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await registerWith(token, "password-number-1")).statusCode).toBe(400);
  });

  it("refuses duplicate emails in any case, and invitations from users without the right", async () => {
    const duplicate = await invite("EMPLOYEE@example.com");
    expect(duplicate.statusCode).toBe(409);
    const denied = await t.app.inject({
      method: "POST",
      url: "/api/iam/users/employees",
      headers: bearer(employee.access_token),
      payload: {
        email: "x@example.com",
        firstName: "X",
        lastName: "Y",
        roleUuid: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(denied.statusCode).toBe(403);
    const notFound = await get("/api/iam/users/employees/00000000-0000-4000-8000-000000000000", admin);
    expect(notFound.statusCode).toBe(404);
  });
});

describe(`first administrator on ${testDatabase}`, () => {
  it("invites ADMIN_EMAIL when a production workspace has no users, and no demo users exist", async () => {
    const t = await createTestApp({ ADMIN_EMAIL: "boss@company.example" });
    try {
      const users = await t.app.db.selectFrom("core.app_user").select(["email", "status", "company_admin"]).execute();
      expect(users).toEqual([{ email: "boss@company.example", status: "invited", company_admin: true }]);
      const outbox = fs.readdirSync(path.join(t.config.DATA_DIR, "outbox"));
      expect(outbox).toHaveLength(1);
      expect(fs.readFileSync(path.join(t.config.DATA_DIR, "outbox", outbox[0]), "utf8")).toContain(
        "boss@company.example",
      );
    } finally {
      await t.close();
    }
  });
});
