import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_CHUNK_SIZE } from "../../server/bulk-data/exports.service.ts";
import { transactionPageSchema } from "../../server/contract/records.ts";
import { signToken } from "../../server/forms/submission-tokens.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { grant, revoke } from "../support/role-permissions.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

describe(`merging web form submissions on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let reader: Tokens;
  let secret: string;
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
  const mapped = (label: string, entity: string, field: string) => ({
    type: "QUESTION",
    label,
    mergeWith: { entity, field },
  });
  /** A form asking for a contact (first and last name, e-mail, job title) and their company (name, number). */
  const contactForm = async (extra: object = {}, tokens = admin) => {
    const response = await call("POST", "/api/forms", tokens, {
      title: "Book a demo",
      open: true,
      blocks: [
        mapped("First name", "contact", "first_name"),
        mapped("Last name", "contact", "last_name"),
        mapped("Your e-mail", "contact", "email"),
        mapped("Your title", "contact", "title"),
        mapped("Company", "company", "name"),
        mapped("Org. no.", "company", "organisation_number"),
        { type: "QUESTION", label: "Anything else?" },
      ],
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  /** Answers by question label. */
  const answer = async (form: any, byLabel: Record<string, unknown>) => {
    const answers = Object.fromEntries(
      Object.entries(byLabel).map(([label, value]) => [form.blocks.find((b: any) => b.label === label).id, value]),
    );
    const response = await call(
      "POST",
      `/api/public/forms/${form.publicId}/submissions`,
      null,
      { answers, token: signToken(secret, form.uuid, Date.now() - 5000) },
      { "x-forwarded-for": `198.51.100.${++address % 250}` },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };
  const base = (form: any, id: string) => `/api/forms/${form.uuid}/submissions/${id}`;
  const createRecord = async (entity: string, values: object) => {
    const response = await call("POST", `/api/crm/${entity}`, admin, { values });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().uuid as string;
  };
  const record = async (entity: string, id: string) => (await call("GET", `/api/crm/${entity}/${id}`)).json().values;
  const history = async (entity: string, id: string) =>
    transactionPageSchema.parse((await call("GET", `/api/data_feed/crm/${entity}?id=${id}`)).json()).content;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await grant(t.app.db, "Employee", "Form", ["Create", "Read", "Update", "Delete"]);
    await grant(t.app.db, "Read-only", "Form", ["Read", "Update"]);
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    reader = await signIn(t.app, "readonly@example.com");
    const row = await t.app.db
      .selectFrom("core.setting")
      .select("value")
      .where("key", "=", "form_token_secret")
      .executeTakeFirstOrThrow();
    secret = String(row.value);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("proposes the contact matched by e-mail in any case, and the company by organisation number, else by name", async () => {
    const form = await contactForm();
    const contact = await createRecord("contact", {
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace.merge@example.com",
      title: "Rear admiral",
    });
    const byNumber = await createRecord("company", { name: "Cobol Works", organisation_number: "991122334" });
    const byName = await createRecord("company", { name: "Flow-Matic AS" });

    const first = await answer(form, {
      "First name": "Grace",
      "Last name": "Hopper",
      "Your e-mail": "GRACE.merge@Example.com",
      "Your title": "Programmer",
      Company: "Another name",
      "Org. no.": "991122334",
    });
    const proposal = await call("GET", `${base(form, first)}/merge`);
    expect(proposal.statusCode, proposal.body).toBe(200);
    const { submission, entities } = proposal.json();
    expect(submission.uuid).toBe(first);
    expect(entities.map((e: any) => [e.entity, e.match?.uuid])).toEqual([
      ["contact", contact],
      ["company", byNumber],
    ]);
    expect(entities[0].match.name).toBe("Grace Hopper");
    const fields = Object.fromEntries(
      entities[0].fields.map((f: any) => [f.key, [f.submitted, f.existing, f.differs]]),
    );
    expect(fields).toEqual({
      first_name: ["Grace", "Grace", false],
      last_name: ["Hopper", "Hopper", false],
      email: ["GRACE.merge@Example.com", "grace.merge@example.com", false],
      title: ["Programmer", "Rear admiral", true],
    });
    expect(entities[0].fields.find((f: any) => f.key === "title").label).toBe("Your title");

    const second = await answer(form, {
      "Last name": "Nobody",
      "Your e-mail": "new@example.com",
      Company: "flow-matic as",
    });
    const other = (await call("GET", `${base(form, second)}/merge`)).json().entities;
    expect(other.map((e: any) => [e.entity, e.match?.uuid ?? null])).toEqual([
      ["contact", null],
      ["company", byName],
    ]);
    expect(other[0].fields.every((f: any) => f.existing === null && f.differs === false)).toBe(true);

    // A form with no question for companies proposes only a contact.
    const onlyContact = await contactForm({ blocks: [mapped("Your e-mail", "contact", "email")] });
    const third = await answer(onlyContact, { "Your e-mail": "grace.merge@example.com" });
    const alone = (await call("GET", `${base(onlyContact, third)}/merge`)).json().entities;
    expect(alone.map((e: any) => e.entity)).toEqual(["contact"]);
  });

  it("merges into a new contact and a new company, links them, and their history names the form", async () => {
    const form = await contactForm();
    const id = await answer(form, {
      "First name": "Ada",
      "Last name": "Lovelace",
      "Your e-mail": "ada.merge@example.com",
      Company: "Analytical Engines Ltd",
      "Org. no.": "998877665",
      "Anything else?": "Not mapped",
    });
    const merged = await call("POST", `${base(form, id)}/merge`, employee, {
      contact: { action: "create" },
      company: { action: "create" },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const submission = merged.json();
    expect(submission).toMatchObject({ mergeState: "merged", mergedBy: { firstName: "Erik" } });
    expect(submission.mergedAt).not.toBeNull();
    expect(await record("contact", submission.contactUuid)).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada.merge@example.com",
    });
    expect(await record("company", submission.companyUuid)).toMatchObject({
      name: "Analytical Engines Ltd",
      organisation_number: "998877665",
    });
    const link = await sql<{ role: string }>`select role from custom_schema_relationship.company_has_contact
      where company_id = ${submission.companyUuid} and contact_id = ${submission.contactUuid}`.execute(t.app.db);
    expect(link.rows).toEqual([{ role: "employee" }]);
    const linked = (await history("contact", submission.contactUuid)).find((entry) => entry.action === "link");
    expect(linked).toMatchObject({ source: { type: "form", name: "Book a demo" } });
    expect(linked?.changes.map((change) => change.key).sort()).toEqual(["connection", "role"]);

    const entries = await history("contact", submission.contactUuid);
    const created = entries.find((entry) => entry.action === "create");
    expect(created?.source).toEqual({ type: "form", uuid: form.uuid, name: "Book a demo" });
    expect(created?.changes.map((change) => change.key)).not.toContain("$source");
    expect((await history("company", submission.companyUuid)).find((e) => e.action === "create")?.source).toEqual({
      type: "form",
      uuid: form.uuid,
      name: "Book a demo",
    });

    // Merged once: a second merge is refused, and so is dismissing it.
    const again = await call("POST", `${base(form, id)}/merge`, admin, { contact: { action: "create" } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This submission has already been merged.");
    expect((await call("POST", `${base(form, id)}/dismiss`)).statusCode).toBe(409);
  });

  it("updates the matched contact field by field: empty fields filled, differing ones only when chosen", async () => {
    const form = await contactForm();
    const contact = await createRecord("contact", {
      first_name: "Alan",
      last_name: "Turing",
      email: "alan.merge@example.com",
      title: "Mathematician",
    });
    const company = await createRecord("company", { name: "Bletchley Park" });
    const id = await answer(form, {
      "First name": "Alan M.",
      "Last name": "Turing",
      "Your e-mail": "alan.merge@example.com",
      "Your title": "Cryptanalyst",
      Company: "Bletchley Park",
      "Org. no.": "912345678",
    });
    const merged = await call("POST", `${base(form, id)}/merge`, admin, {
      contact: { action: "update", uuid: contact, fields: ["title"] },
      company: { action: "update", uuid: company },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ contactUuid: contact, companyUuid: company, mergeState: "merged" });
    expect(await record("contact", contact)).toMatchObject({ first_name: "Alan", title: "Cryptanalyst" });
    // The company had no organisation number: filled without being chosen.
    expect(await record("company", company)).toMatchObject({
      name: "Bletchley Park",
      organisation_number: "912345678",
    });
    const latest = (await history("contact", contact)).find((entry) => entry.action === "update");
    expect(latest).toMatchObject({
      action: "update",
      changes: [{ key: "title", before: "Mathematician", after: "Cryptanalyst" }],
      source: { type: "form", name: "Book a demo" },
    });
  });

  it("answers 403 without the records' rights, 404 for foreign and unknown ids, and keys the record's errors", async () => {
    const form = await contactForm();
    const id = await answer(form, { "Last name": "Reader", "Your e-mail": "rights@example.com" });
    // Form Read and Update, but no Contact Create.
    const refused = await call("POST", `${base(form, id)}/merge`, reader, { contact: { action: "create" } });
    expect(refused.statusCode).toBe(403);
    expect((await call("GET", `${base(form, id)}`)).json().mergeState).toBe("pending");
    // Without Form Update.
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("resource", "=", "Form")
      .where("operation", "=", "Update")
      .where("role_id", "in", (eb) => eb.selectFrom("core.role").select("id").where("name", "=", "Read-only"))
      .execute();
    expect((await call("POST", `${base(form, id)}/dismiss`, reader)).statusCode).toBe(403);
    expect((await call("GET", `${base(form, id)}/merge`, reader)).statusCode).toBe(200);

    const other = await contactForm({ title: "Other form" });
    const otherId = await answer(other, { "Last name": "Elsewhere" });
    expect((await call("GET", `${base(form, otherId)}/merge`)).statusCode).toBe(404);
    expect(
      (await call("POST", `${base(form, otherId)}/merge`, admin, { contact: { action: "skip" } })).statusCode,
    ).toBe(404);
    expect((await call("POST", `${base(form, "not-an-id")}/dismiss`)).statusCode).toBe(404);
    expect(
      (await call("GET", `/api/forms/00000000-0000-0000-0000-000000000000/submissions/${id}/merge`)).statusCode,
    ).toBe(404);
    const hidden = await contactForm({ title: "Admins only", visibility: "admin" });
    const hiddenId = await answer(hidden, { "Last name": "Hidden" });
    expect((await call("GET", `${base(hidden, hiddenId)}/merge`, employee)).statusCode).toBe(404);
    const unknownRecord = await call("POST", `${base(form, id)}/merge`, admin, {
      contact: { action: "update", uuid: "00000000-0000-0000-0000-000000000000" },
    });
    expect(unknownRecord.statusCode).toBe(404);
    const noUuid = await call("POST", `${base(form, id)}/merge`, admin, { contact: { action: "update" } });
    expect(noUuid.statusCode).toBe(400);
    expect(errorsOf(noUuid)).toEqual({ "contact.uuid": "Required" });

    // The contact's own rules: a last name is required.
    const nameless = await answer(form, { "Your e-mail": "nameless@example.com" });
    const invalid = await call("POST", `${base(form, nameless)}/merge`, admin, { contact: { action: "create" } });
    expect(invalid.statusCode).toBe(400);
    expect(errorsOf(invalid)).toEqual({ "contact.first_name": "Required", "contact.last_name": "Required" });
    expect((await call("GET", base(form, nameless))).json().mergeState).toBe("pending");

    // Only records the user may read are matches.
    await createRecord("contact", { first_name: "Rights", last_name: "Holder", email: "rights@example.com" });
    const seen = (await call("GET", `${base(form, id)}/merge`, reader)).json().entities[0];
    expect(seen.match?.name).toBe("Rights Holder");
    await revoke(t.app.db, "Read-only", "Contact", ["Read"]);
    const unseen = (await call("GET", `${base(form, id)}/merge`, reader)).json().entities[0];
    expect(unseen).toMatchObject({ entity: "contact", match: null });
    expect(unseen.fields.every((field: any) => field.existing === null)).toBe(true);
    await grant(t.app.db, "Read-only", "Contact", ["Read"]);

    const dismissed = await call("POST", `${base(form, nameless)}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().mergeState).toBe("dismissed");
  });

  it("merges a form that merges by itself in the background, as its owner", async () => {
    const form = await contactForm({ autoMerge: true }, employee);
    const existing = await createRecord("contact", {
      first_name: "Linus",
      last_name: "Torvalds",
      email: "linus.merge@example.com",
      title: "",
    });
    const matched = await answer(form, {
      "First name": "Someone else",
      "Last name": "Torvalds",
      "Your e-mail": "linus.merge@example.com",
      "Your title": "Maintainer",
    });
    const fresh = await answer(form, {
      "First name": "Nina",
      "Last name": "Newcomer",
      "Your e-mail": "newcomer.merge@example.com",
    });
    const settled = async (id: string) => {
      for (let waited = 0; waited < 30_000; waited += 100) {
        const submission = (await call("GET", base(form, id))).json();
        if (submission.mergeState !== "pending") return submission;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`submission ${id} was not merged`);
    };
    const first = await settled(matched);
    expect(first).toMatchObject({ mergeState: "merged", contactUuid: existing, mergedBy: { firstName: "Erik" } });
    // Only the empty field is filled: the name the contact has stays.
    expect(await record("contact", existing)).toMatchObject({ first_name: "Linus", title: "Maintainer" });
    const second = await settled(fresh);
    expect(await record("contact", second.contactUuid)).toMatchObject({
      last_name: "Newcomer",
      email: "newcomer.merge@example.com",
    });
    expect((await history("contact", second.contactUuid))[0].source).toMatchObject({ name: "Book a demo" });
  });

  it("exports the submissions to .xlsx and CSV through the export jobs, one column per question", async () => {
    const form = await contactForm({
      title: "Export me",
      blocks: [
        mapped("Your e-mail", "contact", "email"),
        { type: "QUESTION", label: "Size", fieldType: "List", options: ["Small", "Large"] },
        { type: "QUESTION", label: "Seats", fieldType: "Number" },
      ],
    });
    const first = await answer(form, { "Your e-mail": "one@example.com", Size: "Large", Seats: 12 });
    const second = await answer(form, { "Your e-mail": "two@example.com" });
    await call("POST", `${base(form, second)}/dismiss`);

    const exported = async (format: "xlsx" | "csv", lang: "en" | "nb") => {
      const started = await call(
        "PUT",
        `/api/forms/${form.uuid}/submissions/initiate_export?format=${format}&lang=${lang}`,
      );
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toMatchObject({ scope: "form", status: "exporting", format });
      const id = started.json().id;
      for (let waited = 0; waited < 30_000; waited += 100) {
        const listed = (await call("GET", "/api/core/bulk_data/exports/recent?size=100")).json().content;
        const found = listed.find((item: any) => item.id === id);
        if (found.status !== "exporting") {
          expect(found.status, found.message).toBe("ready");
          expect(found.fileName).toMatch(new RegExp(`^export-me-.*\\.${format}$`));
          const file = await call("GET", `/api/core/bulk_data/exports/download/${id}`);
          expect(file.statusCode).toBe(200);
          return file.rawPayload;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the export did not finish");
    };

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported("xlsx", "en")) as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["ID", "Submitted", "Merge state", "Your e-mail", "Size", "Seats"]);
    expect(rows).toHaveLength(3);
    // Newest first: the dismissed one, then the first.
    expect(rows[1].slice(2, 4)).toEqual(["Dismissed", "two@example.com"]);
    expect(rows[1][0]).toBe(second);
    expect(rows[2]).toEqual([first, expect.any(Date), "Pending", "one@example.com", "Large", 12]);

    const csv: string[][] = parse((await exported("csv", "nb")).toString("utf8"), { bom: true });
    expect(csv[0]).toEqual(["ID", "Sendt", "Sammenslåing", "Your e-mail", "Size", "Seats"]);
    expect(csv.slice(1).map((row) => [row[0], row[2], row[3], row[4], row[5]])).toEqual([
      [second, "Avvist", "two@example.com", "", ""],
      [first, "Venter", "one@example.com", "Large", "12"],
    ]);

    // More than a chunk, many at one instant (to the microsecond): each row once, none skipped between chunks.
    const many = EXPORT_CHUNK_SIZE + 5;
    await sql`insert into core.form_submission (form_id, answers, submitted_at)
      select ${form.uuid}, jsonb_build_object(${form.blocks[0].id}::text, 'bulk' || n || '@example.com'),
        timestamptz '2026-01-02 03:04:05.123456+00'
      from generate_series(1, ${many}) as n`.execute(t.app.db);
    const all: string[][] = parse((await exported("csv", "en")).toString("utf8"), { bom: true });
    expect(all).toHaveLength(1 + 2 + many);
    expect(new Set(all.slice(1).map((row) => row[0])).size).toBe(2 + many);
    expect(all.filter((row) => /^bulk\d+@example\.com$/.test(row[3]))).toHaveLength(many);

    // Export Create and the form's Read: the read-only role has neither export right.
    const refused = await call("PUT", `/api/forms/${form.uuid}/submissions/initiate_export`, reader);
    expect(refused.statusCode).toBe(403);
    const unknown = await call("PUT", "/api/forms/00000000-0000-0000-0000-000000000000/submissions/initiate_export");
    expect(unknown.statusCode).toBe(404);
  });
});
