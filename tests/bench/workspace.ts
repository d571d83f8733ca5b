/** The provider API and the built web app over an existing database, and a signed-in session, for benchmarks. */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { serviceEnv } from "../../server/cli/processes.ts";
import { decryptValue, sessionCookieKey } from "../../server/shared/sealed-value.ts";
import { freePort, projectRoot, stop, waitForHealth } from "../support/servers.ts";
import { BENCH_ADMIN_EMAIL } from "./bench-password.ts";

export interface ServerOptions {
  databaseUrl?: string;
  dataDir: string;
  password: string;
  /** Extra arguments for each service's node, such as --cpu-prof; per web app when a function of its index. */
  apiNodeArgs?: string[];
  webNodeArgs?: string[] | ((index: number) => string[]);
  /**
   * Server builds of the web app to start (…/build/server/index.js, with build/client and public/ beside build/),
   * each on its own port, so that builds can be compared side by side.
   */
  webBuilds?: string[];
}

export interface WebApp {
  build: string;
  url: string;
  process: ChildProcess;
}

export interface Servers {
  apiUrl: string;
  /** The first web app's. */
  appUrl: string;
  api: ChildProcess;
  web: ChildProcess;
  webs: WebApp[];
  /** The web apps' session secret: it opens their session cookies. */
  sessionSecret: string;
  stop(): Promise<void>;
}

export async function startServers({
  databaseUrl,
  dataDir,
  password,
  apiNodeArgs = [],
  webNodeArgs = [],
  webBuilds = ["build/server/index.js"],
}: ServerOptions): Promise<Servers> {
  const apiPort = await freePort();
  const appPorts: number[] = [];
  for (const _ of webBuilds) appPorts.push(await freePort());
  const apiUrl = `http://localhost:${apiPort}`;
  const appUrl = `http://localhost:${appPorts[0]}`;
  const logPath = path.join(os.tmpdir(), `workspace-bench-${process.pid}.log`);
  const log = fs.openSync(logPath, "a");
  const sessionSecret = randomBytes(32).toString("base64url");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl ?? "",
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    PORT: String(appPorts[0]),
    API_URL: apiUrl,
    APP_URL: appUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    DEMO_PASSWORD: password,
    // Long enough that no refresh (and no cookie change) happens while load runs.
    ACCESS_TOKEN_TTL: "3600",
    RATE_LIMIT_PER_MINUTE: "100000000",
    SESSION_SECRET: sessionSecret,
    OAUTH_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  };
  const stdio: ["ignore", number, number] = ["ignore", log, log];
  const api = spawn(process.execPath, [...apiNodeArgs, "server/main.ts"], {
    cwd: projectRoot,
    env: serviceEnv(env, "api"),
    stdio,
  });
  const webs: WebApp[] = webBuilds.map((build, index) => ({
    build,
    url: `http://localhost:${appPorts[index]}`,
    process: spawn(
      process.execPath,
      [
        ...(typeof webNodeArgs === "function" ? webNodeArgs(index) : webNodeArgs),
        // Each build's own server, beside it.
        path.resolve(projectRoot, build, "../../serve.js"),
        path.resolve(projectRoot, build),
      ],
      {
        // The server finds build/client and public/ from where it runs: beside the build it serves.
        cwd: path.resolve(projectRoot, build, "../../.."),
        env: serviceEnv(
          {
            ...env,
            NODE_ENV: "production",
            PORT: String(appPorts[index]),
            APP_URL: `http://localhost:${appPorts[index]}`,
          },
          "web",
        ),
        stdio,
      },
    ),
  }));
  const stopAll = async () => {
    await Promise.all([...webs.map((web) => stop(web.process)), stop(api)]);
    fs.closeSync(log);
  };
  try {
    await waitForHealth(`${apiUrl}/healthz`, api, 300_000);
    for (const web of webs) await waitForHealth(`${web.url}/healthz`, web.process);
  } catch (error) {
    await stopAll();
    throw new Error(`${(error as Error).message}\n${fs.readFileSync(logPath, "utf8")}`);
  }
  return { apiUrl, appUrl, api, web: webs[0].process, webs, sessionSecret, stop: stopAll };
}

