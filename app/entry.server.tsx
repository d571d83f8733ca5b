import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { CacheProvider } from "@emotion/react";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { getInstance } from "./middleware/i18next.server.ts";
import { documentEncoding, encodeDocument } from "./utils/document-encoding.server.ts";
import { createServerEmotionCache, emotionStyleTags } from "./utils/emotion.server.ts";
import { NonceProvider } from "./utils/nonce.tsx";
import {
  applyBaseSecurityHeaders,
  applyDocumentSecurityHeaders,
  frameAncestorsContext,
} from "./utils/security-headers.server.ts";
import { serverTimingEnabled, serverTimingInstrumentations, startSpan } from "./utils/server-timing.server.ts";
import { TextsProvider } from "./utils/translation.tsx";

export const streamTimeout = 5_000;

/** With SERVER_TIMING=true, each loader is timed for the Server-Timing header. */
export const instrumentations = serverTimingEnabled() ? serverTimingInstrumentations : [];

/** What React writes once the whole document is ready: it all comes in one `pipe`, so it is collected as it comes. */
function readAll(pipe: (destination: Writable) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    sink.on("error", reject);
    pipe(sink);
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  applyDocumentSecurityHeaders(responseHeaders, nonce, loadContext.get(frameAncestorsContext));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const endRender = startSpan(loadContext, "render");
  const cache = createServerEmotionCache(nonce);

  return new Promise<Response>((resolve, reject) => {
    // The whole document is rendered before it is sent: its styles belong in <head>, so the
    // page is styled before any script runs (and without scripts at all).
    const ready: keyof RenderToPipeableStreamOptions = "onAllReady";
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CacheProvider value={cache}>
          <TextsProvider i18n={getInstance(loadContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TextsProvider>
        </CacheProvider>
      </NonceProvider>,
      {
        nonce,
        // React moves a finished Suspense boundary (a lazily loaded panel) out of place once the
        // page passes this many bytes, to be put back by a script: without JavaScript it would
        // stay hidden. The whole page is sent at once anyway, so every boundary stays in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [ready]() {
          readAll(pipe).then((html) => {
            clearTimeout(timeout);
            const styled = html.replace("</head>", `${emotionStyleTags(cache, nonce)}</head>`);
            endRender?.();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.append("Vary", "Accept-Encoding");
            const encoding = documentEncoding(request.headers.get("Accept-Encoding"));
            if (encoding) responseHeaders.set("Content-Encoding", encoding);
            const endEncode = startSpan(loadContext, "encode", encoding ?? "identity");
            const body = encodeDocument(styled, encoding);
            endEncode?.();
            resolve(new Response(body, { status, headers: responseHeaders }));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyBaseSecurityHeaders(response.headers);
  return response;
};
