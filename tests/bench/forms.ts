/**
 * `npm run bench:forms [-- --submissions 1000000 --rate 200 --seconds 30 --iterations 100]`: web forms under load
 * (issue "Performance and safety"), after `npm run build`, over the database DATABASE_URL (PostgreSQL) or DATA_DIR
 * (PGlite, default ./data) points to. Three forms are made once, by title, and reused:
 *
 * - **the public page** (`/f/{publicId}` of a form of seven blocks, as the browser tests use): its HTML gzipped, and
 *   the JavaScript it names (script tags, module preloads and imports) for a visitor who is not signed in;
 * - **a million stored submissions** on one form, loaded in bulk by SQL when fewer are there; the submissions list
 *   (`GET /api/forms/{id}/submissions`: first page, a deep page, a common word and a rare address searched) timed
 *   in-process (the service's call, "SQL") and over HTTP ("API"), with each statement's plan (EXPLAIN ANALYZE);
 * - **a steady stream of submissions** (200 a second for 30 s) to an open form, each with a token of its own fetched
 *   from the form's public call beforehand and sent more than 3 s after it was issued, from an address of its own
 *   (X-Forwarded-For, which the API takes from loopback: TRUST_PROXY's default), so that the per-address limit keeps
 *   its default of 5 in 10 minutes; meanwhile the staff's lists (the forms, that form's submissions, the companies)
 *   are asked for one at a time, and their p95 set against 100 ms.
 *
 * Prints the figures with the load average, writes them as JSON to bench-results/, and exits with 1 when a budget is
 * missed (docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import type { FormInput } from "../../server/contract/forms.ts";
import { formInputSchema } from "../../server/contract/forms.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import type { Database } from "../../server/db/schema.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { submissionsPageQuery } from "../../server/forms/forms.repository.ts";
import { createForm, listSubmissions } from "../../server/forms/forms.service.ts";
import { benchAdmin } from "./bench-admin.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { cpuTime, firstLoadBytes, signIn, startServers } from "./workspace.ts";

const { values: args } = parseArgs({
  options: {
    submissions: { type: "string", default: "1000000" },
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "30" },
    iterations: { type: "string", default: "100" },
  },
});
const storedTarget = Number(args.submissions);
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const iterations = Number(args.iterations);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const password = process.env.DEMO_PASSWORD || BENCH_PASSWORD;

const BUDGET = { pageHtmlGzip: 15 * 1024, pageJs: 0, listP95DuringLoad: 100, submissionsListP95: 50 };
const TITLES = { page: "Bench: event sign-up", stored: "Bench: a million answers", load: "Bench: steady stream" };
/** The common word of the stored answers (one in ten messages), and the search that finds one submission. */
const COMMON_WORD = "faktura";
const RARE_NUMBER = 424_242;

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2));
const format = (n: number) => n.toLocaleString("en");
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

