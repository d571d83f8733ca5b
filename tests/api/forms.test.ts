import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BANNER_MAX_BYTES, formTexts } from "../../server/contract/forms.ts";
import { signToken } from "../../server/forms/submission-tokens.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { grant } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { multipartBody, pngFile } from "../support/upload-files.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The secret the workspace signs its submission tokens with. */
async function tokenSecret(t: TestApp): Promise<string> {
  const row = await t.app.db
    .selectFrom("core.setting")
    .select("value")
    .where("key", "=", "form_token_secret")
    .executeTakeFirstOrThrow();
  return String(row.value);
}

describe(`web forms on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;
  let address = 0;

  const call = (method: Method, url: string, tokens: Tokens | null = admin, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(tokens ? bearer(tokens.access_token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const errorsOf = (response: { json(): any }) =>
    Object.fromEntries((response.json().errors ?? []).map((e: any) => [e.field, english(e.defaultMessage)]));
  const question = (label: string, extra: object = {}) => ({ type: "QUESTION", label, ...extra });
  const create = async (body: object = {}, tokens: Tokens = admin) => {
    const response = await call("POST", "/api/forms", tokens, {
      title: "Contact us",
      blocks: [question("Name")],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  /** A token the public page got `ageMs` ago, as a clock would have signed it then. */
  const tokenFor = async (formId: string, ageMs = 5000) => signToken(await tokenSecret(t), formId, Date.now() - ageMs);
  /** Each submission from an address of its own, unless a test is about one address. */
  const submit = (publicId: string, body: object, ip = `198.51.100.${++address % 250}`, tokens: Tokens | null = null) =>
    call("POST", `/api/public/forms/${publicId}/submissions`, tokens, body, { "x-forwarded-for": ip });
  const stored = async (formId: string) =>
    Number(
      (
        await t.app.db
          .selectFrom("core.form_submission")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("form_id", "=", formId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const refusals = async (formId: string) => (await call("GET", `/api/forms/${formId}`)).json().refusals;
  const openForm = async (blocks: object[] = [question("Name")], extra: object = {}) =>
    create({ title: "Open form", open: true, blocks, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await grant(t.app.db, "Employee", "Form", ["Create", "Read", "Update", "Delete"]);
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates a form with the spec's defaults, closed, with a random public id", async () => {
    const form = await create();
    expect(form).toMatchObject({
      title: "Contact us",
      submitLabelText: "Submit",
      submitLabelColorCode: "#ffffff",
      submitButtonColorCode: "#239859",
      open: false,
      acceptingResponse: true,
      accessibility: "open",
      visibility: "everyone",
      autoMerge: false,
      submissionCount: 0,
      version: 1,
      bannerUrl: null,
    });
    expect(form.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await create()).publicId).not.toBe(form.publicId);
    expect(form.blocks[0]).toMatchObject({ type: "QUESTION", label: "Name", inputType: "Text", maxLength: 255 });
  });

  it("refuses a form without a question block, and colours that are not hex", async () => {
    const onlyTitle = await call("POST", "/api/forms", admin, {
      title: "No questions",
      blocks: [{ type: "TITLE", heading: "Hello" }],
    });
    expect(onlyTitle.statusCode).toBe(400);
    expect(errorsOf(onlyTitle)).toEqual({ blocks: "A form needs at least one question block." });
    const colours = await call("POST", "/api/forms", admin, {
      title: "Colours",
      submitButtonColorCode: "red",
      submitLabelColorCode: "#12345",
      blocks: [question("Name")],
    });
    expect(colours.statusCode).toBe(400);
    expect(errorsOf(colours)).toEqual({
      submitButtonColorCode: english(formTexts.invalidColour),
      submitLabelColorCode: english(formTexts.invalidColour),
    });
  });

  it("maps a question to a contact's field, taking its type, and refuses a field the contact does not have", async () => {
    const form = await create({
      blocks: [
        question("Email", { mergeWith: { entity: "contact", field: "email" }, required: true }),
        question("Size", { fieldType: "List", options: ["Small", "Large"] }),
      ],
    });
    expect(form.blocks[0]).toMatchObject({ inputType: "Email", mergeWith: { entity: "contact", field: "email" } });
    expect(form.blocks[1]).toMatchObject({ inputType: "List", options: [{ value: "Small" }, { value: "Large" }] });
    const unknown = await call("POST", "/api/forms", admin, {
      title: "Bad",
      blocks: [question("X", { mergeWith: { entity: "company", field: "no_such_field" } })],
    });
    expect(errorsOf(unknown)).toEqual({ "blocks.0.mergeWith.field": "Must be one of the options" });
  });

  it("offers the builder the fields a question may be mapped to and the groups, to those who may build forms", async () => {
    const response = await call("GET", "/api/forms/builder-options");
    expect(response.statusCode).toBe(200);
    const { fields, groups } = response.json();
    const contactKeys = fields.contact.map((field: any) => field.key);
    expect(contactKeys).toContain("email");
    expect(fields.contact.find((field: any) => field.key === "email")).toMatchObject({ type: "Email" });
    expect(fields.company.map((field: any) => field.key)).toContain("name");
    // Fields that list the workspace's rows (users, groups, statuses) are never asked of the public.
    for (const field of [...fields.contact, ...fields.company]) expect(field.type).not.toBe("Query");
    expect(Array.isArray(groups)).toBe(true);
    expect((await call("GET", "/api/forms/builder-options", reader)).statusCode).toBe(403);
  });

  it("refuses an update made from an outdated version", async () => {
    const form = await create();
    const body = { title: "Renamed", blocks: form.blocks, version: form.version };
    const first = await call("PUT", `/api/forms/${form.uuid}`, admin, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ title: "Renamed", version: 2 });
    expect(first.json().blocks[0].id).toBe(form.blocks[0].id);
    const stale = await call("PUT", `/api/forms/${form.uuid}`, admin, { ...body, title: "Lost" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      exceptionName: "RecordOutdatedException",
      message: "This record is outdated, please reopen the form.",
    });
    expect((await call("GET", `/api/forms/${form.uuid}`)).json().title).toBe("Renamed");
  });

  it("needs the Form rights, hides forms by visibility, and answers 404 for unknown ids", async () => {
    expect((await call("GET", "/api/forms", reader)).statusCode).toBe(403);
    expect((await call("POST", "/api/forms", reader, { title: "x", blocks: [question("a")] })).statusCode).toBe(403);
    const adminsOnly = await create({ title: "Admins only", visibility: "admin" });
    const group = await t.app.db
      .insertInto("core.user_group")
      .values({ name: "Form group" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const grouped = await create({ title: "Grouped", visibility: "groups", groupIds: [group.id] });
    expect(grouped.groups).toEqual([{ uuid: group.id, name: "Form group" }]);
    expect((await call("GET", `/api/forms/${adminsOnly.uuid}`, employee)).statusCode).toBe(404);
    expect((await call("GET", `/api/forms/${grouped.uuid}`, employee)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/forms/${grouped.uuid}`, employee)).statusCode).toBe(404);
    const employeeId = (
      await t.app.db
        .selectFrom("core.app_user")
        .select("id")
        .where("email", "=", "employee@example.com")
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.db.insertInto("core.user_group_member").values({ group_id: group.id, user_id: employeeId }).execute();
    expect((await call("GET", `/api/forms/${grouped.uuid}`, employee)).statusCode).toBe(200);
    const titles = (await call("GET", "/api/forms?size=200", employee)).json().content.map((f: any) => f.title);
    expect(titles).toContain("Grouped");
    expect(titles).not.toContain("Admins only");
    expect((await call("GET", "/api/forms/00000000-0000-0000-0000-000000000000")).statusCode).toBe(404);
    expect((await call("GET", "/api/forms/not-an-id")).statusCode).toBe(404);
  });

  it("lists forms with a search of three characters or more, by status, with their submission counts", async () => {
    const open = await openForm([question("Name")], { title: "Zebra campaign" });
    await create({ title: "Zebra closed" });
    await submit(open.publicId, { answers: {}, token: await tokenFor(open.uuid) });
    const found = (await call("GET", "/api/forms?q=zebra")).json();
    expect(found.totalElements).toBe(2);
    expect(found).toMatchObject({ page: 0, size: 25 });
    const openOnly = (await call("GET", "/api/forms?q=zebra&status=open")).json();
    expect(openOnly.content.map((f: any) => [f.title, f.submissionCount])).toEqual([["Zebra campaign", 1]]);
    expect((await call("GET", "/api/forms?q=zebra&status=closed")).json().content.map((f: any) => f.title)).toEqual([
      "Zebra closed",
    ]);
    // Two characters are no search.
    expect((await call("GET", "/api/forms?q=ze")).json().totalElements).toBeGreaterThan(2);
    expect((await call("GET", "/api/forms?q=zebra&accepting=false")).json().totalElements).toBe(0);
  });

  it("refuses to delete a form with a response, deletes one without", async () => {
    const empty = await create();
    expect((await call("DELETE", `/api/forms/${empty.uuid}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/forms/${empty.uuid}`)).statusCode).toBe(404);
    const answered = await openForm();
    expect((await submit(answered.publicId, { answers: {}, token: await tokenFor(answered.uuid) })).statusCode).toBe(
      201,
    );
    const refused = await call("DELETE", `/api/forms/${answered.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      exceptionName: "FormWithResponseException",
      message: "Cannot delete Form with a response.",
    });
  });

  it("unlinks: clears mergeWith on question blocks and drops the rest", async () => {
    const form = await create({
      blocks: [
        { type: "TITLE", heading: "About you" },
        question("Email", { mergeWith: { entity: "contact", field: "email" } }),
        question("Note"),
      ],
    });
    const unlinked = await call("POST", `/api/forms/${form.uuid}/unlink`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().blocks.map((b: any) => [b.type, b.label, b.mergeWith, b.inputType])).toEqual([
      ["QUESTION", "Email", null, "Email"],
      ["QUESTION", "Note", null, "Text"],
    ]);
  });

  it("stores an image banner of at most 10 MB, and serves it by public id", async () => {
    const form = await create();
    const upload = (content: Buffer, name = "banner.png") => {
      const body = multipartBody({}, { name, content });
      return t.app.inject({
        method: "PUT",
        url: `/api/forms/${form.uuid}/banner`,
        headers: { ...bearer(admin.access_token), ...body.headers },
        payload: body.payload,
      });
    };
    const notImage = await upload(Buffer.from("just text"), "banner.png");
    expect(notImage.statusCode).toBe(415);
    expect(errorsOf(notImage)).toEqual({ file: "File type not supported" });
    const tooLarge = await upload(Buffer.concat([pngFile, Buffer.alloc(FORM_BANNER_MAX_BYTES)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorsOf(tooLarge)).toEqual({ file: "File should not exceed 10mb" });
    const ok = await upload(pngFile);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bannerUrl).toMatch(new RegExp(`^/api/public/forms/${form.publicId}/banner\\?v=`));
    const image = await call("GET", ok.json().bannerUrl, null);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toContain("max-age");
    expect(image.rawPayload.equals(pngFile)).toBe(true);
    expect((await call("DELETE", `/api/forms/${form.uuid}/banner`)).json().bannerUrl).toBeNull();
  });

  it("answers the public form with its state, and a token only while it takes responses", async () => {
    const closed = await create();
    const closedView = await call("GET", `/api/public/forms/${closed.publicId}`, null);
    expect(closedView.statusCode).toBe(200);
    expect(closedView.json()).toMatchObject({ state: "closed", token: null, title: "Contact us" });
    const open = await openForm([question("Email", { mergeWith: { entity: "contact", field: "email" } })]);
    const view = (await call("GET", `/api/public/forms/${open.publicId}`, null)).json();
    expect(view).toMatchObject({ state: "open", submitLabelText: "Submit", submitButtonColorCode: "#239859" });
    expect(view.blocks[0]).toMatchObject({ inputType: "Email", label: "Email" });
    expect(view.token).toMatch(new RegExp(`^${open.uuid}\\.`));
    const paused = await openForm([question("a")], { acceptingResponse: false });
    expect((await call("GET", `/api/public/forms/${paused.publicId}`, null)).json()).toMatchObject({
      state: "notAccepting",
      token: null,
    });
    expect((await call("GET", "/api/public/forms/no-such-form", null)).statusCode).toBe(404);
    const login = await openForm([question("a")], { accessibility: "login" });
    expect((await call("GET", `/api/public/forms/${login.publicId}`, null)).statusCode).toBe(401);
    expect((await call("GET", `/api/public/forms/${login.publicId}`, reader)).json().state).toBe("open");
  });

  it("takes a submission with its answers, and tells the form's owner", async () => {
    const form = await openForm(
      [
        question("Email", { mergeWith: { entity: "contact", field: "email" }, required: true }),
        question("Age", { fieldType: "Number" }),
        question("Size", { fieldType: "List", options: ["Small", "Large"] }),
      ],
      {},
    );
    const owned = await create({ title: "Employee's form", open: true, blocks: [question("Name")] }, employee);
    const [email, age, size] = form.blocks.map((b: any) => b.id);
    const accepted = await submit(form.publicId, {
      answers: { [email]: "ada@example.com", [age]: 36, [size]: "Large" },
      token: await tokenFor(form.uuid),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const id = accepted.json().uuid;
    const one = (await call("GET", `/api/forms/${form.uuid}/submissions/${id}`)).json();
    expect(one).toMatchObject({
      answers: { [email]: "ada@example.com", [age]: 36, [size]: "Large" },
      mergeState: "pending",
    });
    const page = (await call("GET", `/api/forms/${form.uuid}/submissions?q=ada@exa`)).json();
    expect(page.totalElements).toBe(1);
    expect((await call("GET", `/api/forms/${form.uuid}/submissions?q=nobody`)).json().totalElements).toBe(0);
    expect((await call("GET", `/api/forms/${form.uuid}/submissions/${id}`, reader)).statusCode).toBe(403);

    const before = (await call("GET", "/api/notifications/notification/unread", employee)).json().count;
    const answer = await submit(owned.publicId, {
      answers: { [owned.blocks[0].id]: "Ada" },
      token: await tokenFor(owned.uuid),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await call("GET", "/api/notifications/notification/unread", employee)).json().count).toBe(before + 1);
    const recent = (await call("GET", "/api/notifications/notification/recent", employee)).json();
    expect(recent.content[0]).toMatchObject({
      type: "form_submission",
      record: { schemaKey: "core", tableKey: "form", uuidKey: owned.uuid, name: "Employee's form", readable: true },
    });
  });

  it("pages submissions newest first from either end, and counts a search's matches", async () => {
    const form = await openForm([question("Name")]);
    const [name] = form.blocks.map((b: any) => b.id);
    for (const who of ["Ada", "Bob", "Cy", "Di", "Ed"]) {
      const response = await submit(form.publicId, {
        answers: { [name]: `${who} Lovelace` },
        token: await tokenFor(form.uuid),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const names = async (query: string) => {
      const page = (await call("GET", `/api/forms/${form.uuid}/submissions?${query}`)).json();
      return {
        names: page.content.map((s: any) => s.answers[name].split(" ")[0]),
        total: page.totalElements,
        exact: page.totalExact,
      };
    };
    // Pages 0 and 1 from the newest end; page 2 (past the middle) from the oldest, in the same order.
    expect(await names("size=2&page=0")).toEqual({ names: ["Ed", "Di"], total: 5, exact: true });
    expect(await names("size=2&page=1")).toEqual({ names: ["Cy", "Bob"], total: 5, exact: true });
    expect(await names("size=2&page=2")).toEqual({ names: ["Ada"], total: 5, exact: true });
    expect(await names("size=2&page=3")).toEqual({ names: [], total: 5, exact: true });
    expect(await names("size=2&page=0&q=lovelace")).toEqual({ names: ["Ed", "Di"], total: 5, exact: true });
    expect(await names("size=2&page=1&q=lovelace")).toEqual({ names: ["Cy", "Bob"], total: 5, exact: true });
  });

  it("refuses spam and wrong answers with 4xx, stores nothing, and counts each refusal", async () => {
    const form = await openForm([
      question("Email", { mergeWith: { entity: "contact", field: "email" }, required: true }),
      question("Website", { fieldType: "Url" }),
      question("Name"),
      question("Count", { fieldType: "Number" }),
    ]);
    const other = await openForm();
    const [email, website, name, count] = form.blocks.map((b: any) => b.id);
    const good = { [email]: "bob@example.com" };
    const cases: [string, () => Promise<object>, number, string][] = [
      [
        "honeypot",
        async () => ({ answers: good, token: await tokenFor(form.uuid), honeypot: "buy now" }),
        400,
        "honeypot",
      ],
      ["no token", async () => ({ answers: good }), 400, "tokenMissing"],
      [
        "forged",
        async () => ({ answers: good, token: `${form.uuid}.${Date.now() - 5000}.abc.forged` }),
        400,
        "tokenForged",
      ],
      ["other form", async () => ({ answers: good, token: await tokenFor(other.uuid) }), 400, "tokenOtherForm"],
      ["too fast", async () => ({ answers: good, token: await tokenFor(form.uuid, 500) }), 400, "tooFast"],
      ["too old", async () => ({ answers: good, token: await tokenFor(form.uuid, 25 * 3600 * 1000) }), 400, "tooOld"],
      ["missing required", async () => ({ answers: {}, token: await tokenFor(form.uuid) }), 400, "invalid"],
      [
        "long text",
        async () => ({ answers: { ...good, [name]: "x".repeat(256) }, token: await tokenFor(form.uuid) }),
        400,
        "invalid",
      ],
      [
        "long url",
        async () => ({
          answers: { ...good, [website]: `https://e.com/${"a".repeat(1000)}` },
          token: await tokenFor(form.uuid),
        }),
        400,
        "invalid",
      ],
      [
        "wrong type",
        async () => ({ answers: { [email]: "not an email", [count]: "many" }, token: await tokenFor(form.uuid) }),
        400,
        "invalid",
      ],
      [
        "NUL",
        async () => ({ answers: { ...good, [name]: "a\u0000b" }, token: await tokenFor(form.uuid) }),
        400,
        "invalid",
      ],
      [
        "huge body",
        async () => ({ answers: { ...good, [name]: "x".repeat(600 * 1024) }, token: await tokenFor(form.uuid) }),
        413,
        "tooLarge",
      ],
    ];
    for (const [label, body, status, reason] of cases) {
      const before = (await refusals(form.uuid))[reason] ?? 0;
      const response = await submit(form.publicId, await body());
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect((await refusals(form.uuid))[reason], label).toBe(before + 1);
    }
    const wrong = await submit(form.publicId, {
      answers: { [email]: "not an email", [count]: "many" },
      token: await tokenFor(form.uuid),
    });
    expect(errorsOf(wrong)).toEqual({
      [`answers.${email}`]: "Must be an email",
      [`answers.${count}`]: "Required",
    });
    const missing = await submit(form.publicId, { answers: {}, token: await tokenFor(form.uuid) });
    expect(errorsOf(missing)).toEqual({ [`answers.${email}`]: "Required" });
    expect(await stored(form.uuid)).toBe(0);

    // A token is taken once.
    const token = await tokenFor(form.uuid);
    expect((await submit(form.publicId, { answers: good, token })).statusCode).toBe(201);
    const replayed = await submit(form.publicId, { answers: good, token });
    expect(replayed.statusCode).toBe(400);
    expect((await refusals(form.uuid)).replayed).toBe(1);
    expect(await stored(form.uuid)).toBe(1);
  });

  it("refuses a sixth submission from one address in ten minutes, and closed or paused forms", async () => {
    const form = await openForm();
    const ip = "203.0.113.77";
    for (let i = 0; i < 5; i++) {
      const ok = await submit(form.publicId, { answers: {}, token: await tokenFor(form.uuid) }, ip);
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const sixth = await submit(form.publicId, { answers: {}, token: await tokenFor(form.uuid) }, ip);
    expect(sixth.statusCode).toBe(429);
    expect((await refusals(form.uuid)).addressLimit).toBe(1);
    // Another address is not held by it.
    expect((await submit(form.publicId, { answers: {}, token: await tokenFor(form.uuid) })).statusCode).toBe(201);
    expect(await stored(form.uuid)).toBe(6);

    const closed = await create();
    expect((await submit(closed.publicId, { answers: {}, token: await tokenFor(closed.uuid) })).statusCode).toBe(409);
    const paused = await openForm([question("a")], { acceptingResponse: false });
    expect((await submit(paused.publicId, { answers: {}, token: await tokenFor(paused.uuid) })).statusCode).toBe(409);
    expect((await refusals(paused.uuid)).notAccepting).toBe(1);
    const login = await openForm([question("a")], { accessibility: "login" });
    expect((await submit(login.publicId, { answers: {}, token: await tokenFor(login.uuid) })).statusCode).toBe(401);
    expect(
      (await submit(login.publicId, { answers: {}, token: await tokenFor(login.uuid) }, undefined, reader)).statusCode,
    ).toBe(201);
    expect(await stored(closed.uuid)).toBe(0);
    expect(await stored(paused.uuid)).toBe(0);
  });
});

