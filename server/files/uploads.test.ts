import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfFile, windowsProgram } from "../../tests/support/upload-files.ts";
import { serviceEnv } from "../cli/processes.ts";
import { registerErrorHandling } from "../http/errors.ts";
import storagePlugin from "../plugins/storage.ts";
import { receiveUpload } from "./uploads.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");

const MAX_MB = 300;
let app: FastifyInstance;
let dataDir: string;
let url: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-uploads-"));
  app = Fastify();
  registerErrorHandling(app);
  await app.register(storagePlugin, { dataDir, maxUploadMegabytes: MAX_MB });
  app.post("/upload", async (request) => receiveUpload(request, app.storage, app.maxUploadBytes));
  app.post("/small-upload", async (request) => receiveUpload(request, app.storage, 1024));
  url = await app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function uploadsInProgress() {
  const folder = path.join(dataDir, "files", "tmp");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function post(pathname: string, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${pathname}`, { method: "POST", body, headers });
  return { status: response.status, body: await response.json() };
}

describe("receiving an upload", () => {
  it("stores the file with its type by content, its name with Norwegian letters, and the fields before it", async () => {
    const form = new FormData();
    form.append("description", "Signert kopi");
    form.append("file", new Blob([new Uint8Array(pdfFile())]), "Avtale Ørland – æøå.pdf");
    const { status, body } = await post("/upload", form);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      fileName: "Avtale Ørland – æøå.pdf",
      mime: "application/pdf",
      size: pdfFile().length,
      fields: { description: "Signert kopi" },
    });
    expect(body.key).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(dataDir, "files", body.key.slice(0, 2), body.key))).toEqual(pdfFile());
  });

  it("takes fields that come after the file too", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdfFile())]), "etter.pdf");
    form.append("description", "Sendt etter filen");
    const { status, body } = await post("/upload", form);
    expect(status).toBe(200);
    expect(body).toMatchObject({ fileName: "etter.pdf", fields: { description: "Sendt etter filen" } });
  });

  it("says a file is needed when none was chosen, the file is empty, or the request is not a form with a file", async () => {
    const expected = {
      status: 400,
      body: { exceptionName: "MissingServletRequestPartException", message: "You must upload a file" },
    };
    const noneChosen = new FormData();
    noneChosen.append("file", new Blob([]), "");
    expect(await post("/upload", noneChosen)).toMatchObject(expected);
    const empty = new FormData();
    empty.append("file", new Blob([]), "tom.pdf");
    expect(await post("/upload", empty)).toMatchObject(expected);
    const fieldsOnly = new FormData();
    fieldsOnly.append("description", "no file");
    expect(await post("/upload", fieldsOnly)).toMatchObject(expected);
    expect(await post("/upload", "{}", { "content-type": "application/json" })).toMatchObject(expected);
    expect(uploadsInProgress()).toEqual([]);
  });

  it("refuses a program with the spec's text and keeps nothing", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(windowsProgram())]), "faktura.pdf");
    expect(await post("/upload", form)).toMatchObject({
      status: 415,
      body: { exceptionName: "HttpMediaTypeNotSupportedException", message: "File type not supported" },
    });
    expect(uploadsInProgress()).toEqual([]);
  });

  it("answers Max upload size exceeded past the limit and keeps nothing", async () => {
    const form = new FormData();
    form.append("file", new Blob(["a".repeat(4096)]), "stor.txt");
    expect(await post("/small-upload", form)).toMatchObject({
      status: 413,
      body: { exceptionName: "MaxUploadSizeExceededException", message: "Max upload size exceeded" },
    });
    expect(uploadsInProgress()).toEqual([]);
  });

  it("streams a large upload to disk without holding it in memory", async () => {
    // The server in a process of its own, with the services' memory settings, so its memory is measured alone.
    const child = spawn(process.execPath, ["tests/support/upload-server.ts", dataDir, String(MAX_MB)], {
      cwd: projectRoot,
      env: serviceEnv(process.env, "api"),
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const [line] = (await once(child.stdout, "data")) as [Buffer];
      const serverUrl = line.toString().trim();
      const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]) * 1024;

      // Past 256 MB the peak stays where it is (npm run bench:upload measures 512 MB and 1 GB).
      const megabytes = 256;
      const chunk = Buffer.alloc(1024 * 1024, "Workspace;Nordlys AS;Tromsø\n");
      const boundary = "----workspace-upload-test";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stor.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const upload = (chunks: number) => {
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(head);
          },
          pull(controller) {
            if (sent === chunks) {
              controller.enqueue(tail);
              controller.close();
              return;
            }
            sent += 1;
            controller.enqueue(chunk);
          },
        });
        return fetch(`${serverUrl}/upload`, {
          method: "POST",
          body,
          duplex: "half",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        } as RequestInit);
      };

      // A small upload first, so the baseline includes what any upload loads.
      expect((await upload(1)).status).toBe(200);
      const before = rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss());
      }, 20);
      const response = await upload(megabytes);
      clearInterval(sampler);
      const answer = await response.json();
      expect(response.status).toBe(200);
      expect(answer).toMatchObject({ size: megabytes * chunk.length, mime: "text/csv" });
      expect((peak - before) / 2 ** 20).toBeLessThan(64);
      fs.rmSync(path.join(dataDir, "files", answer.key.slice(0, 2), answer.key));
    } finally {
      child.kill();
    }
  }, 120_000);
});