function percentiles(times: number[]) {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

async function timed(runs: number, work: () => Promise<unknown>) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

const question = (label: string, extra: object = {}) => ({ type: "QUESTION", label, ...extra });

/** The forms of this benchmark, made the first time; by title, so that a second run reuses them. */
async function benchForm(db: Kysely<Database>, title: string, blocks: object[]) {
  const found = await db
    .selectFrom("core.form")
    .select(["id", "public_id"])
    .where("title", "=", title)
    .executeTakeFirst();
  if (found) return { id: found.id, publicId: found.public_id };
  const input = formInputSchema.parse({ title, open: true, blocks, thankYouPageTitle: "Thank you" }) as FormInput;
  const form = await createForm(db, await benchAdmin(db), input);
  return { id: form.uuid, publicId: form.publicId };
}

const questionIds = async (db: Kysely<Database>, formId: string) => {
  const row = await db.selectFrom("core.form").select("blocks").where("id", "=", formId).executeTakeFirstOrThrow();
  return (row.blocks as { id: string; type: string }[]).filter((block) => block.type === "QUESTION").map((b) => b.id);
};

/**
 * Fills the form up to `target` submissions in one statement per 100,000: names, addresses and messages from small
 * lists (one message in ten says "faktura"), one a minute going back from now, with their search text as a
 * submission's is made. Its two indexes are rebuilt after a large load rather than kept up row by row.
 */
async function fillSubmissions(db: Kysely<Database>, formId: string, target: number) {
  const [nameId, emailId, messageId] = await questionIds(db, formId);
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from core.form_submission where form_id = ${formId}`.execute(db);
  const have = Number(rows[0].n);
  if (have >= target) return { added: 0, seconds: 0 };
  const started = performance.now();
  const large = target - have > 100_000;
  const firsts = ["Kari", "Ola", "Ingrid", "Lars", "Anne", "Per", "Sofie", "Jonas", "Emma", "Håkon", "Grace", "Alan"];
  const lasts = ["Nordmann", "Hansen", "Johansen", "Olsen", "Larsen", "Berg", "Dahl", "Lie", "Hopper", "Turing"];
  const messages = [
    "Spørsmål om faktura",
    "Please call me back about the offer",
    "Jeg vil gjerne bli med på kurset",
    "Interested in a demo next week",
    "Kan dere sende meg prisliste?",
    "Looking forward to the event",
    "Trenger hjelp med bestillingen",
    "Could you send the brochure?",
    "Har dere ledige plasser i Bergen?",
    "Thanks for a great workshop",
  ];
  await db.transaction().execute(async (trx) => {
    if (large) {
      await sql`drop index if exists core.form_submission_recent`.execute(trx);
      await sql`drop index if exists core.form_submission_search`.execute(trx);
    }
    for (let from = have + 1; from <= target; from += 100_000) {
      const to = Math.min(target, from + 99_999);
      await sql`insert into core.form_submission (form_id, answers, search_text, submitted_at)
        select ${formId}, a.answers, core.search_fold(a.name || ' ' || a.email || ' ' || a.message),
          now() - make_interval(mins => i)
        from generate_series(${from}::int, ${to}::int) as i,
        lateral (select (${sql.val(firsts)}::text[])[1 + i % 12] || ' ' || (${sql.val(lasts)}::text[])[1 + (i / 12) % 10] as name,
          'person' || i || '@example.com' as email,
          (${sql.val(messages)}::text[])[1 + (i / 7) % 10] as message) as n,
        lateral (select n.name, n.email, n.message,
          jsonb_build_object(${nameId}::text, n.name, ${emailId}::text, n.email, ${messageId}::text, n.message) as answers) as a`.execute(
        trx,
      );
      console.log(`  ${format(to)} submissions (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (large) {
      await sql`create index form_submission_recent on core.form_submission (form_id, submitted_at desc, id desc)`.execute(
        trx,
      );
      await sql`create index form_submission_search on core.form_submission using gin (search_text gin_trgm_ops)`.execute(
        trx,
      );
    }
    await sql`update core.form set submission_count = (select count(*) from core.form_submission where form_id = ${formId})
      where id = ${formId}`.execute(trx);
  });
  await sql`vacuum analyze core.form_submission`.execute(db);
  return { added: target - have, seconds: (performance.now() - started) / 1000 };
}

interface Figures {
  [key: string]: unknown;
}
const figures: Figures = {
  date: new Date().toISOString(),
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim(),
  database: "",
  cpus: os.cpus().length,
  loadAverageAtStart: loadAverage(),
};
const missed: string[] = [];

// ——— Before the services start: the forms, the million, and the list's statements as the API runs them ———

