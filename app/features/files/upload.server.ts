import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { data } from "react-router";

/** What the browser's form held beside its file, and what became of the upload (`refused`: the API's error). */
export interface ForwardedUpload<T> {
  /** The form's text fields (the first value of each), for showing the form again after an error. */
  fields: Record<string, string>;
  /** The API's answer, or why there was none: no file chosen, or a file past the limit. */
  outcome:
    | { kind: "sent"; result: T }
    | { kind: "refused"; error: unknown }
    | { kind: "noFile" }
    | { kind: "tooLarge" };
}

/** Sends a multipart body to the API and reads its answer (api.server.ts `upload`). */
export type SendUpload<T> = (body: ReadableStream<Uint8Array>, contentType: string) => Promise<T>;

const FIELD_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/** A multipart header value as browsers write one: quotes and line breaks percent-encoded (HTML's form encoding). */
function quoted(value: string): string {
  return value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/**
 * Forwards a browser's multipart upload to the API as it arrives, never whole in memory: the file part goes on chunk
 * by chunk (each write waits until the API has taken the last), the form's text fields follow it. busboy reads the
 * browser's body as a stream; `@mjackson/form-data-parser` holds each part whole (decision 018).
 *
 * Past `maxBytes` the forwarding stops and the API request is aborted. Which field holds the file is `fileField`;
 * other files are skipped.
 */
export async function forwardUpload<T>(
  request: Request,
  send: SendUpload<T>,
  options: { maxBytes: number; fileField: string },
): Promise<ForwardedUpload<T>> {
  const fields: Record<string, string> = {};
  const boundary = `----workspace-${randomBytes(12).toString("hex")}`;
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return { fields, outcome: { kind: "noFile" } };

  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const writer = pipe.writable.getWriter();
  let answer: Promise<T> | undefined;
  // Settles when the API has answered: a refusal can come before the body ends, and then nothing more is read.
  let answered: Promise<false> = new Promise(() => {});
  const write = (chunk: Uint8Array) => Promise.race([writer.write(chunk).then(() => true), answered]);
  let tooLarge = false;

  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: options.maxBytes, files: 1, fieldSize: FIELD_BYTES, fields: 50 },
      defParamCharset: "utf8",
    });
  } catch {
    // A multipart type without a boundary: the browser's request is malformed, not the web app.
    throw malformedUpload();
  }
  const fileDone: Promise<void>[] = [];
  let fileError: unknown;
  parser.on("field", (name, value) => {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, file, info) => {
    if (name !== options.fileField || !info.filename || answer) {
      file.resume();
      return;
    }
    const fileName = info.filename;
    file.on("limit", () => {
      tooLarge = true;
    });
    answer = send(pipe.readable, `multipart/form-data; boundary=${boundary}`);
    answered = answer.then(
      () => false as const,
      () => false as const,
    );
    fileDone.push(
      (async () => {
        const started = await write(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(fileName)}"\r\n` +
              `Content-Type: ${info.mimeType || "application/octet-stream"}\r\n\r\n`,
          ),
        );
        // Read to the end whatever happens: busboy goes on to the next part only once this one is consumed.
        let forwarding = started;
        for await (const chunk of file) {
          if (forwarding && (tooLarge || !(await write(chunk as Uint8Array)))) forwarding = false;
        }
      })().catch((error: unknown) => {
        // The file breaks off with the body: kept for below, so that it is never an unhandled rejection.
        fileError ??= error;
      }),
    );
  });

  let malformed = false;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", (error) => {
      // busboy's own errors: a body cut short, a broken part.
      malformed = true;
      reject(error);
    });
  });
  Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>).pipe(parser);
  try {
    await parsed;
    await Promise.all(fileDone);
    if (fileError) throw fileError;
  } catch (error) {
    // A broken body from the browser: the API's request ends too, rather than waiting for the rest.
    await writer.abort(error).catch(() => undefined);
    await answer?.catch(() => undefined);
    throw malformed ? malformedUpload() : error;
  }

  if (!answer) {
    await writer.abort();
    return { fields, outcome: { kind: "noFile" } };
  }
  if (tooLarge) {
    await writer.abort(new Error("the file is past the limit"));
    await answer.catch(() => undefined);
    return { fields, outcome: { kind: "tooLarge" } };
  }
  let tail = "\r\n";
  for (const [name, value] of Object.entries(fields)) {
    tail += `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;
  }
  if (await write(encoder.encode(`${tail}--${boundary}--\r\n`))) await writer.close();
  // Otherwise the API answered before the end (a refusal): its answer says why.
  try {
    return { fields, outcome: { kind: "sent", result: await answer } };
  } catch (error) {
    return { fields, outcome: { kind: "refused", error } };
  }
}

/** A request body that is not well-formed multipart: the client's fault, answered 400 rather than 500. */
function malformedUpload() {
  return data("Bad request", { status: 400 });
}
