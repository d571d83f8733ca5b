/**
 * npm run bench:render: what a server-rendered page costs beside the one API call it waits for.
 *
 * Starts the provider API and one web app per server build (--builds, so a saved earlier build can run beside the
 * current one), signs in, warms up, then asks for the API call and each build's page in turn, one request at a time,
 * and prints median and p95 of each with what the page adds to the API call and each web app's CPU time per page (read from /proc,
 * so it holds however busy the machine is). Taking turns within one run keeps the machine's other work from favouring
 * one side. With --profile, a further batch of pages is then sampled in each web app through the
 * inspector, and its CPU time per page is summed by package and by function (the .cpuprofile files are written too,
 * for Chrome's DevTools).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { freePort, projectRoot } from "../support/servers.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { cpuTime, signIn, startServers } from "./workspace.ts";

const { values: options } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    warmup: { type: "string", default: "100" },
    page: { type: "string", default: "/companies" },
    api: { type: "string", default: "/api/crm/company?page=0&size=25&fields=organisation_number,email,phone,city" },
    builds: { type: "string", default: "build/server/index.js" },
    // Node's flags for each build's web app, separated by "|", such as "|--max-semi-space-size=8".
    "node-args": { type: "string", default: "" },
    // What browsers send over HTTPS.
    encoding: { type: "string", default: "gzip, deflate, br, zstd" },
    profile: { type: "boolean", default: false },
    "save-html": { type: "boolean", default: false },
    "profile-requests": { type: "string", default: "300" },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log(`npm run bench:render [-- --requests N] [--warmup N] [--page /companies] [--api /api/crm/company?…]
    [--builds build/server/index.js,other/server/index.js] [--node-args="FLAGS|FLAGS"] [--encoding identity]
    [--profile] [--profile-requests N] [--save-html]

Uses DATABASE_URL (PostgreSQL) or DATA_DIR (embedded, default ./data), filled by npm run bench:seed; run
npm run build first. To compare with an earlier build, copy its build/ to DIR/build and public/ to DIR/public
and add DIR/build/server/index.js to --builds. Pages are asked for with --encoding as Accept-Encoding (by
default what browsers send over HTTPS). --node-args gives each build's web app Node flags ("|" between builds; the
same build may be listed twice to compare flags). Profiles, and pages with --save-html, go to bench-results/.`);
  process.exit(0);
}
const requests = Number(options.requests);
const warmup = Number(options.warmup);
const profileRequests = Number(options["profile-requests"]);
const builds = options.builds.split(",").filter(Boolean);
if (!(requests > 0) || !(warmup >= 0) || !(profileRequests > 0) || builds.length === 0) {
  console.error("--requests and --profile-requests must be positive, --warmup zero or more, --builds not empty");
  process.exit(2);
}

// --- Requests: one keep-alive connection per server, as a browser or a proxy would hold ---

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: Buffer;
  encoding?: string;
}

function text(answer: Answer): string {
  if (answer.encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (answer.encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            bytes: body.length,
            body,
            encoding: response.headers["content-encoding"],
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length };
}

const ms = (value: number) => value.toFixed(2);

/** The most memory a process has held so far (Linux). */
function peakRss(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

// --- The inspector: sampling one web app's CPU over a batch of requests ---

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T = unknown>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      next += 1;
      waiting.set(next, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Where a frame's code comes from: a package, the app's build, Node itself, or the engine's own entries. */
function origin(url: string, functionName: string): string {
  if (!url) return functionName || "(native)";
  const packages = url.split("node_modules/");
  if (packages.length > 1) {
    const parts = packages.at(-1)?.split("/") ?? [];
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node (built in)";
  if (url.includes("/server/index.js") || url.includes("/server/assets/")) return "app";
  return path.relative(projectRoot, url.replace(/^file:\/\//, ""));
}

function breakdown(profile: Profile, pages: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  // Each sample lasts until the next one.
  for (let i = 0; i < profile.samples.length; i++) {
    const duration = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + duration);
  }
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  const appInclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, time] of self) {
    const node = byId.get(id) as ProfileNode;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += time;
    const from = origin(url, functionName);
    packages.set(from, (packages.get(from) ?? 0) + time);
    const name = `${functionName || "(anonymous)"} ${from}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
    // The app's own functions with everything they call, each counted once per stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = (byId.get(at) as ProfileNode).callFrame;
      if (origin(frame.url, frame.functionName) !== "app") continue;
      const key = `${frame.functionName || "(anonymous)"}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      appInclusive.set(key, (appInclusive.get(key) ?? 0) + time);
    }
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `  ${ms(time / pages).padStart(7)} ms  ${name}`)
      .join("\n");
  console.log(`  CPU per page: ${ms(busy / pages)} ms (sampled over ${pages} pages)`);
  console.log(`  by package (self time):\n${top(packages, 15)}`);
  console.log(`  by function (self time):\n${top(functions, 25)}`);
  console.log(`  the app's functions (with what they call):\n${top(appInclusive, 20)}`);
}

// --- The run ---

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "data");
  const password = process.env.DEMO_PASSWORD || BENCH_PASSWORD;
  const inspectorPorts: number[] = [];
  if (options.profile) for (const _ of builds) inspectorPorts.push(await freePort());
  const servers = await startServers({
    databaseUrl,
    dataDir,
    password,
    webBuilds: builds,
    webNodeArgs: (index) => [
      ...(options.profile ? [`--inspect=127.0.0.1:${inspectorPorts[index]}`] : []),
      ...(options["node-args"].split("|")[index] ?? "").split(" ").filter(Boolean),
    ],
  });
  try {
    const { cookie, accessToken } = await signIn(servers, password);
    const apiHeaders = { authorization: `Bearer ${accessToken}` };
    const pageHeaders: Record<string, string> = { cookie, "accept-encoding": options.encoding };
    const targets = [
      { name: `API ${options.api}`, url: `${servers.apiUrl}${options.api}`, headers: apiHeaders },
      ...servers.webs.map((web) => ({
        name: `page ${options.page} (${web.build})`,
        url: `${web.url}${options.page}`,
        headers: pageHeaders,
      })),
    ];
    for (const target of targets) {
      const answer = await get(target.url, target.headers);
      if (answer.status !== 200) throw new Error(`${target.url} answered ${answer.status}`);
    }
    const processes = [servers.api, ...servers.webs.map((web) => web.process)];
    const samples = targets.map(() => [] as number[]);
    const answers: Answer[] = [];
    let cpuAtStart: number[] = [];
    for (let i = 0; i < warmup + requests; i++) {
      if (i === warmup) cpuAtStart = processes.map((child) => cpuTime(child.pid));
      // Turns rotate, so that no target always follows the same one.
      for (let turn = 0; turn < targets.length; turn++) {
        const index = (i + turn) % targets.length;
        const answer = await get(targets[index].url, targets[index].headers);
        if (answer.status !== 200) throw new Error(`${targets[index].url} answered ${answer.status}`);
        answers[index] = answer;
        if (i >= warmup) samples[index].push(answer.ms);
      }
    }
    // The API process also answers the web apps' own calls, so only the web apps' CPU is per request.
    const cpu = processes.map((child, index) => (cpuTime(child.pid) - cpuAtStart[index]) / requests);
    const api = summarize(samples[0]);
    console.log(`\n${requests} requests each after ${warmup} to warm up; times in ms as the client sees them\n`);
    targets.forEach((target, index) => {
      const summary = summarize(samples[index]);
      const overhead =
        index === 0
          ? ""
          : `\n  page − API ${ms(summary.median - api.median)} ms (p95 ${ms(summary.p95 - api.p95)}), ` +
            `web app CPU ${ms(cpu[index])} ms per page, peak RSS ${(peakRss(processes[index].pid) / 2 ** 20).toFixed(0)} MiB`;
      console.log(
        `${target.name}\n  median ${ms(summary.median)}  p95 ${ms(summary.p95)}  mean ${ms(summary.mean)}  ` +
          `${(answers[index].bytes / 1024).toFixed(1)} KiB ${answers[index].encoding ?? "uncompressed"}${overhead}`,
      );
    });
    const folder = path.join(projectRoot, "bench-results");
    fs.mkdirSync(folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    if (options["save-html"]) {
      for (let index = 1; index < targets.length; index++) {
        const file = path.join(folder, `render-${stamp}-${index - 1}.html`);
        fs.writeFileSync(file, text(answers[index]));
        console.log(`Page of ${servers.webs[index - 1].build}: ${path.relative(process.cwd(), file)}`);
      }
    }

    if (options.profile) {
      // All web apps are sampled over the same stretch of time, taking turns, as above.
      const sessions = await Promise.all(inspectorPorts.map((port) => inspector(port)));
      for (const session of sessions) {
        await session.send("Profiler.enable");
        await session.send("Profiler.setSamplingInterval", { interval: 200 });
        await session.send("Profiler.start");
      }
      for (let i = 0; i < profileRequests; i++) {
        for (let turn = 0; turn < servers.webs.length; turn++) {
          const web = servers.webs[(i + turn) % servers.webs.length];
          await get(`${web.url}${options.page}`, pageHeaders);
        }
      }
      for (const [index, session] of sessions.entries()) {
        const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
        session.close();
        const file = path.join(folder, `render-${stamp}-${index}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`\nProfile of ${servers.webs[index].build}: ${path.relative(process.cwd(), file)}`);
        breakdown(profile, profileRequests);
      }
    }
  } finally {
    agent.destroy();
    await servers.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