const handle = await openDatabase({ databaseUrl, dataDir });
const { db } = handle;
let forms: Record<keyof typeof TITLES, { id: string; publicId: string }>;
const sqlScenarios: Record<string, { page: number; q?: string }> = {};
try {
  await migrateToLatest(db);
  await seedWorkspace(db, { demo: true, demoPassword: password });
  const version = await sql<{ version: string }>`select version()`.execute(db);
  figures.database = `${handle.kind} (${version.rows[0].version.split(" on ")[0].replace(/,.*$/, "")})`;
  console.log(`Database: ${figures.database}${handle.kind === "pglite" ? ` in ${dataDir}` : ""}`);
  forms = {
    page: await benchForm(db, TITLES.page, [
      { type: "TITLE", heading: "About you", paragraph: "A few details first." },
      question("Full name", { required: true, helpText: "As on your badge" }),
      question("E-mail", { mergeWith: { entity: "contact", field: "email" }, required: true }),
      question("Guests", { fieldType: "Number" }),
      question("Menu", { fieldType: "List", options: ["Fish", "Vegetarian"] }),
      question("Sessions", { fieldType: "MultiSelect", options: ["Morning", "Afternoon"] }),
      question("Comments", { fieldType: "LongText" }),
    ]),
    stored: await benchForm(db, TITLES.stored, [
      question("Name", { required: true }),
      question("E-mail", { fieldType: "Email" }),
      question("Message", { fieldType: "LongText" }),
    ]),
    load: await benchForm(db, TITLES.load, [
      question("Name", { required: true }),
      question("E-mail", { fieldType: "Email" }),
      question("Message", { fieldType: "LongText" }),
    ]),
  };
  const filled = await fillSubmissions(db, forms.stored.id, storedTarget);
  if (filled.added > 0) {
    console.log(`Added ${format(filled.added)} submissions in ${filled.seconds.toFixed(1)} s (with vacuum analyze)`);
  }
  figures.seeded = filled;
  // As autovacuum leaves a table some time after a load or a stream of submissions: its visibility map lets a page's
  // ids come from the index alone.
  await sql`vacuum analyze core.form_submission`.execute(db);
  const stored = Number(
    (
      await db
        .selectFrom("core.form")
        .select("submission_count")
        .where("id", "=", forms.stored.id)
        .executeTakeFirstOrThrow()
    ).submission_count,
  );
  figures.stored = stored;
  const deepPage = Math.floor(stored / 25 / 10);
  sqlScenarios.first = { page: 0 };
  sqlScenarios[`deep page (${format(deepPage + 1)})`] = { page: deepPage };
  sqlScenarios[`search "${COMMON_WORD}"`] = { page: 0, q: COMMON_WORD };
  sqlScenarios[`search one address`] = { page: 0, q: `person${RARE_NUMBER}@example.com` };

  const actor = await benchAdmin(db);
  const plans: Record<string, string> = {};
  const inProcess: Record<string, ReturnType<typeof percentiles>> = {};
  console.log(`\nThe submissions list at ${format(stored)} in-process (the service's call), ${iterations} runs each`);
  for (const [name, { page, q }] of Object.entries(sqlScenarios)) {
    const explained = await submissionsPageQuery(db, forms.stored.id, q, page * 25, 25).explain(
      undefined,
      sql`analyze, buffers`,
    );
    plans[name] = explained.map((row) => String(Object.values(row)[0])).join("\n");
    inProcess[name] = await timed(iterations, () =>
      listSubmissions(db, actor, forms.stored.id, { page, size: 25, ...(q ? { q } : {}) }),
    );
    console.log(`  ${name}: p50 ${ms(inProcess[name].p50)} ms, p95 ${ms(inProcess[name].p95)} ms`);
  }
  figures.plans = plans;
  figures.submissionsListInProcess = inProcess;
  for (const [name, plan] of Object.entries(plans)) console.log(`\nEXPLAIN ANALYZE, ${name}:\n${plan}`);
  const recent = Object.values(plans).filter((plan) => plan.includes("form_submission_recent")).length;
  console.log(`\n${recent} of ${Object.keys(plans).length} plans read form_submission_recent`);
} finally {
  await handle.close();
}

// ——— The services ———

