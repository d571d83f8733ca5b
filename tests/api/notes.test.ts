import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

describe(`notes attached to records on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;
  let company: { uuid: string };
  let contact: { uuid: string };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });
  const ref = (tableKey: string, uuidKey: string) => ({ schemaKey: "crm", tableKey, uuidKey });
  const newNote = async (title: string, text = "") =>
    (await call("POST", "/api/notes/note", employee, { values: { title, text } })).json();
  const notesOf = async (table: string, id: string, tokens = employee) =>
    (await call("GET", `/api/notes/note/attached/crm/${table}/${id}`, tokens)).json();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    company = (await call("POST", "/api/crm/company", employee, { values: { name: "Notatfirma AS" } })).json();
    contact = (
      await call("POST", "/api/crm/contact", employee, { values: { first_name: "Nora", last_name: "Notat" } })
    ).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a note on each record it is attached to, newest first, and refuses attaching it twice", async () => {
    const first = await newNote("Første møte", "Avtalte demo i januar");
    const second = await newNote("Oppfølging");
    expect(
      (
        await call("POST", `/api/notes/note/${first.uuid}/attached_to`, employee, {
          attachTo: [ref("company", company.uuid), ref("contact", contact.uuid)],
        })
      ).statusCode,
    ).toBe(204);
    await call("POST", `/api/notes/note/${second.uuid}/attached_to`, employee, {
      attachTo: [ref("company", company.uuid)],
    });

    const onCompany = await notesOf("company", company.uuid);
    expect(onCompany.totalElements).toBe(2);
    expect(onCompany.content.map((note: { rowName: string }) => note.rowName)).toEqual(["Oppfølging", "Første møte"]);
    expect((await notesOf("contact", contact.uuid)).content.map((note: { uuid: string }) => note.uuid)).toEqual([
      first.uuid,
    ]);

    const again = await call("POST", `/api/notes/note/${first.uuid}/attached_to`, employee, {
      attachTo: [ref("company", company.uuid)],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      exceptionName: "NoteAttachmentServiceOperationException",
      message: "Attachment record already existing.",
    });

    const attached = (await call("GET", `/api/notes/note/${first.uuid}/attached_to`, readOnly)).json();
    expect(attached).toEqual([
      { ...ref("company", company.uuid), rowName: "Notatfirma AS" },
      { ...ref("contact", contact.uuid), rowName: "Nora Notat" },
    ]);
  });

  it("detaches a note from one record and keeps it on the others", async () => {
    const note = await newNote("Detach me");
    await call("POST", `/api/notes/note/${note.uuid}/attached_to`, employee, {
      attachTo: [ref("company", company.uuid), ref("contact", contact.uuid)],
    });
    const detached = await call("DELETE", `/api/notes/note/${note.uuid}/attached_to`, employee, {
      detachFrom: [ref("company", company.uuid)],
    });
    expect(detached.statusCode).toBe(204);
    const onCompany = await notesOf("company", company.uuid);
    expect(onCompany.content.map((n: { uuid: string }) => n.uuid)).not.toContain(note.uuid);
    expect((await notesOf("contact", contact.uuid)).content.map((n: { uuid: string }) => n.uuid)).toContain(note.uuid);
  });

  it("answers 404 for unknown notes and records, and 403 to a user who may not change notes", async () => {
    const note = await newNote("Guarded");
    const unknownRecord = await call("POST", `/api/notes/note/${note.uuid}/attached_to`, employee, {
      attachTo: [ref("company", crypto.randomUUID())],
    });
    expect(unknownRecord.statusCode).toBe(404);
    const unknownEntity = await call("POST", `/api/notes/note/${note.uuid}/attached_to`, employee, {
      attachTo: [{ schemaKey: "crm", tableKey: "nothing", uuidKey: company.uuid }],
    });
    expect(unknownEntity.statusCode).toBe(404);
    expect(
      (
        await call("POST", `/api/notes/note/${crypto.randomUUID()}/attached_to`, employee, {
          attachTo: [ref("company", company.uuid)],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/notes/note/not-a-uuid/attached_to", employee)).statusCode).toBe(404);
    expect(
      (await call("GET", `/api/notes/note/attached/crm/company/${crypto.randomUUID()}`, employee)).statusCode,
    ).toBe(404);
    const denied = await call("POST", `/api/notes/note/${note.uuid}/attached_to`, readOnly, {
      attachTo: [ref("company", company.uuid)],
    });
    expect(denied.statusCode).toBe(403);
    expect((await call("POST", "/api/notes/note", readOnly, { values: { title: "x" } })).statusCode).toBe(403);
  });

  it("validates a note's title with the spec's texts", async () => {
    const response = await call("POST", "/api/notes/note", employee, { values: { title: "  ", text: "no title" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: "title", defaultMessage: "Required", objectName: "record", code: "validation.required" },
    ]);
  });

  it("keeps a note when a record it is attached to is deleted, and loses it when the note is deleted", async () => {
    const doomed = (await call("POST", "/api/crm/company", employee, { values: { name: "Borte AS" } })).json();
    const note = await newNote("Survives its company");
    await call("POST", `/api/notes/note/${note.uuid}/attached_to`, employee, {
      attachTo: [ref("company", doomed.uuid), ref("contact", contact.uuid)],
    });
    expect((await call("DELETE", `/api/crm/company/${doomed.uuid}`, employee)).statusCode).toBe(204);
    // Gone from the table, not only hidden from the calls.
    const left = await sql<{ count: number }>`select count(*)::int as count from notes.note_attached_to
      where record_id = ${doomed.uuid}`.execute(t.app.db);
    expect(left.rows[0].count).toBe(0);
    expect((await call("GET", `/api/notes/note/${note.uuid}`, employee)).statusCode).toBe(200);
    expect((await call("GET", `/api/notes/note/${note.uuid}/attached_to`, employee)).json()).toEqual([
      { ...ref("contact", contact.uuid), rowName: "Nora Notat" },
    ]);

    expect((await call("DELETE", `/api/notes/note/${note.uuid}`, employee)).statusCode).toBe(204);
    expect((await notesOf("contact", contact.uuid)).content.map((n: { uuid: string }) => n.uuid)).not.toContain(
      note.uuid,
    );
  });

  it("creates a note on a record in one call, and refuses one for a record the user cannot see", async () => {
    const created = await call("POST", `/api/notes/note/attached/crm/company/${company.uuid}`, employee, {
      values: { title: "Skrevet fra firmaet", text: "Ringte i dag" },
    });
    expect(created.statusCode).toBe(201);
    expect((await notesOf("company", company.uuid)).content[0]).toMatchObject({
      uuid: created.json().uuid,
      rowName: "Skrevet fra firmaet",
    });
    const unknown = await call("POST", `/api/notes/note/attached/crm/company/${crypto.randomUUID()}`, employee, {
      values: { title: "Nowhere" },
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await call("POST", `/api/notes/note/attached/crm/company/${company.uuid}`, employee, {
      values: { title: "" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      (
        await call("POST", `/api/notes/note/attached/crm/company/${company.uuid}`, readOnly, {
          values: { title: "x" },
        })
      ).statusCode,
    ).toBe(403);
    // Neither refused call left a note behind.
    const left = await sql<{ count: number }>`select count(*)::int as count from notes.note
      where title in ('Nowhere', 'x')`.execute(t.app.db);
    expect(left.rows[0].count).toBe(0);
  });

  it("has demo notes in both languages, each on a company of its language's country", async () => {
    const rows = await sql<{ title: string; country: string; contacts: number }>`
      select n.title, c.country,
        (select count(*)::int from notes.note_attached_to a2 where a2.note_id = n.id and a2.table_key = 'contact') as contacts
      from notes.note n
      join notes.note_attached_to a on a.note_id = n.id and a.table_key = 'company'
      join crm.company c on c.id = a.record_id
      where n.title in ('Oppstartsmøte', 'Kick-off meeting')`.execute(t.app.db);
    expect(rows.rows.map(({ title, country }) => [title, country]).sort()).toEqual([
      ["Kick-off meeting", "United Kingdom"],
      ["Oppstartsmøte", "Norway"],
    ]);
    // The first note of each language is also on a contact of its company.
    expect(rows.rows.every((row) => row.contacts === 1)).toBe(true);
    const { DEMO_NOTES } = await import("../../server/db/seed.ts");
    const demo = await sql<{ count: number }>`select count(*)::int as count from notes.note n
      where exists (select 1 from core.transaction x where x.record_id = n.id and x.at < now() - interval '12 hours')`.execute(
      t.app.db,
    );
    expect(demo.rows[0].count).toBe(DEMO_NOTES);
  });

  it("searches notes by title and text", async () => {
    await newNote("Kvartalsmøte", "Budsjett for Tromsø-kontoret");
    const found = (await call("GET", "/api/notes/note?q=tromso", employee)).json();
    expect(found.content.map((note: { rowName: string }) => note.rowName)).toEqual(["Kvartalsmøte"]);
  });
});
