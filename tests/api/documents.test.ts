import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSchema } from "../../server/contract/records.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { docxFile, multipartBody, pdfFile, pngFile, windowsProgram } from "../support/upload-files.ts";

describe(`documents on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let readOnly: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (
    tokens: Tokens,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer | string },
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: "POST",
      url: "/api/documents/document",
      headers: { ...bearer(tokens.access_token), ...body.headers },
      payload: body.payload,
    });
  };
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens: Tokens, options: object = {}) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), ...options });
  const storedFiles = () => {
    const root = path.join(t.config.DATA_DIR, "files");
    return fs
      .readdirSync(root)
      .filter((name) => name !== "tmp")
      .flatMap((prefix) => fs.readdirSync(path.join(root, prefix)));
  };

  it("seeds demo PDFs in both languages, stored as files and attached to their companies and contacts", async () => {
    const found = (await call("GET", "/api/documents/document?q=Tilbud%20p%C3%A5%20%C3%A5rsavtale", employee)).json();
    expect(found.content).toHaveLength(1);
    const offer = found.content[0];
    expect(offer.values).toMatchObject({ file_name: "Tilbud på årsavtale.pdf", mime_type: "application/pdf" });
    const file = await call("GET", `/api/documents/document/${offer.uuid}/download`, readOnly);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.rawPayload.length).toBe(offer.values.file_size);
    const attachedTo = (await call("GET", `/api/documents/document/${offer.uuid}/attached_to`, employee)).json();
    expect(attachedTo.map((ref: { tableKey: string }) => ref.tableKey)).toEqual(
      expect.arrayContaining(["company", "contact"]),
    );
    const english = (await call("GET", "/api/documents/document?q=Price%20list%202027", employee)).json();
    expect(english.content.map((d: { rowName: string }) => d.rowName)).toEqual(["Price list 2027"]);
  });

  it("uploads a PDF with a name and description, and reads it back as a record and as a file", async () => {
    const response = await upload(
      employee,
      { name: "Rammeavtale", description: "Signert av begge parter" },
      {
        name: "rammeavtale-2026.pdf",
        content: pdfFile("Rammeavtale"),
      },
    );
    expect(response.statusCode).toBe(201);
    const document = recordSchema.parse(response.json());
    expect(document.rowName).toBe("Rammeavtale");
    expect(document.values).toMatchObject({
      name: "Rammeavtale",
      description: "Signert av begge parter",
      file_name: "rammeavtale-2026.pdf",
      mime_type: "application/pdf",
      file_size: pdfFile("Rammeavtale").length,
    });
    expect(document.values.checksum).toMatch(/^[0-9a-f]{64}$/);

    const read = await call("GET", `/api/documents/document/${document.uuid}`, readOnly);
    expect(read.json().values.name).toBe("Rammeavtale");

    const file = await call("GET", `/api/documents/document/${document.uuid}/download`, readOnly);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="rammeavtale-2026.pdf"; filename*=UTF-8''rammeavtale-2026.pdf`,
    );
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers.etag).toBe(`"${document.values.checksum}"`);
    expect(file.rawPayload).toEqual(pdfFile("Rammeavtale"));

    const inline = await call("GET", `/api/documents/document/${document.uuid}/download?inline=true`, readOnly);
    expect(inline.headers["content-disposition"]).toMatch(/^inline; /);
  });

  it("names a document after its file when no name is given, Norwegian letters and all", async () => {
    const response = await upload(employee, {}, { name: "Møtereferat – Tromsø.docx", content: docxFile() });
    expect(response.statusCode).toBe(201);
    const document = response.json();
    expect(document.values).toMatchObject({
      name: "Møtereferat – Tromsø.docx",
      mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    const file = await call("GET", `/api/documents/document/${document.uuid}/download?inline=true`, employee);
    // Word files are never shown inline.
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="M_tereferat _ Troms_.docx"; filename*=UTF-8''M%C3%B8tereferat%20%E2%80%93%20Troms%C3%B8.docx`,
    );
  });

  it("answers byte ranges, 304 for a known ETag and 416 past the end", async () => {
    const document = (await upload(employee, {}, { name: "logo.png", content: pngFile })).json();
    const url = `/api/documents/document/${document.uuid}/download`;
    const part = await call("GET", url, employee, {
      headers: { ...bearer(employee.access_token), range: "bytes=1-3" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1-3/${pngFile.length}`);
    expect(part.rawPayload).toEqual(pngFile.subarray(1, 4));
    const cached = await call("GET", url, employee, {
      headers: { ...bearer(employee.access_token), "if-none-match": `"${document.values.checksum}"` },
    });
    expect(cached.statusCode).toBe(304);
    const past = await call("GET", url, employee, {
      headers: { ...bearer(employee.access_token), range: `bytes=${pngFile.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${pngFile.length}`);
  });

  it("gives the spec's answers for a missing file, a refused type and a file past MAX_UPLOAD_MB", async () => {
    const before = storedFiles().length;
    const missing = await upload(employee, { name: "Nothing" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "You must upload a file" });
    const program = await upload(employee, {}, { name: "faktura.pdf", content: windowsProgram() });
    expect(program.statusCode).toBe(415);
    expect(program.json()).toMatchObject({
      exceptionName: "HttpMediaTypeNotSupportedException",
      message: "File type not supported",
    });
    // The test app allows 5 MB.
    const large = await upload(employee, {}, { name: "stor.csv", content: "a;b\n".repeat(1_400_000) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      exceptionName: "MaxUploadSizeExceededException",
      message: "Max upload size exceeded",
    });
    expect(storedFiles().length).toBe(before);
  });

  it("validates the description's 200 characters and keeps read-only fields out of reach of edits", async () => {
    const tooLong = await upload(employee, { description: "x".repeat(201) }, { name: "a.txt", content: "hei\n" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([
      {
        field: "description",
        defaultMessage: "Max 200 limit",
        objectName: "record",
        code: "validation.maxLength",
        params: { max: "200" },
      },
    ]);

    const document = (await upload(employee, {}, { name: "notat.txt", content: "hei\n" })).json();
    const edited = await call("PUT", `/api/documents/document/${document.uuid}`, employee, {
      payload: { values: { name: "Notat", description: "Kort", file_size: 1, checksum: "0".repeat(64) } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().values).toMatchObject({
      name: "Notat",
      description: "Kort",
      file_size: 4,
      checksum: document.values.checksum,
    });
    const history = (await call("GET", `/api/data_feed/documents/document?id=${document.uuid}`, employee)).json();
    expect(history.content.map((entry: { action: string }) => entry.action)).toEqual(["update", "create"]);
  });

  it("lets a read-only user read and download but not upload, edit or delete", async () => {
    const before = storedFiles().length;
    const refused = await upload(readOnly, {}, { name: "b.pdf", content: pdfFile("Refused") });
    expect(refused.statusCode).toBe(403);
    expect(storedFiles().length).toBe(before);
    const document = (await upload(employee, {}, { name: "c.pdf", content: pdfFile("Shared") })).json();
    expect((await call("DELETE", `/api/documents/document/${document.uuid}`, readOnly)).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/documents/document/${document.uuid}`, readOnly, { payload: { values: { name: "x" } } }))
        .statusCode,
    ).toBe(403);
    expect((await call("GET", `/api/documents/document/${document.uuid}/download`, readOnly)).statusCode).toBe(200);
  });

  it("answers 404 for unknown and malformed ids, and lists and searches documents", async () => {
    expect((await call("GET", `/api/documents/document/${crypto.randomUUID()}/download`, employee)).statusCode).toBe(
      404,
    );
    expect((await call("GET", "/api/documents/document/not-a-uuid/download", employee)).statusCode).toBe(404);
    const list = (await call("GET", "/api/documents/document?q=ramme", employee)).json();
    expect(list.content.map((row: { rowName: string }) => row.rowName)).toEqual(["Rammeavtale"]);
  });

  it("uploads a document onto a record, attaches it to others once each, and keeps it when a record goes", async () => {
    const company = (
      await call("POST", "/api/crm/company", employee, { payload: { values: { name: "Arkiv AS" } } })
    ).json();
    const contact = (
      await call("POST", "/api/crm/contact", employee, {
        payload: { values: { first_name: "Ada", last_name: "Arkiv" } },
      })
    ).json();
    const body = multipartBody({ description: "Tilbud" }, { name: "tilbud.pdf", content: pdfFile("Tilbud") });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/documents/document/attached/crm/company/${company.uuid}`,
      headers: { ...bearer(employee.access_token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const document = response.json();
    const documentsOf = async (table: string, id: string) =>
      (await call("GET", `/api/documents/document/attached/crm/${table}/${id}`, readOnly)).json();
    expect((await documentsOf("company", company.uuid)).content.map((d: { uuid: string }) => d.uuid)).toEqual([
      document.uuid,
    ]);

    const attachContact = () =>
      t.app.inject({
        method: "POST",
        url: `/api/documents/document/${document.uuid}/attached_to`,
        headers: bearer(employee.access_token),
        payload: { attachTo: [{ schemaKey: "crm", tableKey: "contact", uuidKey: contact.uuid }] },
      });
    expect((await attachContact()).statusCode).toBe(204);
    const again = await attachContact();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      exceptionName: "AttachmentServiceOperationException",
      message: "Attachment record already existing.",
    });

    expect((await call("DELETE", `/api/crm/company/${company.uuid}`, employee)).statusCode).toBe(204);
    const attached = (await call("GET", `/api/documents/document/${document.uuid}/attached_to`, employee)).json();
    expect(attached).toEqual([{ schemaKey: "crm", tableKey: "contact", uuidKey: contact.uuid, rowName: "Ada Arkiv" }]);
  });

  it("stores nothing for an upload onto a record that does not exist", async () => {
    const before = storedFiles().length;
    const body = multipartBody({}, { name: "x.pdf", content: pdfFile("Nowhere to go") });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/documents/document/attached/crm/company/${crypto.randomUUID()}`,
      headers: { ...bearer(employee.access_token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
  });

  it("refuses to edit or delete a document with a signature request, with the catalogue's text", async () => {
    const document = (await upload(employee, {}, { name: "signert.pdf", content: pdfFile("Avtale") })).json();
    const url = `/api/documents/document/${document.uuid}`;
    // E-signing writes these rows; here the test does.
    const db = t.app.db as unknown as Kysely<any>;
    await db.insertInto("documents.signature_request").values({ document_id: document.uuid, status: "sent" }).execute();
    for (const [method, payload] of [
      ["PUT", { values: { name: "Endret" } }],
      ["DELETE", undefined],
    ] as const) {
      const refused = await call(method, url, employee, { payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        exceptionName: "DocumentWithDigitalSignatureRecordException",
        message: "Action not permitted. This document has signature request.",
      });
    }
    expect((await call("GET", url, employee)).json().values.name).toBe("signert.pdf");
    await db.deleteFrom("documents.signature_request").where("document_id", "=", document.uuid).execute();
    expect((await call("DELETE", url, employee)).statusCode).toBe(204);
  });

  it("deletes a document, and the sweep removes its file once no document names it", async () => {
    const document = (await upload(employee, {}, { name: "slett.pdf", content: pdfFile("Slett meg") })).json();
    expect((await call("DELETE", `/api/documents/document/${document.uuid}`, employee)).statusCode).toBe(204);
    expect((await call("GET", `/api/documents/document/${document.uuid}/download`, employee)).statusCode).toBe(404);
    const key = document.values.checksum as string;
    const file = path.join(t.config.DATA_DIR, "files", key.slice(0, 2), key);
    expect(fs.existsSync(file)).toBe(true);
    const { referencedFiles } = await import("../../server/documents/documents.service.ts");
    const result = await t.app.storage.sweep({ graceMs: 0, referenced: (keys) => referencedFiles(t.app.db, keys) });
    expect(result.removedFiles).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    // Documents still named keep their files.
    const rows = (await call("GET", "/api/documents/document?size=100", employee)).json().content;
    for (const row of rows) {
      const kept =
        row.values?.checksum ??
        (await call("GET", `/api/documents/document/${row.uuid}`, employee)).json().values.checksum;
      expect(fs.existsSync(path.join(t.config.DATA_DIR, "files", kept.slice(0, 2), kept))).toBe(true);
    }
  });
});
