import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iamTexts } from "../../server/contract/iam-texts.ts";
import { operations, resources } from "../../server/contract/identity.ts";
import { latestInvitationToken } from "../support/invitations.ts";
import { english } from "../support/messages.ts";
import { authorize, bearer, refresh, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

const PASSWORD = "Fjord-vinter-4821-kaffe";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Method = "GET" | "POST" | "PUT" | "DELETE";

describe(`user, group and role administration on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;
  const roleIds: Record<string, string> = {};
  const userIds: Record<string, string> = {};

  const call = (method: Method, url: string, tokens: Tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const ok = async (method: Method, url: string, tokens: Tokens = admin, payload?: object) => {
    const response = await call(method, url, tokens, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const refused = (response: { statusCode: number; json(): any }, status: number, exceptionName: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json().exceptionName).toBe(exceptionName);
    return response.json().message as string;
  };

  /** Invites a user and lets them choose their password; their id. */
  const newActiveUser = async (email: string, roleId: string, groupUuids: string[] = []) => {
    const invited = await ok("POST", "/api/iam/users/employees", admin, {
      email,
      firstName: "Test",
      lastName: email.split("@")[0],
      roleUuid: roleId,
      groupUuids,
    });
    const token = latestInvitationToken(t, email);
    const registered = await t.app.inject({
      method: "POST",
      url: "/jwt/register",
      payload: { token, password: PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(204);
    return invited.uuid as string;
  };

  beforeAll(async () => {
    // Many invitations are accepted and many users sign in here; the per-address limit has tests of its own.
    t = await createTestApp({ demo: true, LOGIN_ATTEMPTS_PER_MINUTE: 1000 });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    for (const role of await ok("GET", "/api/iam/roles")) roleIds[role.name] = role.uuid;
    for (const user of (await ok("GET", "/api/iam/users/employees?size=50")).content) userIds[user.email] = user.uuid;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("users", () => {
    it("lists users by name with their status, role and groups, in pages", async () => {
      const page = await ok("GET", "/api/iam/users/employees?size=2");
      expect(page).toMatchObject({ totalElements: 3, page: 0, size: 2 });
      expect(page.content.map((u: any) => u.email)).toEqual(["admin@example.com", "employee@example.com"]);
      expect(page.content[0]).toMatchObject({
        firstName: "Ada",
        status: "active",
        role: { name: "Company administrator" },
        groups: [],
      });
      const second = await ok("GET", "/api/iam/users/employees?size=2&page=1");
      expect(second.content.map((u: any) => u.email)).toEqual(["readonly@example.com"]);
    });

    it("searches names and emails from 3 characters, folding case and accents, and filters", async () => {
      await ok("POST", "/api/iam/users/employees", admin, {
        email: "sjur.oygard@example.com",
        firstName: "Sjur",
        lastName: "Øygård",
        roleUuid: roleIds.Employee,
      });
      const emails = async (query: string) =>
        (await ok("GET", `/api/iam/users/employees?${query}`)).content.map((u: any) => u.email);
      expect(await emails("q=RIT")).toEqual(["readonly@example.com"]);
      expect(await emails("q=ØYGÅ")).toEqual(["sjur.oygard@example.com"]);
      expect(await emails("q=readonly%40")).toEqual(["readonly@example.com"]);
      // Shorter than three characters is no search.
      expect((await emails("q=ri")).length).toBeGreaterThanOrEqual(4);
      expect(await emails("status=invited")).toContain("sjur.oygard@example.com");
      expect(await emails("status=invited")).not.toContain("admin@example.com");
      expect(await emails(`role=${roleIds["Read-only"]}`)).toEqual(["readonly@example.com"]);
      expect((await call("GET", "/api/iam/users/employees?status=gone")).statusCode).toBe(400);
      expect((await call("GET", "/api/iam/users/employees?role=nope")).statusCode).toBe(400);
      expect((await call("GET", "/api/iam/users/employees?size=201")).statusCode).toBe(400);
    });

    it('invites with a role, groups and language; answers "User already exists" for an active address', async () => {
      const groups = (await ok("GET", "/api/iam/groups")).content;
      const sales = groups.find((g: any) => g.name === "Sales");
      const created = await call("POST", "/api/iam/users/employees", admin, {
        email: "ingrid@example.com",
        firstName: "Ingrid",
        lastName: "Invitert",
        roleUuid: roleIds.Employee,
        groupUuids: [sales.uuid],
        language: "nb",
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        status: "invited",
        language: "nb",
        role: { name: "Employee" },
        groups: [{ name: "Sales" }],
      });
      const firstLink = latestInvitationToken(t, "ingrid@example.com");

      // An invited address is invited again with what is given now, and the first link stops working.
      const again = await call("POST", "/api/iam/users/employees", admin, {
        email: "Ingrid@Example.com",
        firstName: "Ingrid",
        lastName: "Igjen",
        roleUuid: roleIds["Read-only"],
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ uuid: created.json().uuid, lastName: "Igjen", groups: [] });
      const secondLink = latestInvitationToken(t, "ingrid@example.com");
      expect(secondLink).not.toBe(firstLink);
      const register = (token: string) =>
        t.app.inject({ method: "POST", url: "/jwt/register", payload: { token, password: PASSWORD } });
      expect((await register(firstLink)).statusCode).toBe(400);
      expect((await register(secondLink)).statusCode).toBe(204);

      const active = await call("POST", "/api/iam/users/employees", admin, {
        email: "ingrid@example.com",
        firstName: "I",
        lastName: "I",
        roleUuid: roleIds.Employee,
      });
      expect(refused(active, 409, "EmployeeUserAlreadyActiveException")).toBe("User already exists");

      const badGroup = await call("POST", "/api/iam/users/employees", admin, {
        email: "nobody@example.com",
        firstName: "N",
        lastName: "N",
        roleUuid: roleIds.Employee,
        groupUuids: [UNKNOWN],
      });
      expect(badGroup.statusCode).toBe(400);
      expect(errorsOf(badGroup)).toEqual({ groupUuids: "Must be one of the options" });
      const invalid = await call("POST", "/api/iam/users/employees", admin, {
        email: "not-an-email",
        firstName: " ",
        lastName: "x".repeat(256),
        roleUuid: roleIds.Employee,
      });
      expect(errorsOf(invalid)).toEqual({
        email: "Must be an email",
        firstName: "Required",
        lastName: "Max 255 limit",
      });
    });

    it("changes a user's names, language, role and groups, and writes their history", async () => {
      const id = await newActiveUser("hanne@example.com", roleIds.Employee);
      const groups = (await ok("GET", "/api/iam/groups")).content;
      const [management, support] = ["Management", "Support"].map((name) => groups.find((g: any) => g.name === name));
      const changed = await ok("PUT", `/api/iam/users/employees/${id}`, admin, {
        firstName: "Hanne",
        lastName: "Haugen",
        language: "nb",
        roleUuid: roleIds["Read-only"],
        groupUuids: [support.uuid, management.uuid],
      });
      expect(changed).toMatchObject({
        firstName: "Hanne",
        language: "nb",
        role: { name: "Read-only" },
        groups: [{ name: "Management" }, { name: "Support" }],
        companyAdmin: false,
      });

      const history = await ok("GET", `/api/iam/users/employees/${id}/history`);
      expect(history).toMatchObject({ totalElements: 3, page: 0, size: 25 });
      expect(history.content.map((entry: any) => entry.action)).toEqual(["update", "update", "create"]);
      const [change, activation, invitation] = history.content;
      expect(change.actor).toMatchObject({ firstName: "Ada", lastName: "Admin" });
      expect(change.changes).toEqual(
        expect.arrayContaining([
          { key: "role", before: "Employee", after: "Read-only" },
          { key: "groups", before: [], after: ["Management", "Support"] },
          { key: "language", before: null, after: "nb" },
        ]),
      );
      expect(activation.changes).toEqual([{ key: "status", before: "invited", after: "active" }]);
      expect(activation.actor).toMatchObject({ uuid: id });
      expect(invitation.changes).toContainEqual({ key: "status", before: null, after: "invited" });
      const one = await ok("GET", `/api/iam/users/employees/${id}/history?size=1&page=1`);
      expect(one.content.map((entry: any) => entry.id)).toEqual([activation.id]);

      // Nothing changed, nothing written.
      await ok("PUT", `/api/iam/users/employees/${id}`, admin, {
        firstName: "Hanne",
        lastName: "Haugen",
        language: "nb",
        roleUuid: roleIds["Read-only"],
        groupUuids: [management.uuid, support.uuid],
      });
      expect((await ok("GET", `/api/iam/users/employees/${id}/history`)).totalElements).toBe(3);

      const bad = await call("PUT", `/api/iam/users/employees/${id}`, admin, {
        firstName: "",
        lastName: "H",
        roleUuid: UNKNOWN,
        groupUuids: [],
      });
      expect(errorsOf(bad)).toEqual({ firstName: "Required" });
      const unknownRole = await call("PUT", `/api/iam/users/employees/${id}`, admin, {
        firstName: "H",
        lastName: "H",
        roleUuid: UNKNOWN,
      });
      expect(errorsOf(unknownRole)).toEqual({ roleUuid: "Must be one of the options" });
    });

    it("deactivates a user: their tokens stop at once and they cannot sign in; reactivated, they can", async () => {
      const id = await newActiveUser("dag@example.com", roleIds.Employee);
      const tokens = await signIn(t.app, "dag@example.com", PASSWORD);
      expect((await call("GET", "/api/me/info", tokens)).statusCode).toBe(200);

      const deactivated = await ok("PUT", `/api/iam/users/employees/${id}/deactivate`);
      expect(deactivated.status).toBe("deactivated");
      expect((await call("GET", "/api/me/info", tokens)).statusCode).toBe(401);
      expect((await refresh(t.app, tokens.refresh_token)).statusCode).toBe(400);
      const signInAgain = await authorize(t.app, { email: "dag@example.com", password: PASSWORD });
      expect(signInAgain.login?.statusCode).toBe(401);
      expect(
        await t.app.db
          .selectFrom("core.oidc_payload")
          .select("id")
          .where(sql<string>`payload->>'accountId'`, "=", id)
          .execute(),
      ).toEqual([]);
      // Again is no change.
      expect((await ok("PUT", `/api/iam/users/employees/${id}/deactivate`)).status).toBe("deactivated");
      const resend = await call("PUT", `/api/iam/users/employees/${id}/resend-invitation`);
      expect(refused(resend, 409, "EmployeeUserDeactivatedException")).toBe(
        english(iamTexts.EmployeeUserDeactivatedException),
      );
      const reinvite = await call("POST", "/api/iam/users/employees", admin, {
        email: "dag@example.com",
        firstName: "D",
        lastName: "D",
        roleUuid: roleIds.Employee,
      });
      refused(reinvite, 409, "EmployeeUserDeactivatedException");

      expect((await ok("PUT", `/api/iam/users/employees/${id}/reactivate`)).status).toBe("active");
      expect((await signIn(t.app, "dag@example.com", PASSWORD)).access_token).toBeTruthy();
      const statuses = (await ok("GET", `/api/iam/users/employees/${id}/history`)).content
        .flatMap((entry: any) => entry.changes)
        .filter((change: any) => change.key === "status")
        .map((change: any) => change.after);
      expect(statuses).toEqual(["active", "deactivated", "active", "invited"]);

      // An invited user deactivated loses their link, and comes back invited.
      const invited = await ok("POST", "/api/iam/users/employees", admin, {
        email: "vera@example.com",
        firstName: "Vera",
        lastName: "Venter",
        roleUuid: roleIds.Employee,
      });
      const link = latestInvitationToken(t, "vera@example.com");
      await ok("PUT", `/api/iam/users/employees/${invited.uuid}/deactivate`);
      expect(
        (await t.app.inject({ method: "POST", url: "/jwt/register", payload: { token: link, password: PASSWORD } }))
          .statusCode,
      ).toBe(400);
      expect((await ok("PUT", `/api/iam/users/employees/${invited.uuid}/reactivate`)).status).toBe("invited");
    });

    it("keeps an active administrator: nobody deactivates themself, and the last one keeps the role", async () => {
      const self = await call("PUT", `/api/iam/users/employees/${userIds["admin@example.com"]}/deactivate`);
      expect(refused(self, 409, "SelfDeactivationException")).toBe("You cannot deactivate yourself.");

      // A user manager may change users and the settings, but is no administrator.
      const manager = (await ok("POST", "/api/iam/roles", admin, { name: "User manager" })).uuid;
      await ok("PUT", `/api/iam/roles/${manager}/permissions`, admin, {
        permissions: [
          { resource: "Users", operations },
          { resource: "System_Settings", operations: ["Read", "Update"] },
        ],
      });
      await newActiveUser("manager@example.com", manager);
      const managerTokens = await signIn(t.app, "manager@example.com", PASSWORD);
      const ada = userIds["admin@example.com"];
      const last = await call("PUT", `/api/iam/users/employees/${ada}/deactivate`, managerTokens);
      expect(refused(last, 409, "LastAdministratorException")).toBe(
        "The last active administrator cannot be deactivated or lose the administrator role.",
      );
      const demoted = await call("PUT", `/api/iam/users/employees/${ada}`, managerTokens, {
        firstName: "Ada",
        lastName: "Admin",
        roleUuid: roleIds.Employee,
      });
      refused(demoted, 409, "LastAdministratorException");
      const adaNow = await ok("GET", `/api/iam/users/employees/${ada}`);
      expect(adaNow).toMatchObject({ status: "active", role: { name: "Company administrator" }, companyAdmin: true });

      // With a second administrator, one of them may go; the flag follows the role.
      const second = await newActiveUser("second.admin@example.com", roleIds["Company administrator"]);
      expect((await ok("GET", `/api/iam/users/employees/${second}`)).companyAdmin).toBe(true);
      const moved = await ok("PUT", `/api/iam/users/employees/${second}`, admin, {
        firstName: "Second",
        lastName: "Admin",
        roleUuid: roleIds.Employee,
      });
      expect(moved).toMatchObject({ role: { name: "Employee" }, companyAdmin: false });
      await ok("PUT", `/api/iam/users/employees/${second}/deactivate`, admin);
    });

    it("lets only administrators give or take the administrator role", async () => {
      const usersOnly = (await ok("POST", "/api/iam/roles", admin, { name: "Users only" })).uuid;
      await ok("PUT", `/api/iam/roles/${usersOnly}/permissions`, admin, {
        permissions: [{ resource: "Users", operations }],
      });
      const id = await newActiveUser("usersonly@example.com", usersOnly);
      const tokens = await signIn(t.app, "usersonly@example.com", PASSWORD);
      const escalate = await call("PUT", `/api/iam/users/employees/${id}`, tokens, {
        firstName: "U",
        lastName: "O",
        roleUuid: roleIds["Company administrator"],
      });
      expect(escalate.statusCode).toBe(403);
      const invite = await call("POST", "/api/iam/users/employees", tokens, {
        email: "friend@example.com",
        firstName: "F",
        lastName: "F",
        roleUuid: roleIds["Company administrator"],
      });
      expect(invite.statusCode).toBe(403);
      expect(
        (
          await call("POST", "/api/iam/users/employees", tokens, {
            email: "friend@example.com",
            firstName: "F",
            lastName: "F",
            roleUuid: roleIds.Employee,
          })
        ).statusCode,
      ).toBe(201);
    });
  });

  describe("groups", () => {
    it("creates, renames and lists groups with their members; names are unique in any case", async () => {
      const created = await call("POST", "/api/iam/groups", admin, { name: "  Partners  " });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: "Partners", members: 0 });
      const id = created.json().uuid;
      const taken = await call("POST", "/api/iam/groups", admin, { name: "SALES" });
      expect(refused(taken, 409, "GroupAlreadyExistingException")).toBe("Group name already exist");
      expect(errorsOf(await call("POST", "/api/iam/groups", admin, { name: " " }))).toEqual({ name: "Required" });

      expect(await ok("PUT", `/api/iam/groups/${id}`, admin, { name: "Partnere" })).toMatchObject({ name: "Partnere" });
      refused(
        await call("PUT", `/api/iam/groups/${id}`, admin, { name: "support" }),
        409,
        "GroupAlreadyExistingException",
      );
      // Its own name in another case is no clash.
      expect(await ok("PUT", `/api/iam/groups/${id}`, admin, { name: "PARTNERE" })).toMatchObject({ name: "PARTNERE" });

      const searched = await ok("GET", "/api/iam/groups?q=partn");
      expect(searched.content.map((g: any) => g.name)).toEqual(["PARTNERE"]);
      expect((await ok("GET", "/api/iam/groups?q=pa")).totalElements).toBeGreaterThan(1);
      expect(await ok("GET", `/api/iam/groups/${id}/members`)).toMatchObject({ content: [], totalElements: 0 });
    });

    it("adds and removes members, each change in the member's history", async () => {
      const group = await ok("POST", "/api/iam/groups", admin, { name: "Members test" });
      const members = `/api/iam/groups/${group.uuid}/members`;
      const employeeId = userIds["employee@example.com"];
      const readOnlyId = userIds["readonly@example.com"];
      expect(await ok("POST", members, admin, { userUuids: [employeeId, readOnlyId] })).toBeNull();
      const listed = await ok("GET", members);
      expect(listed.content.map((m: any) => [m.firstName, m.email, m.status])).toEqual([
        ["Erik", "employee@example.com", "active"],
        ["Rita", "readonly@example.com", "active"],
      ]);
      expect((await ok("GET", `/api/iam/groups/${group.uuid}`)).members).toBe(2);
      const again = await call("POST", members, admin, { userUuids: [readOnlyId] });
      expect(refused(again, 409, "UserAlreadyAssignedException")).toBe("User already exist");
      const unknownUser = await call("POST", members, admin, { userUuids: [UNKNOWN] });
      expect(errorsOf(unknownUser)).toEqual({ userUuids: "Must be one of the options" });
      expect(errorsOf(await call("POST", members, admin, { userUuids: [] }))).toEqual({ userUuids: "Required" });

      expect(await ok("DELETE", `${members}/${readOnlyId}`)).toBeNull();
      expect((await call("DELETE", `${members}/${readOnlyId}`)).statusCode).toBe(404);
      const history = (await ok("GET", `/api/iam/users/employees/${readOnlyId}/history`)).content;
      expect(history.slice(0, 2).map((entry: any) => entry.changes)).toEqual([
        [{ key: "groups", before: ["Members test"], after: [] }],
        [{ key: "groups", before: [], after: ["Members test"] }],
      ]);
      await ok("DELETE", `${members}/${employeeId}`);
    });

    it("deletes a group with its assignments; a side shown only to it is hidden, not shown to everyone", async () => {
      const group = await ok("POST", "/api/iam/groups", admin, { name: "Short-lived" });
      const other = await ok("POST", "/api/iam/groups", admin, { name: "Long-lived" });
      const member = await newActiveUser("member@example.com", roleIds.Employee, [group.uuid]);
      const company = await ok("POST", "/api/crm/company", admin, { values: { name: "Gruppe AS" } });
      await ok("POST", `/api/core/groups/${group.uuid}/assign_to_entities`, admin, {
        assignToEntities: [{ schemaKey: "crm", tableKey: "company", uuidKey: company.uuid }],
      });
      const labels = { label1En: "A", label1Nb: "A", label2En: "B", label2Nb: "B" };
      const relationship = await ok("POST", "/api/relationships", admin, {
        ...labels,
        schema1: "crm",
        key1: "company",
        schema2: "crm",
        key2: "contact",
        type: "NtoM",
        visibleGroups1: [group.uuid],
        visibleGroups2: [group.uuid, other.uuid],
      });

      expect(await ok("DELETE", `/api/iam/groups/${group.uuid}`)).toBeNull();
      expect((await call("GET", `/api/iam/groups/${group.uuid}`)).statusCode).toBe(404);
      expect(await ok("GET", `/api/core/groups/crm/company/${company.uuid}`)).toEqual([]);
      expect((await ok("GET", `/api/iam/users/employees/${member}`)).groups).toEqual([]);
      expect((await ok("GET", `/api/iam/users/employees/${member}/history`)).content[0].changes).toEqual([
        { key: "groups", before: ["Short-lived"], after: [] },
      ]);
      const after = (await ok("GET", "/api/relationships")).find((r: any) => r.id === relationship.id);
      expect(after).toMatchObject({
        visible1: false,
        visibleGroups1: [],
        visible2: true,
        visibleGroups2: [other.uuid],
      });
      expect((await call("DELETE", `/api/iam/groups/${group.uuid}`)).statusCode).toBe(404);
    });
  });

  describe("roles", () => {
    it("lists roles with how many users hold each", async () => {
      const roles = await ok("GET", "/api/iam/roles");
      expect(roles.slice(0, 3).map((r: any) => [r.name, r.builtIn, r.administrator])).toEqual([
        ["Company administrator", true, true],
        ["Employee", true, false],
        ["Read-only", true, false],
      ]);
      expect(roles.find((r: any) => r.name === "Read-only").users).toBeGreaterThanOrEqual(1);
    });

    it('creates, copies, renames and deletes roles; "Role in use" while a user holds one', async () => {
      const empty = await call("POST", "/api/iam/roles", admin, { name: "Auditor" });
      expect(empty.statusCode).toBe(201);
      expect(empty.json()).toMatchObject({ name: "Auditor", builtIn: false, administrator: false, users: 0 });
      expect(
        (await ok("GET", `/api/iam/roles/${empty.json().uuid}/permissions`)).resources.every(
          (r: any) => r.operations.length === 0,
        ),
      ).toBe(true);

      const copy = await ok("POST", "/api/iam/roles", admin, { name: "Reader copy", copyFrom: roleIds["Read-only"] });
      const granted = (matrix: any) =>
        matrix.resources.flatMap((r: any) => r.operations.map((op: string) => `${r.resource}:${op}`)).sort();
      expect(granted(await ok("GET", `/api/iam/roles/${copy.uuid}/permissions`))).toEqual(
        granted(await ok("GET", `/api/iam/roles/${roleIds["Read-only"]}/permissions`)),
      );
      const badCopy = await call("POST", "/api/iam/roles", admin, { name: "X", copyFrom: UNKNOWN });
      expect(errorsOf(badCopy)).toEqual({ copyFrom: "Must be one of the options" });
      const taken = await call("POST", "/api/iam/roles", admin, { name: "employee" });
      expect(refused(taken, 409, "RoleAlreadyExistingException")).toBe("Role name already exist");
      // A built-in role's Norwegian name is taken too: a Norwegian reader would see two roles named alike.
      refused(await call("POST", "/api/iam/roles", admin, { name: "ansatt" }), 409, "RoleAlreadyExistingException");
      expect(errorsOf(await call("POST", "/api/iam/roles", admin, { name: "" }))).toEqual({ name: "Required" });

      expect(await ok("PUT", `/api/iam/roles/${copy.uuid}`, admin, { name: "Readers" })).toMatchObject({
        name: "Readers",
      });
      refused(
        await call("PUT", `/api/iam/roles/${copy.uuid}`, admin, { name: "Auditor" }),
        409,
        "RoleAlreadyExistingException",
      );
      refused(
        await call("PUT", `/api/iam/roles/${copy.uuid}`, admin, { name: "Lesetilgang" }),
        409,
        "RoleAlreadyExistingException",
      );
      const builtIn = await call("PUT", `/api/iam/roles/${roleIds.Employee}`, admin, { name: "Staff" });
      expect(refused(builtIn, 409, "BuiltInRoleException")).toBe("Built-in roles cannot be renamed or deleted.");
      refused(await call("DELETE", `/api/iam/roles/${roleIds["Read-only"]}`), 409, "BuiltInRoleException");

      const holder = await newActiveUser("holder@example.com", copy.uuid);
      const inUse = await call("DELETE", `/api/iam/roles/${copy.uuid}`);
      expect(refused(inUse, 409, "RoleInUseException")).toBe("Role in use");
      expect((await ok("GET", `/api/iam/roles/${copy.uuid}`)).users).toBe(1);
      await ok("PUT", `/api/iam/users/employees/${holder}`, admin, {
        firstName: "H",
        lastName: "H",
        roleUuid: roleIds["Read-only"],
      });
      expect(await ok("DELETE", `/api/iam/roles/${copy.uuid}`)).toBeNull();
      expect((await call("GET", `/api/iam/roles/${copy.uuid}`)).statusCode).toBe(404);
      expect(await ok("DELETE", `/api/iam/roles/${empty.json().uuid}`)).toBeNull();
    });

    it("reads and saves a role's whole matrix of every resource, custom entities included, and it takes effect", async () => {
      await ok("POST", "/api/custom_entities", admin, {
        key: "vessel",
        labelEn: "Vessel",
        labelNb: "Fartøy",
        pluralEn: "Vessels",
        pluralNb: "Fartøyer",
        icon: "truck",
        fields: [{ key: "name", labelEn: "Name", labelNb: "Navn", type: "Text", required: true, partOfName: true }],
      });
      const role = await ok("POST", "/api/iam/roles", admin, { name: "Sales reader", copyFrom: roleIds["Read-only"] });
      const matrix = await ok("GET", `/api/iam/roles/${role.uuid}/permissions`);
      expect(matrix.role).toMatchObject({ name: "Sales reader" });
      const keys = matrix.resources.map((r: any) => r.resource);
      for (const resource of [...resources, "vessel"]) expect(keys).toContain(resource);
      expect(matrix.resources.find((r: any) => r.resource === "Company")).toMatchObject({
        kind: "entity",
        custom: false,
        labelEn: "Companies",
        labelNb: "Firmaer",
        operations: ["Read"],
      });
      expect(matrix.resources.find((r: any) => r.resource === "vessel")).toMatchObject({
        kind: "entity",
        custom: true,
        labelEn: "Vessels",
        labelNb: "Fartøyer",
        operations: ["Read"],
      });
      expect(matrix.resources.find((r: any) => r.resource === "Import")).toMatchObject({
        kind: "feature",
        labelEn: null,
        operations: [],
      });

      const user = await newActiveUser("seller@example.com", role.uuid);
      const seller = await signIn(t.app, "seller@example.com", PASSWORD);
      const newCompany = () => call("POST", "/api/crm/company", seller, { values: { name: "Selger AS" } });
      expect((await newCompany()).statusCode).toBe(403);

      const permissions = matrix.resources.map((r: any) => ({
        resource: r.resource,
        operations: r.resource === "Company" ? ["Read", "Create"] : r.operations,
      }));
      const saved = await ok("PUT", `/api/iam/roles/${role.uuid}/permissions`, admin, { permissions });
      expect(saved.resources.find((r: any) => r.resource === "Company").operations).toEqual(["Create", "Read"]);
      expect((await newCompany()).statusCode).toBe(201);
      const info = (await call("GET", "/api/me/info", seller)).json();
      expect(info.permissions).toContainEqual({ name: "Company", operation: "Create" });

      // The matrix is saved whole: what is left out is taken away.
      await ok("PUT", `/api/iam/roles/${role.uuid}/permissions`, admin, {
        permissions: [{ resource: "vessel", operations: ["Read"] }],
      });
      expect((await call("GET", "/api/crm/company", seller)).statusCode).toBe(403);
      expect((await call("GET", "/api/custom_schema/vessel", seller)).statusCode).toBe(200);

      const unknown = await call("PUT", `/api/iam/roles/${role.uuid}/permissions`, admin, {
        permissions: [{ resource: "Vessel", operations: ["Read"] }],
      });
      expect(errorsOf(unknown)).toEqual({ "permissions.0.resource": "Must be one of the options" });
      const badOperation = await call("PUT", `/api/iam/roles/${role.uuid}/permissions`, admin, {
        permissions: [{ resource: "Company", operations: ["Fly"] }],
      });
      expect(badOperation.statusCode).toBe(400);
      expect(user).toBeTruthy();
    });

    it("keeps the administrator role's access to the settings and the users", async () => {
      const adminRole = roleIds["Company administrator"];
      const matrix = await ok("GET", `/api/iam/roles/${adminRole}/permissions`);
      expect(matrix.role.administrator).toBe(true);
      expect(matrix.resources.every((r: any) => r.operations.length === 4)).toBe(true);
      const without = (resource: string, operation: string) =>
        matrix.resources.map((r: any) => ({
          resource: r.resource,
          operations: r.resource === resource ? r.operations.filter((op: string) => op !== operation) : r.operations,
        }));
      for (const [resource, operation] of [
        ["System_Settings", "Update"],
        ["System_Settings", "Read"],
        ["Users", "Delete"],
      ]) {
        const response = await call("PUT", `/api/iam/roles/${adminRole}/permissions`, admin, {
          permissions: without(resource, operation),
        });
        expect(refused(response, 409, "AdministratorRoleException")).toBe(english(iamTexts.AdministratorRoleException));
      }
      // What else it has may change, and come back.
      await ok("PUT", `/api/iam/roles/${adminRole}/permissions`, admin, { permissions: without("Import", "Delete") });
      await ok("PUT", `/api/iam/roles/${adminRole}/permissions`, admin, { permissions: matrix.resources });
    });
  });

  describe("access", () => {
    /** Every endpoint of user, group and role administration, and who may call it. */
    const endpoints = (ids: { user: string; group: string; role: string }) => {
      const employeeChange = { firstName: "E", lastName: "N", roleUuid: roleIds.Employee };
      return [
        { method: "GET", url: "/api/iam/users/employees", reader: true },
        { method: "GET", url: `/api/iam/users/employees/${ids.user}`, reader: true },
        { method: "GET", url: `/api/iam/users/employees/${ids.user}/history`, reader: true },
        {
          method: "POST",
          url: "/api/iam/users/employees",
          body: { email: "denied@example.com", firstName: "D", lastName: "D", roleUuid: roleIds.Employee },
        },
        { method: "PUT", url: `/api/iam/users/employees/${ids.user}`, body: employeeChange },
        { method: "PUT", url: `/api/iam/users/employees/${ids.user}/deactivate` },
        { method: "PUT", url: `/api/iam/users/employees/${ids.user}/reactivate` },
        { method: "PUT", url: `/api/iam/users/employees/${ids.user}/resend-invitation` },
        { method: "GET", url: "/api/iam/groups" },
        { method: "POST", url: "/api/iam/groups", body: { name: "Denied" } },
        { method: "GET", url: `/api/iam/groups/${ids.group}` },
        { method: "PUT", url: `/api/iam/groups/${ids.group}`, body: { name: "Denied" } },
        { method: "DELETE", url: `/api/iam/groups/${ids.group}` },
        { method: "GET", url: `/api/iam/groups/${ids.group}/members` },
        { method: "POST", url: `/api/iam/groups/${ids.group}/members`, body: { userUuids: [ids.user] } },
        { method: "DELETE", url: `/api/iam/groups/${ids.group}/members/${ids.user}` },
        { method: "GET", url: "/api/iam/roles", reader: true },
        { method: "POST", url: "/api/iam/roles", body: { name: "Denied" } },
        { method: "GET", url: `/api/iam/roles/${ids.role}`, reader: true },
        { method: "PUT", url: `/api/iam/roles/${ids.role}`, body: { name: "Denied" } },
        { method: "DELETE", url: `/api/iam/roles/${ids.role}` },
        { method: "GET", url: `/api/iam/roles/${ids.role}/permissions` },
        { method: "PUT", url: `/api/iam/roles/${ids.role}/permissions`, body: { permissions: [] } },
      ] as { method: Method; url: string; body?: object; reader?: boolean }[];
    };

    it("refuses each endpoint to a user without the right, and to no one signed in", async () => {
      const group = await ok("POST", "/api/iam/groups", admin, { name: "Access target" });
      const role = await ok("POST", "/api/iam/roles", admin, { name: "Access target" });
      const invited = await ok("POST", "/api/iam/users/employees", admin, {
        email: "target@example.com",
        firstName: "T",
        lastName: "T",
        roleUuid: roleIds.Employee,
      });
      await ok("POST", `/api/iam/groups/${group.uuid}/members`, admin, { userUuids: [invited.uuid] });
      const ids = { user: invited.uuid, group: group.uuid, role: role.uuid };
      // Employees and readers may read users (Read on Users) and roles, and change nothing.
      for (const tokens of [employee, readOnly]) {
        for (const endpoint of endpoints(ids)) {
          const response = await call(endpoint.method, endpoint.url, tokens, endpoint.body);
          const label = `${endpoint.method} ${endpoint.url}`;
          if (endpoint.reader) expect(response.statusCode, label).toBe(200);
          else expect(refused(response, 403, "AccessDeniedException"), label).toBe("Operation not permitted");
        }
      }
      for (const endpoint of endpoints(ids)) {
        const response = await t.app.inject({ method: endpoint.method, url: endpoint.url, payload: endpoint.body });
        expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      }
      // Nothing changed.
      expect((await ok("GET", `/api/iam/users/employees/${invited.uuid}`)).status).toBe("invited");
      expect((await ok("GET", `/api/iam/groups/${group.uuid}`)).members).toBe(1);
      expect((await ok("GET", `/api/iam/roles/${role.uuid}`)).name).toBe("Access target");
    });

    it("answers 404 for unknown ids and for one kind's id given as another's, 400 for malformed ones", async () => {
      const group = await ok("POST", "/api/iam/groups", admin, { name: "Idor group" });
      const other = await ok("POST", "/api/iam/groups", admin, { name: "Idor other" });
      const role = await ok("POST", "/api/iam/roles", admin, { name: "Idor role" });
      const user = userIds["readonly@example.com"];
      await ok("POST", `/api/iam/groups/${group.uuid}/members`, admin, { userUuids: [user] });
      const swapped = [
        // A group's or role's id as a user's, a user's or role's as a group's, a user's or group's as a role's.
        ...[group.uuid, role.uuid, UNKNOWN].flatMap((id) => [
          ["GET", `/api/iam/users/employees/${id}`],
          ["GET", `/api/iam/users/employees/${id}/history`],
          ["PUT", `/api/iam/users/employees/${id}`, { firstName: "X", lastName: "Y", roleUuid: roleIds.Employee }],
          ["PUT", `/api/iam/users/employees/${id}/deactivate`],
          ["PUT", `/api/iam/users/employees/${id}/reactivate`],
          ["PUT", `/api/iam/users/employees/${id}/resend-invitation`],
        ]),
        ...[user, role.uuid, UNKNOWN].flatMap((id) => [
          ["GET", `/api/iam/groups/${id}`],
          ["PUT", `/api/iam/groups/${id}`, { name: "Stolen" }],
          ["DELETE", `/api/iam/groups/${id}`],
          ["GET", `/api/iam/groups/${id}/members`],
          ["POST", `/api/iam/groups/${id}/members`, { userUuids: [user] }],
          ["DELETE", `/api/iam/groups/${id}/members/${user}`],
        ]),
        ...[user, group.uuid, UNKNOWN].flatMap((id) => [
          ["GET", `/api/iam/roles/${id}`],
          ["PUT", `/api/iam/roles/${id}`, { name: "Stolen" }],
          ["DELETE", `/api/iam/roles/${id}`],
          ["GET", `/api/iam/roles/${id}/permissions`],
          ["PUT", `/api/iam/roles/${id}/permissions`, { permissions: [] }],
        ]),
        // A member of one group removed through another.
        ["DELETE", `/api/iam/groups/${other.uuid}/members/${user}`],
      ] as [Method, string, object?][];
      for (const [method, url, body] of swapped) {
        expect((await call(method, url, admin, body)).statusCode, `${method} ${url}`).toBe(404);
      }
      for (const [method, url] of [
        ["GET", "/api/iam/users/employees/not-a-uuid/history"],
        ["GET", "/api/iam/groups/not-a-uuid"],
        ["GET", "/api/iam/roles/not-a-uuid/permissions"],
        ["DELETE", `/api/iam/groups/${group.uuid}/members/not-a-uuid`],
      ] as [Method, string][]) {
        expect((await call(method, url)).statusCode, url).toBe(400);
      }
      expect((await ok("GET", `/api/iam/groups/${group.uuid}/members`)).totalElements).toBe(1);
      expect((await ok("GET", `/api/iam/groups/${group.uuid}`)).name).toBe("Idor group");
    });
  });
});