const servers = await startServers({ databaseUrl, dataDir, password });
/** An API that ran out of memory is stopped by a signal, with no exit code. */
const apiRunning = () => servers.api.exitCode === null && servers.api.signalCode === null;
try {
  const admin = await signIn(servers, password);
  const staff = { authorization: `Bearer ${admin.accessToken}` };
  const getOk = async (url: string, headers: Record<string, string> = staff) => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  };

  // ——— The public page: its HTML and the JavaScript it names ———
  const pageWeights: Record<string, unknown> = {};
  for (const language of ["en", "nb"]) {
    const load = await firstLoadBytes(servers.appUrl, "", language, `/f/${forms.page.publicId}`);
    if (!load.html.includes("<form")) throw new Error(`/f/{publicId} in ${language} shows no form`);
    const scriptTags = [...load.html.matchAll(/<script[^>]+src=/g)].length;
    const preloads = [...load.html.matchAll(/rel="modulepreload"/g)].length;
    pageWeights[language] = {
      htmlGzip: load.htmlGzip,
      jsGzip: load.jsGzip,
      jsFiles: load.js.length,
      scriptTags,
      modulePreloads: preloads,
      inlineScripts: [...load.html.matchAll(/<script(?![^>]*src=)[^>]*>/g)].length,
    };
    console.log(
      `\n/f/{publicId} (seven blocks, ${language}, signed out): HTML ${format(load.htmlGzip)} B gzip; JavaScript ` +
        `${format(load.jsGzip)} B gzip in ${load.js.length} files (${scriptTags} script tags with src, ` +
        `${preloads} module preloads)`,
    );
    if (load.htmlGzip > BUDGET.pageHtmlGzip) missed.push(`public page HTML in ${language}: ${load.htmlGzip} B gzip`);
    if (load.jsGzip > BUDGET.pageJs) missed.push(`public page JavaScript in ${language}: ${load.jsGzip} B gzip`);
  }
  figures.publicPage = pageWeights;

  // ——— The submissions list at a million, over HTTP ———
  const overHttp: Record<string, ReturnType<typeof percentiles>> = {};
  console.log(`\nThe submissions list at ${format(Number(figures.stored))} over HTTP, ${iterations} runs each`);
  for (const [name, { page, q }] of Object.entries(sqlScenarios)) {
    const query = new URLSearchParams({ page: String(page), size: "25", ...(q ? { q } : {}) });
    overHttp[name] = await timed(iterations, () =>
      getOk(`${servers.apiUrl}/api/forms/${forms.stored.id}/submissions?${query}`),
    );
    console.log(`  ${name}: p50 ${ms(overHttp[name].p50)} ms, p95 ${ms(overHttp[name].p95)} ms`);
    if (overHttp[name].p95 > BUDGET.submissionsListP95) {
      missed.push(`submissions list at a million, ${name}: p95 ${ms(overHttp[name].p95)} ms`);
    }
  }
  figures.submissionsListApi = overHttp;

  // ——— A steady stream of submissions, and the staff's lists meanwhile ———
  const count = rate * seconds;
  const [nameId, emailId, messageId] = await (async () => {
    const response = await fetch(`${servers.apiUrl}/api/forms/${forms.load.id}`, { headers: staff });
    const form = (await response.json()) as { blocks: { id: string; type: string }[] };
    return form.blocks.filter((block) => block.type === "QUESTION").map((block) => block.id);
  })();
  const countsOf = async () => {
    const response = await fetch(`${servers.apiUrl}/api/forms/${forms.load.id}`, { headers: staff });
    const form = (await response.json()) as { submissionCount: number; refusals: Record<string, number> };
    return { submissions: form.submissionCount, refusals: form.refusals };
  };
  const before = await countsOf();

  console.log(`\nFetching ${format(count)} submission tokens from the public form call…`);
  const tokens: string[] = [];
  const tokenStarted = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (tokens.length < count) {
        const response = await fetch(`${servers.apiUrl}/api/public/forms/${forms.load.publicId}`);
        const body = (await response.json()) as { token: string | null };
        if (!body.token) throw new Error(`the public form gave no token (${response.status})`);
        tokens.push(body.token);
      }
    }),
  );
  tokens.length = count;
  console.log(`  in ${((performance.now() - tokenStarted) / 1000).toFixed(1)} s; waiting 3.5 s, as a visitor must`);
  await new Promise((resolve) => setTimeout(resolve, 3_500));

  const lists: Record<string, string> = {
    "forms (GET /api/forms)": `${servers.apiUrl}/api/forms?size=25`,
    "the form's submissions": `${servers.apiUrl}/api/forms/${forms.load.id}/submissions?size=25`,
    "companies (GET /api/crm/company)": `${servers.apiUrl}/api/crm/company?size=25`,
  };
  /** The lists in turn, one request at a time, until `stop`; each one's times. */
  const askLists = (stopAt: () => boolean) => {
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(lists).map((name) => [name, []]));
    const failures: string[] = [];
    const done = (async () => {
      while (!stopAt() && apiRunning()) {
        for (const [name, url] of Object.entries(lists)) {
          const started = performance.now();
          try {
            await getOk(url);
            times[name].push(performance.now() - started);
          } catch (error) {
            failures.push(`${name}: ${(error as Error).message}`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }
    })();
    return { times, failures, done };
  };
  const baselineEnd = Date.now() + 5_000;
  const baseline = askLists(() => Date.now() > baselineEnd);
  await baseline.done;

  console.log(
    `Sending ${format(count)} submissions at ${rate}/s for ${seconds} s (load average ${loadAverage().join(", ")})`,
  );
  const statuses = new Map<number, number>();
  const submitTimes: number[] = [];
  let sent = 0;
  let streaming = true;
  const started = performance.now();
  const apiCpuBefore = cpuTime(servers.api.pid);
  const during = askLists(() => !streaming);
  const inFlight: Promise<void>[] = [];
  const submitOne = async (index: number) => {
    // An address of its own per submission, from 10.0.0.0/8: the limit per address stays at its default.
    const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    const body = JSON.stringify({
      answers: {
        [nameId]: `Load ${index}`,
        [emailId]: `load${index}@example.com`,
        [messageId]: index % 10 === 0 ? "Spørsmål om faktura" : "Looking forward to the event",
      },
      token: tokens[index],
    });
    const begun = performance.now();
    try {
      const response = await fetch(`${servers.apiUrl}/api/public/forms/${forms.load.publicId}/submissions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body,
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    } catch {
      statuses.set(0, (statuses.get(0) ?? 0) + 1);
    }
    submitTimes.push(performance.now() - begun);
  };
  while (sent < count) {
    // As many as the clock says are due: a late timer sends the ones it owes at once.
    const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (sent < due) inFlight.push(submitOne(sent++));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const sendingSeconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const allAnsweredSeconds = (performance.now() - started) / 1000;
  streaming = false;
  await during.done;
  const loadAverageAfter = loadAverage();
  const apiCpuMs = apiRunning() ? cpuTime(servers.api.pid) - apiCpuBefore : Number.NaN;
  if (!apiRunning()) {
    const log = fs.readFileSync(path.join(os.tmpdir(), `workspace-bench-${process.pid}.log`), "utf8");
    console.log(
      `\nThe API stopped during the stream (${servers.api.signalCode ?? `exit ${servers.api.exitCode}`}); its log ends:\n${log.slice(-1500)}`,
    );
    missed.push(`the API stopped during the stream (${servers.api.signalCode ?? `exit ${servers.api.exitCode}`})`);
  }
  const after = apiRunning() ? await countsOf() : { submissions: Number.NaN, refusals: {} };

  const accepted = statuses.get(201) ?? 0;
  const listFigures = (times: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(times).map(([name, list]) => [name, percentiles(list)]));
  const stream = {
    rate,
    seconds,
    sent: count,
    sendingSeconds,
    allAnsweredSeconds,
    statuses: Object.fromEntries(statuses),
    submission: percentiles(submitTimes),
    storedDuring: after.submissions - before.submissions,
    refusalsBefore: before.refusals,
    refusalsAfter: after.refusals,
    addresses: "one per submission in X-Forwarded-For, trusted from loopback (TRUST_PROXY's default)",
    listsBaseline: listFigures(baseline.times),
    listsDuring: listFigures(during.times),
    listFailures: during.failures.slice(0, 20),
    listFailureCount: during.failures.length,
    acceptedPerSecond: accepted / allAnsweredSeconds,
    /** The API's CPU time over the stream (its lists' share included), per submission it took. */
    apiCpuMs,
    apiCpuMsPerAccepted: apiCpuMs / accepted,
    loadAverageAfter,
  };
  figures.stream = stream;
  console.log(
    `  sent in ${sendingSeconds.toFixed(1)} s, all answered in ${allAnsweredSeconds.toFixed(1)} s: ` +
      `${JSON.stringify(stream.statuses)}; submission p50 ${ms(stream.submission.p50)} ms, ` +
      `p95 ${ms(stream.submission.p95)} ms, max ${ms(stream.submission.max)} ms; ` +
      `${format(stream.storedDuring)} stored (${stream.acceptedPerSecond.toFixed(0)} accepted a second, ` +
      `${ms(stream.apiCpuMsPerAccepted)} ms of the API's CPU each); ` +
      `addresses: ${stream.addresses}`,
  );
  if (during.failures.length > 0) {
    console.log(`  ${during.failures.length} list requests failed, first: ${during.failures[0]}`);
    missed.push(`${during.failures.length} list requests failed during the stream`);
  }
  console.log("\n| list | alone p50 / p95 | during the stream p50 / p95 (requests) |\n|---|---:|---:|");
  for (const name of Object.keys(lists)) {
    const alone = stream.listsBaseline[name];
    const busy = stream.listsDuring[name];
    console.log(
      `| ${name} | ${ms(alone.p50)} / ${ms(alone.p95)} | ${ms(busy.p50)} / ${ms(busy.p95)} (${format(busy.count)}) |`,
    );
    if (busy.p95 > BUDGET.listP95DuringLoad) missed.push(`${name} during the stream: p95 ${ms(busy.p95)} ms`);
  }
  if (accepted !== count || stream.storedDuring !== count) {
    missed.push(`the stream: ${accepted} of ${count} accepted, ${stream.storedDuring} stored`);
  }
  // The stream must keep its pace: answered within a second of its end.
  if (allAnsweredSeconds > seconds + 1) missed.push(`the stream took ${allAnsweredSeconds.toFixed(1)} s`);
} finally {
  await servers.stop();
}

figures.loadAverageAtEnd = loadAverage();
figures.missed = missed;
fs.mkdirSync("bench-results", { recursive: true });
const file = path.join("bench-results", `forms-${String(figures.date).replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
console.log(
  `\nLoad average at the start ${(figures.loadAverageAtStart as string[]).join(", ")}, at the end ${(figures.loadAverageAtEnd as string[]).join(", ")} (${figures.cpus} cores)`,
);
console.log(`Figures in ${file}`);
if (missed.length > 0) {
  console.log(`\nBudgets missed:\n- ${missed.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("\nEvery budget met.");
}
