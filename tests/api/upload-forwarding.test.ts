import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardUpload, type SendUpload } from "../../app/features/files/upload.server.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { pdfFile, windowsProgram } from "../support/upload-files.ts";

/** The web app's side of an upload, against the real API: the browser's form is forwarded as it streams in. */
describe(`forwarding uploads from the web app to the API on ${testDatabase}`, () => {
  let t: TestApp;
  let employee: Tokens;
  let apiUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, MAX_UPLOAD_MB: 300 });
    employee = await signIn(t.app, "employee@example.com");
    apiUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  class ApiRefusal extends Error {
    readonly status: number;
    readonly body: { message?: string };
    constructor(status: number, body: { message?: string }) {
      super(body.message);
      this.status = status;
      this.body = body;
    }
  }
  const send: SendUpload<{ uuid: string; values: Record<string, unknown> }> = async (body, contentType) => {
    const response = await fetch(`${apiUrl}/api/documents/document`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { ...bearer(employee.access_token), "content-type": contentType },
    } as RequestInit);
    const answer = await response.json();
    if (!response.ok) throw new ApiRefusal(response.status, answer);
    return answer;
  };
  const browserPost = (form: FormData) => new Request("http://app.test/documents", { method: "POST", body: form });
  const storedFiles = () => {
    const root = path.join(t.config.DATA_DIR, "files");
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root)
      .filter((name) => name !== "tmp")
      .flatMap((prefix) => fs.readdirSync(path.join(root, prefix)));
  };

  it("forwards the file and the fields typed before it", async () => {
    const form = new FormData();
    form.append("name", "Tilbud Nordlys");
    form.append("description", "Sendt 23. november");
    form.append("file", new Blob([new Uint8Array(pdfFile("Tilbud"))], { type: "application/pdf" }), "tilbud æøå.pdf");
    const { fields, outcome } = await forwardUpload(browserPost(form), send, {
      maxBytes: 1024 * 1024,
      fileField: "file",
    });
    expect(fields).toEqual({ name: "Tilbud Nordlys", description: "Sendt 23. november" });
    expect(outcome.kind).toBe("sent");
    const document = (outcome as { result: { values: Record<string, unknown> } }).result;
    expect(document.values).toMatchObject({
      name: "Tilbud Nordlys",
      description: "Sendt 23. november",
      file_name: "tilbud æøå.pdf",
      mime_type: "application/pdf",
    });
  });

  it("keeps the fields and sends nothing when no file was chosen or the file is past the limit", async () => {
    const before = storedFiles().length;
    const none = new FormData();
    none.append("name", "Uten fil");
    none.append("file", new Blob([]), "");
    expect(await forwardUpload(browserPost(none), send, { maxBytes: 1024, fileField: "file" })).toEqual({
      fields: { name: "Uten fil" },
      outcome: { kind: "noFile" },
    });
    const large = new FormData();
    large.append("description", "For stor");
    large.append("file", new Blob(["a".repeat(4096)]), "stor.txt");
    expect(await forwardUpload(browserPost(large), send, { maxBytes: 1024, fileField: "file" })).toEqual({
      fields: { description: "For stor" },
      outcome: { kind: "tooLarge" },
    });
    expect(storedFiles().length).toBe(before);
  });

  it("hands back the API's refusal with the fields typed", async () => {
    const form = new FormData();
    form.append("name", "Faktura");
    form.append("file", new Blob([new Uint8Array(windowsProgram())]), "faktura.pdf");
    const { fields, outcome } = await forwardUpload(browserPost(form), send, {
      maxBytes: 1024 * 1024,
      fileField: "file",
    });
    expect(fields).toEqual({ name: "Faktura" });
    expect(outcome.kind).toBe("refused");
    const error = (outcome as { error: ApiRefusal }).error;
    expect(error.status).toBe(415);
    expect(error.body.message).toBe("File type not supported");
  });

  it("ends the API's request too when the browser's body breaks off, and keeps nothing", async () => {
    const before = storedFiles().length;
    const boundary = "----cut-short";
    const cut = new Request("http://app.test/documents", {
      method: "POST",
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="halv.txt"\r\n` +
        "Content-Type: text/plain\r\n\r\nhalf a file and no end",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    await expect(forwardUpload(cut, send, { maxBytes: 1024 * 1024, fileField: "file" })).rejects.toThrow();
    expect(storedFiles().length).toBe(before);
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, "files", "tmp"))).toEqual([]);
  });

  it("streams a large upload through both services without holding it in memory", async () => {
    const megabytes = 256;
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    const boundary = "----browser-boundary";
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nStor fil\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stor.txt"\r\n` +
              "Content-Type: text/plain\r\n\r\n",
          ),
        );
      },
      pull(controller) {
        if (sent === megabytes) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://app.test/documents", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const { outcome } = await forwardUpload(request, send, { maxBytes: 300 * 1024 * 1024, fileField: "file" });
    clearInterval(sampler);
    expect(outcome.kind).toBe("sent");
    const document = (outcome as { result: { values: Record<string, unknown> } }).result;
    expect(document.values).toMatchObject({ name: "Stor fil", file_size: megabytes * chunk.length });
    // The web app's forwarder and the API share this process here: each service's 64 MB, together. Most of it is V8
    // leaving the passed chunks' memory for its next collection, which it starts at about 64 MB of such memory.
    expect((peak - before) / 2 ** 20).toBeLessThan(2 * 64);
  }, 180_000);

  it("answers a malformed body from the browser with 400, not a server error", async () => {
    const rawPost = (body: string, contentType: string) =>
      new Request("http://app.test/documents", { method: "POST", body, headers: { "content-type": contentType } });
    const part = (fileName: string) =>
      `--zz\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\nSome text`;
    for (const [what, request] of [
      ["no boundary", rawPost(`${part("notes.txt")}\r\n--zz--\r\n`, "multipart/form-data")],
      ["cut short", rawPost(part("notes.txt"), "multipart/form-data; boundary=zz")],
      // busboy refuses a header with a NUL in it.
      ["a NUL in the file name", rawPost(`${part("a\u0000b.txt")}\r\n--zz--\r\n`, "multipart/form-data; boundary=zz")],
    ] as const) {
      const thrown = await forwardUpload(request, send, { maxBytes: 1024, fileField: "file" }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((thrown as { init?: { status?: number } } | undefined)?.init?.status, what).toBe(400);
    }
  });
});