describe(`a web form's own limit on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, FORM_SUBMISSIONS_PER_MINUTE: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses submissions past the form's limit a minute, whatever their addresses", async () => {
    const admin = await signIn(t.app, "admin@example.com");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/forms",
      headers: bearer(admin.access_token),
      payload: { title: "Busy", open: true, blocks: [{ type: "QUESTION", label: "Name" }] },
    });
    const form = created.json();
    const secret = await tokenSecret(t);
    const statuses: number[] = [];
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/public/forms/${form.publicId}/submissions`,
        headers: { "x-forwarded-for": ip },
        payload: { answers: {}, token: signToken(secret, form.uuid, Date.now() - 5000) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/forms/${form.uuid}`,
      headers: bearer(admin.access_token),
    });
    expect(read.json()).toMatchObject({ submissionCount: 2, refusals: { formLimit: 1 } });
  });
});

describe(`submissions in progress on ${testDatabase}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, FORM_SUBMISSIONS_IN_PROGRESS: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 503 with Retry-After past the submissions one process works on at once, and takes them again after", async () => {
    const admin = await signIn(t.app, "admin@example.com");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/forms",
      headers: bearer(admin.access_token),
      payload: { title: "Flooded", open: true, blocks: [{ type: "QUESTION", label: "Name" }] },
    });
    const form = created.json();
    const secret = await tokenSecret(t);
    const send = (index: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/forms/${form.publicId}/submissions`,
        headers: { "x-forwarded-for": `192.0.2.${index}` },
        payload: { answers: {}, token: signToken(secret, form.uuid, Date.now() - 5000) },
      });
    const flood = await Promise.all(Array.from({ length: 6 }, (_, index) => send(index + 1)));
    const statuses = flood.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 503, 503, 503, 503]);
    const busy = flood.find((response) => response.statusCode === 503);
    expect(busy?.headers["retry-after"]).toBe("1");
    expect(english(busy?.json().message)).toBe("Too many responses. Try again later.");
    // The places are given back as answers go out.
    for (let index = 10; index < 13; index++) expect((await send(index)).statusCode).toBe(201);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/forms/${form.uuid}`,
      headers: bearer(admin.access_token),
    });
    expect(read.json()).toMatchObject({ submissionCount: 5 });
  });
});
