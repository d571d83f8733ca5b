import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppPath, OWN_SHORTCUTS_MAX, shortcutTexts } from "../../server/contract/shortcuts.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface Shortcut {
  uuid: string;
  name: string;
  url: string;
  visible: boolean;
  ordering: number;
  own: boolean;
  visibility: string | null;
  group: { uuid: string; name: string } | null;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

describe(`shortcuts on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;

  const call = (method: Method, url: string, tokens: Tokens | null = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: tokens ? bearer(tokens.access_token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const listOf = async (tokens: Tokens): Promise<Shortcut[]> => {
    const response = await call("GET", "/api/shortcuts/shortcut/user", tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const namesOf = async (tokens: Tokens) => (await listOf(tokens)).map((s) => s.name);
  const addOwn = async (tokens: Tokens, name: string, url: string): Promise<Shortcut> => {
    const response = await call("POST", "/api/shortcuts/shortcut", tokens, { name, url });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const addShared = async (body: object) => {
    const response = await call("POST", "/api/shortcuts/shared", admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Promise<{ uuid: string; ordering: number }>;
  };
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, e.defaultMessage]));
  const userId = async (email: string) =>
    (await t.app.db.selectFrom("core.app_user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("takes only paths inside the app as a shortcut's address", () => {
    for (const good of ["/", "/companies", "/companies?q=acme&sort=name,desc", "/todo/123/history#top", "/a/../b"]) {
      expect(isAppPath(good), good).toBe(true);
    }
    for (const bad of [
      "",
      "companies",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      " /companies",
      "/companies x",
      "/..//evil.example",
      "/%0a",
    ]) {
      // "/%0a" is a percent-encoded path, which is a path: it passes, and only raw characters are refused.
      if (bad === "/%0a") expect(isAppPath(bad)).toBe(true);
      else expect(isAppPath(bad), bad).toBe(false);
    }
  });

  it("adds a user's own shortcut last, shows it to them alone, and refuses an address outside the app", async () => {
    expect(await listOf(employee)).toEqual([]);
    const companies = await addOwn(employee, "  Companies  ", "/companies");
    expect(companies).toMatchObject({
      name: "Companies",
      url: "/companies",
      visible: true,
      ordering: 0,
      own: true,
      visibility: null,
      group: null,
    });
    const todo = await addOwn(employee, "My to-dos", "/todo?filter.assigned_user_id=me");
    expect(todo.ordering).toBe(1);
    expect(await namesOf(employee)).toEqual(["Companies", "My to-dos"]);
    expect(await listOf(admin)).toEqual([]);

    for (const [url, message] of [
      ["https://evil.example/", english(shortcutTexts.appPath)],
      ["//evil.example/x", english(shortcutTexts.appPath)],
      ["/\\evil.example", english(shortcutTexts.appPath)],
      ["javascript:alert(1)", english(shortcutTexts.appPath)],
      ["", "Required"],
      [`/${"a".repeat(1000)}`, "Max 1000 limit"],
    ]) {
      const response = await call("POST", "/api/shortcuts/shortcut", employee, { name: "Bad", url });
      expect(response.statusCode, url).toBe(400);
      expect(errorsOf(response).url, url).toBe(message);
    }
    const unnamed = await call("POST", "/api/shortcuts/shortcut", employee, { name: " ", url: "/notes" });
    expect(errorsOf(unnamed).name).toBe("Required");
    const long = await call("POST", "/api/shortcuts/shortcut", employee, { name: "n".repeat(256), url: "/notes" });
    expect(errorsOf(long).name).toBe("Max 255 limit");

    // The same page twice is refused with the spec's duplicate text.
    const again = await call("POST", "/api/shortcuts/shortcut", employee, { name: "Again", url: "/companies" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      exceptionName: "DuplicateValueException",
      message: "/companies already exist",
    });
    expect(await namesOf(employee)).toEqual(["Companies", "My to-dos"]);
  });

  it("hides, shows, orders, renames and deletes a user's own shortcuts", async () => {
    const [companies, todo] = await listOf(employee);
    const notes = await addOwn(employee, "Notes", "/notes");

    const hidden = await call("PATCH", `/api/shortcuts/shortcut/${todo.uuid}/visibility?visible=false`, employee);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ uuid: todo.uuid, visible: false, ordering: 1 });
    expect((await listOf(employee)).map((s) => s.visible)).toEqual([true, false, true]);
    const badFlag = await call("PATCH", `/api/shortcuts/shortcut/${todo.uuid}/visibility?visible=maybe`, employee);
    expect(badFlag.statusCode).toBe(400);

    const ordered = await call("PATCH", "/api/shortcuts/shortcut/order", employee, [notes.uuid, companies.uuid]);
    expect(ordered.statusCode, ordered.body).toBe(200);
    // The one left out follows; hidden stays hidden.
    expect(ordered.json().map((s: Shortcut) => [s.name, s.ordering, s.visible])).toEqual([
      ["Notes", 0, true],
      ["Companies", 1, true],
      ["My to-dos", 2, false],
    ]);
    expect(await namesOf(employee)).toEqual(["Notes", "Companies", "My to-dos"]);

    const twice = await call("PATCH", "/api/shortcuts/shortcut/order", employee, [notes.uuid, notes.uuid]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(english(shortcutTexts.listedOnce));
    for (const body of [[], ["not-a-uuid"], { ids: [notes.uuid] }]) {
      expect((await call("PATCH", "/api/shortcuts/shortcut/order", employee, body)).statusCode).toBe(400);
    }

    const shown = await call("PATCH", `/api/shortcuts/shortcut/${todo.uuid}/visibility?visible=true`, employee);
    expect(shown.json()).toMatchObject({ visible: true, ordering: 2 });

    const renamed = await call("PUT", `/api/shortcuts/shortcut/${notes.uuid}`, employee, {
      name: "All notes",
      url: "/notes?sort=created_at,desc",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "All notes", url: "/notes?sort=created_at,desc", ordering: 0 });
    const clash = await call("PUT", `/api/shortcuts/shortcut/${notes.uuid}`, employee, {
      name: "Clash",
      url: "/companies",
    });
    expect(clash.statusCode).toBe(409);
    const outside = await call("PUT", `/api/shortcuts/shortcut/${notes.uuid}`, employee, {
      name: "Out",
      url: "http://evil.example",
    });
    expect(errorsOf(outside).url).toBe(english(shortcutTexts.appPath));

    expect((await call("DELETE", `/api/shortcuts/shortcut/${notes.uuid}`, employee)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/shortcuts/shortcut/${notes.uuid}`, employee)).statusCode).toBe(404);
    expect((await listOf(employee)).map((s) => [s.name, s.ordering])).toEqual([
      ["Companies", 0],
      ["My to-dos", 1],
    ]);
  });

  it("keeps another user's own shortcuts invisible and unchangeable (404), whatever the call", async () => {
    const [theirs] = await listOf(employee);
    const before = await listOf(employee);
    for (const [method, url, body] of [
      ["PATCH", `/api/shortcuts/shortcut/${theirs.uuid}/visibility?visible=false`, undefined],
      ["PATCH", "/api/shortcuts/shortcut/order", [theirs.uuid]],
      ["PUT", `/api/shortcuts/shortcut/${theirs.uuid}`, { name: "Mine now", url: "/" }],
      ["DELETE", `/api/shortcuts/shortcut/${theirs.uuid}`, undefined],
      // An own shortcut is not a shared one either, for the settings' calls.
      ["GET", `/api/shortcuts/shared/${theirs.uuid}`, undefined],
      ["PUT", `/api/shortcuts/shared/${theirs.uuid}`, { name: "Shared now", url: "/", visibility: "everyone" }],
      ["DELETE", `/api/shortcuts/shared/${theirs.uuid}`, undefined],
    ] as [Method, string, unknown][]) {
      for (const tokens of [admin, reader]) {
        const response = await call(method, url, tokens, body);
        // The settings' calls first ask for the settings permission, which the reader lacks.
        const expected = url.includes("/shared/") && tokens === reader ? 403 : 404;
        expect(response.statusCode, `${method} ${url}`).toBe(expected);
      }
    }
    expect(await listOf(employee)).toEqual(before);
    expect((await listOf(admin)).map((s) => s.uuid)).not.toContain(theirs.uuid);
    expect((await listOf(reader)).map((s) => s.uuid)).not.toContain(theirs.uuid);
    // Ids that are not ids are simply not found.
    for (const id of ["nothing", "00000000-0000-0000-0000-000000000000", "x".repeat(64)]) {
      expect((await call("DELETE", `/api/shortcuts/shortcut/${id}`, employee)).statusCode).toBe(404);
      expect((await call("PATCH", `/api/shortcuts/shortcut/${id}/visibility?visible=true`, employee)).statusCode).toBe(
        404,
      );
    }
  });

  it("shows shared shortcuts to everyone, to administrators only, or to one group's members", async () => {
    const groups = await t.app.db.selectFrom("core.user_group").select(["id", "name"]).orderBy("name").execute();
    const [team, other] = groups;
    await t.app.db
      .insertInto("core.user_group_member")
      .values({ group_id: team.id, user_id: await userId("readonly@example.com") })
      .execute();

    const everyone = await addShared({ name: "Handbook", url: "/notes?q=handbook", visibility: "everyone" });
    const admins = await addShared({ name: "Settings", url: "/system-settings", visibility: "admins" });
    const forTeam = await addShared({
      name: "Team inbox",
      url: "/inquiries",
      visibility: "group",
      groupUuid: team.id,
    });
    await addShared({ name: "Other team", url: "/todo", visibility: "group", groupUuid: other.id, ordering: 0 });
    expect([everyone.ordering, admins.ordering, forTeam.ordering]).toEqual([0, 1, 2]);

    // The admin is in neither group.
    expect(await namesOf(admin)).toEqual(["Handbook", "Settings"]);
    expect(await namesOf(employee)).toEqual(["Companies", "My to-dos", "Handbook"]);
    expect(await namesOf(reader)).toEqual(["Handbook", "Team inbox"]);
    const teamShortcut = (await listOf(reader))[1];
    expect(teamShortcut).toMatchObject({ own: false, visibility: "group", group: { uuid: team.id, name: team.name } });

    // A user hides and orders shared ones for themselves alone.
    const [, , handbook] = await listOf(employee);
    await call("PATCH", `/api/shortcuts/shortcut/${handbook.uuid}/visibility?visible=false`, employee);
    const order = await call("PATCH", "/api/shortcuts/shortcut/order", employee, [handbook.uuid]);
    expect(order.json().map((s: Shortcut) => [s.name, s.visible])).toEqual([
      ["Handbook", false],
      ["Companies", true],
      ["My to-dos", true],
    ]);
    expect((await listOf(reader))[0]).toMatchObject({ name: "Handbook", visible: true });

    // Only the settings change shared ones; a user cannot rename or delete them as their own.
    expect(
      (await call("PUT", `/api/shortcuts/shortcut/${handbook.uuid}`, employee, { name: "x", url: "/" })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/api/shortcuts/shortcut/${handbook.uuid}`, employee)).statusCode).toBe(404);

    // A shared one for administrators is invisible and unchangeable to others.
    for (const tokens of [employee, reader]) {
      expect(
        (await call("PATCH", `/api/shortcuts/shortcut/${admins.uuid}/visibility?visible=false`, tokens)).statusCode,
      ).toBe(404);
      expect((await call("PATCH", "/api/shortcuts/shortcut/order", tokens, [admins.uuid])).statusCode).toBe(404);
    }

    // A change in the settings shows in every list at once; a shortcut gone from the settings is gone for everyone.
    const moved = await call("PUT", `/api/shortcuts/shared/${forTeam.uuid}`, admin, {
      name: "Everyone's inbox",
      url: "/inquiries",
      visibility: "everyone",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ visibility: "everyone", group: null, ordering: 2 });
    expect(await namesOf(employee)).toEqual(["Handbook", "Companies", "My to-dos", "Everyone's inbox"]);
    expect((await call("DELETE", `/api/shortcuts/shared/${forTeam.uuid}`)).statusCode).toBe(204);
    expect(await namesOf(employee)).toEqual(["Handbook", "Companies", "My to-dos"]);
    expect((await call("DELETE", `/api/shortcuts/shared/${forTeam.uuid}`)).statusCode).toBe(404);

    // A group's shortcuts go with the group.
    await t.app.db.deleteFrom("core.user_group").where("id", "=", other.id).execute();
    expect((await call("GET", "/api/shortcuts/shared")).json().map((s: { name: string }) => s.name)).toEqual([
      "Handbook",
      "Settings",
    ]);
  });

  it("checks a shared shortcut's audience and address", async () => {
    const refused = async (body: object, field: string, message: string) => {
      const response = await call("POST", "/api/shortcuts/shared", admin, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorsOf(response)[field], JSON.stringify(body)).toBe(message);
    };
    await refused({ name: "G", url: "/", visibility: "group" }, "groupUuid", "Required");
    await refused(
      { name: "G", url: "/", visibility: "group", groupUuid: crypto.randomUUID() },
      "groupUuid",
      "Must be one of the options",
    );
    await refused({ name: "G", url: "/", visibility: "nobody" }, "visibility", "Must be one of the options");
    await refused(
      { name: "G", url: "https://evil.example", visibility: "everyone" },
      "url",
      english(shortcutTexts.appPath),
    );
    await refused({ name: "G", url: "/", visibility: "everyone", ordering: -1 }, "ordering", "Must be at least 0");
    // A group named for another audience is not kept.
    const [group] = await t.app.db.selectFrom("core.user_group").select("id").execute();
    const plain = await addShared({ name: "Plain", url: "/contacts", visibility: "everyone", groupUuid: group.id });
    expect((await call("GET", `/api/shortcuts/shared/${plain.uuid}`)).json()).toMatchObject({ group: null });
    expect((await call("DELETE", `/api/shortcuts/shared/${plain.uuid}`)).statusCode).toBe(204);
  });

  it("answers each call by the role's permissions (the permission matrix)", async () => {
    const own = await addOwn(reader, "Reader's", "/contacts");
    const shared = await addShared({ name: "Matrix", url: "/companies", visibility: "everyone" });
    const sharedBody = { name: "Matrix", url: "/companies", visibility: "everyone" };
    // Every signed-in user keeps their own list; only System_Settings reads (Read) and changes (Update) shared ones.
    const calls: [Method, string, unknown, { admin: number; employee: number; reader: number }][] = [
      ["GET", "/api/shortcuts/shortcut/user", undefined, { admin: 200, employee: 200, reader: 200 }],
      [
        "PATCH",
        `/api/shortcuts/shortcut/${shared.uuid}/visibility?visible=true`,
        undefined,
        { admin: 200, employee: 200, reader: 200 },
      ],
      ["PATCH", "/api/shortcuts/shortcut/order", [shared.uuid], { admin: 200, employee: 200, reader: 200 }],
      [
        "POST",
        "/api/shortcuts/shortcut",
        { name: "Matrix own", url: "/matrix" },
        { admin: 201, employee: 201, reader: 201 },
      ],
      [
        "PUT",
        `/api/shortcuts/shortcut/${own.uuid}`,
        { name: "Reader's", url: "/contacts" },
        { admin: 404, employee: 404, reader: 200 },
      ],
      ["GET", "/api/shortcuts/shared", undefined, { admin: 200, employee: 403, reader: 403 }],
      ["GET", `/api/shortcuts/shared/${shared.uuid}`, undefined, { admin: 200, employee: 403, reader: 403 }],
      [
        "POST",
        "/api/shortcuts/shared",
        { ...sharedBody, name: "Matrix new" },
        { admin: 201, employee: 403, reader: 403 },
      ],
      ["PUT", `/api/shortcuts/shared/${shared.uuid}`, sharedBody, { admin: 200, employee: 403, reader: 403 }],
    ];
    for (const [method, url, body, expected] of calls) {
      for (const [role, tokens] of [
        ["admin", admin],
        ["employee", employee],
        ["reader", reader],
      ] as const) {
        const response = await call(method, url, tokens, body);
        expect(response.statusCode, `${role} ${method} ${url}: ${response.body}`).toBe(expected[role]);
      }
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    for (const tokens of [employee, reader]) {
      expect((await call("DELETE", `/api/shortcuts/shared/${shared.uuid}`, tokens)).statusCode).toBe(403);
    }
    expect((await call("DELETE", `/api/shortcuts/shared/${shared.uuid}`, null)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/shortcuts/shared/${shared.uuid}`, admin)).statusCode).toBe(204);
    for (const tokens of [admin, employee]) {
      expect((await call("DELETE", `/api/shortcuts/shortcut/${own.uuid}`, tokens)).statusCode).toBe(404);
    }
    expect((await call("DELETE", `/api/shortcuts/shortcut/${own.uuid}`, null)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/shortcuts/shortcut/${own.uuid}`, reader)).statusCode).toBe(204);
  });

  it(`keeps at most ${OWN_SHORTCUTS_MAX} own shortcuts per user`, async () => {
    const existing = (await listOf(admin)).filter((s) => s.own).length;
    for (let n = existing; n < OWN_SHORTCUTS_MAX; n++) await addOwn(admin, `Page ${n}`, `/page/${n}`);
    const over = await call("POST", "/api/shortcuts/shortcut", admin, { name: "One more", url: "/one-more" });
    expect(over.statusCode).toBe(400);
    expect(errorsOf(over).url).toBe(english(shortcutTexts.ownLimit));
    // Others are not limited by the admin's.
    await addOwn(employee, "Still fine", "/still-fine");
  });
});