/** CPU time a process has used so far, user and system, in milliseconds (Linux). */
export function cpuTime(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// --- Signing in as a browser would, without a browser ---

class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(pair.slice(0, index));
      else jar.set(pair.slice(0, index), value);
    }
    this.cookies.set(host, jar);
  }
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host) ?? new Map();
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get(url: string, suffix: string): string | undefined {
    const jar = this.cookies.get(new URL(url).host) ?? new Map<string, string>();
    return [...jar].find(([name]) => name.endsWith(suffix))?.[1];
  }
}

export async function signIn(
  servers: Pick<Servers, "appUrl" | "sessionSecret">,
  password: string,
): Promise<{ cookie: string; accessToken: string }> {
  const { appUrl } = servers;
  const jar = new Jar();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url), origin: new URL(url).origin },
    });
    jar.store(url, response);
    return response;
  };
  let url = `${appUrl}/login`;
  let response = await request(url, { method: "POST" });
  for (let hops = 0; hops < 12; hops++) {
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      response = await request(url);
      continue;
    }
    const page = new URL(url);
    if (page.pathname === "/auth/login" && response.status === 200) {
      const uid = page.searchParams.get("uid") ?? "";
      url = new URL("/auth/login", url).toString();
      response = await request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ uid, email: BENCH_ADMIN_EMAIL, password }).toString(),
      });
      continue;
    }
    break;
  }
  const session = jar.get(appUrl, "workspace_session");
  if (!session) throw new Error(`sign-in failed at ${url} (${response.status}); is DEMO_PASSWORD right?`);
  // The session cookie is encrypted; the benchmark knows the secret, as the web app does.
  const sealed = JSON.parse(Buffer.from(decodeURIComponent(session), "base64").toString("utf8")) as string;
  const contents = await decryptValue(await sessionCookieKey(servers.sessionSecret), sealed);
  const tokens = contents as { access_token: string } | null;
  if (!tokens) throw new Error("the session cookie does not open with the benchmark's secret");
  return { cookie: jar.header(appUrl), accessToken: tokens.access_token };
}

// --- What a first load weighs ---

/** A file as it travels gzipped (the web app compresses what it sends; an uncompressed one is gzipped here). */

export function gzipBytes(
  url: string,
  cookie: string,
  language = "en",
): Promise<{ status: number; wire: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, "accept-encoding": "gzip", "accept-language": language } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzipped = response.headers["content-encoding"] === "gzip";
          const body = gzipped ? zlib.gunzipSync(raw) : raw;
          // An uncompressed answer is counted as it would travel gzipped.
          resolve({ status: response.statusCode ?? 0, wire: gzipped ? raw.length : zlib.gzipSync(raw).length, body });
        });
      })
      .on("error", reject);
  });
}

/**
 * A page (`/companies` unless told) as a browser asking for `language` loads it first (the demo users have chosen no
 * language): the HTML and every script and stylesheet it loads, gzipped.
 */
export async function firstLoadBytes(appUrl: string, cookie: string, language = "en", pagePath = "/companies") {
  const page = await gzipBytes(`${appUrl}${pagePath}`, cookie, language);
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
  const html = page.body.toString("utf8");
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) styles.add(match[1]);
  const sizes = async (urls: Set<string>) => {
    const out: { file: string; gzip: number }[] = [];
    for (const asset of urls) {
      const response = await gzipBytes(new URL(asset, appUrl).toString(), "");
      out.push({ file: asset, gzip: response.wire });
    }
    return out.sort((a, b) => b.gzip - a.gzip);
  };
  const js = await sizes(scripts);
  const css = await sizes(styles);
  const sum = (files: { gzip: number }[]) => files.reduce((total, file) => total + file.gzip, 0);
  return { html, htmlGzip: page.wire, jsGzip: sum(js), cssGzip: sum(css), js, css };
}
