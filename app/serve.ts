/**
 * The web app's production HTTP server: `node app/serve.ts [build/server/index.js]`. React Router's request handler
 * on Express, as React Router's own custom-server template has it, with what react-router-serve cannot do: security
 * headers on static files too, request lines without authorization codes, the browser's address for the API's
 * per-address limits, requests that arrive too slowly cut (decision 038), and start-up failures said in one line.
 * See docs/decisions/012-own-web-server.md.
 */
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import type { ServerBuild } from "react-router";
import { redactUrl } from "../server/shared/log-redaction.ts";
import {
  BODY_TIMEOUT_SECONDS_DEFAULT,
  cutSlowRequests,
  HEADERS_TIMEOUT_SECONDS_DEFAULT,
  parseSeconds,
} from "../server/shared/slow-requests.ts";
import { describeListenError, hostSyntaxProblem, parsePort } from "../server/shared/startup-errors.ts";
import { DEFAULT_TRUSTED_PROXIES, trustedProxiesSchema } from "../server/shared/trusted-proxies.ts";
import { CLIENT_ADDRESS_HEADER } from "./utils/client-address.server.ts";
import { webEnv } from "./utils/env.server.ts";
import { baseSecurityHeaders } from "./utils/security-headers.server.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

process.env.NODE_ENV ??= "production";
const port = parsePort("PORT", process.env.PORT, 3000);
if (typeof port === "string") fail(port);
const host = process.env.HOST || undefined;
const badHost = host && hostSyntaxProblem("HOST", host);
if (badHost) fail(badHost);
const headersTimeoutSeconds = parseSeconds(
  "HEADERS_TIMEOUT_SECONDS",
  process.env.HEADERS_TIMEOUT_SECONDS,
  HEADERS_TIMEOUT_SECONDS_DEFAULT,
);
if (typeof headersTimeoutSeconds === "string") fail(headersTimeoutSeconds);
const bodyTimeoutSeconds = parseSeconds(
  "BODY_TIMEOUT_SECONDS",
  process.env.BODY_TIMEOUT_SECONDS,
  BODY_TIMEOUT_SECONDS_DEFAULT,
);
if (typeof bodyTimeoutSeconds === "string") fail(bodyTimeoutSeconds);
const trustProxy = trustedProxiesSchema.safeParse(process.env.TRUST_PROXY || DEFAULT_TRUSTED_PROXIES);
if (!trustProxy.success) fail(`TRUST_PROXY: ${trustProxy.error.issues[0].message}`);
try {
  // The secrets are read at the first request too; a missing or short one is said now, not as a failed page.
  webEnv();
} catch (error) {
  fail((error as Error).message);
}

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build: ServerBuild = await import(pathToFileURL(buildPath).href).catch((error: unknown) =>
  fail(`The web app is not built (${buildPath}: ${(error as Error).message}); run npm run build first.`),
);
const clientDir = path.resolve(path.dirname(buildPath), "../client");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy.data);
app.use(compression());

// React Router's responses get these headers in the root middleware; files are answered here, before it.
const securityHeaders = baseSecurityHeaders();
const setFileHeaders = (response: express.Response) => {
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
};
app.use(
  "/assets",
  express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", setHeaders: setFileHeaders }),
);
app.use(express.static(clientDir, { setHeaders: setFileHeaders }));
app.use(express.static("public", { maxAge: "1h", setHeaders: setFileHeaders }));

morgan.token("target", (request) => redactUrl((request as express.Request).originalUrl));
app.use(morgan(":method :target :status :res[content-length] - :response-time ms"));

app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? "";
  next();
});
app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = createServer(app);
cutSlowRequests(server, { headersTimeoutSeconds, bodyTimeoutSeconds });
server.once("error", (error) => {
  fail(describeListenError(error, { portVariable: "PORT", port, hostVariable: "HOST", host }) ?? String(error));
});
server.listen({ port, host }, () => {
  console.log(`Web app listening on http://${host ?? "localhost"}:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
