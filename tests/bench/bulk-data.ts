/**
 * `npm run bench:bulk [-- --csv-rows 1000000 --xlsx-rows 100000 --export true]`: bulk import and export through the
 * running services, as a user would, on the database DATABASE_URL points to (PostgreSQL; new companies are added to
 * whatever it holds).
 *
 *   1. a CSV of --csv-rows companies, written here, uploaded and imported (create), timed from the upload's start to
 *      the import's end;
 *   2. the same for an .xlsx of --xlsx-rows companies (exceljs's streaming writer);
 *   3. with --export, every company exported to CSV and to .xlsx, timed from the request to the file being ready.
 *
 * While each runs: the API's resident memory (peak, from /proc), and the company list's latency as the API answers it
 * (p50/p95 of one call after another) and as the web app renders /companies. Writes the figures as JSON to
 * bench-results/ too.
 */
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import type { ExportDto, ImportDetail, ImportDto } from "../../server/contract/bulk-data.ts";
import { projectRoot } from "../support/servers.ts";
import { BENCH_PASSWORD } from "./bench-password.ts";
import { signIn, startServers } from "./workspace.ts";

const { values: options } = parseArgs({
  options: {
    "csv-rows": { type: "string", default: "1000000" },
    "xlsx-rows": { type: "string", default: "100000" },
    export: { type: "string", default: "true" },
  },
});
const csvRows = Number(options["csv-rows"]);
const xlsxRows = Number(options["xlsx-rows"]);
const runExport = options.export === "true";
if (!process.env.DATABASE_URL) throw new Error("npm run bench:bulk needs DATABASE_URL (a PostgreSQL server)");

const run = Date.now().toString(36);
const HEADERS = ["Company name", "Organisation number", "Email", "Phone", "City", "Industry", "Employees"];
const CITIES = ["Oslo", "Bergen", "Trondheim", "Stavanger", "Tromsø", "Bodø"];

function companyRow(i: number): (string | number)[] {
  return [
    `Bulk ${run} ${i}`,
    `${run}-${i}`,
    `post${i}@bulk-${run}.example`,
    `+47 ${String(40_000_000 + (i % 9_999_999))}`,
    CITIES[i % CITIES.length],
    "",
    i % 500,
  ];
}

function csvLine(cells: (string | number)[]): string {
  return `${cells.map((cell) => (typeof cell === "string" && /[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",")}\n`;
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write(`\uFEFF${csvLine(HEADERS)}`);
  for (let i = 1; i <= rows; i++) {
    if (!out.write(csvLine(companyRow(i)))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function writeXlsx(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Companies");
  sheet.addRow(HEADERS).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(companyRow(csvRows + i)).commit();
  sheet.commit();
  await workbook.commit();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-bulk-bench-"));
const servers = await startServers({ databaseUrl: process.env.DATABASE_URL, dataDir, password: BENCH_PASSWORD });
const results: Record<string, unknown> = { run, csvRows, xlsxRows };

/** The API's resident memory in MiB. */
function apiRss(): number {
  const status = fs.readFileSync(`/proc/${servers.api.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

function percentile(sorted: number[], share: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** Samples memory and list latency until `work` settles. */
async function measured<T>(label: string, cookie: string, accessToken: string, work: () => Promise<T>) {
  let peak = apiRss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, apiRss());
  }, 200);
  let done = false;
  const apiTimes: number[] = [];
  const pageTimes: number[] = [];
  const probe = async () => {
    while (!done) {
      let started = performance.now();
      await (
        await fetch(`${servers.apiUrl}/api/crm/company?page=0&size=25`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).arrayBuffer();
      apiTimes.push(performance.now() - started);
      started = performance.now();
      await (await fetch(`${servers.appUrl}/companies`, { headers: { cookie } })).arrayBuffer();
      pageTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const probing = probe();
  const started = performance.now();
  try {
    const outcome = await work();
    return { outcome, seconds: (performance.now() - started) / 1000 };
  } finally {
    done = true;
    clearInterval(sampler);
    await probing;
    apiTimes.sort((a, b) => a - b);
    pageTimes.sort((a, b) => a - b);
    const figures = {
      peakRssMiB: Math.round(peak),
      listApiP50: Math.round(percentile(apiTimes, 0.5)),
      listApiP95: Math.round(percentile(apiTimes, 0.95)),
      listPageP50: Math.round(percentile(pageTimes, 0.5)),
      listPageP95: Math.round(percentile(pageTimes, 0.95)),
      samples: apiTimes.length,
    };
    results[label] = { ...(results[label] as object), ...figures };
  }
}

async function api<T>(accessToken: string, method: string, url: string, body?: BodyInit, headers = {}): Promise<T> {
  const response = await fetch(`${servers.apiUrl}${url}`, {
    method,
    body,
    headers: { authorization: `Bearer ${accessToken}`, ...headers },
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads a file as it is read from disk, starts its import and waits for its end. */
async function importFile(accessToken: string, file: string, name: string): Promise<ImportDto> {
  const boundary = "----workspace-bulk-bench";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="start"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  async function* parts() {
    yield Buffer.from(head);
    for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const detail = await api<ImportDetail>(
    accessToken,
    "POST",
    "/api/crm/company/initiate_import",
    Readable.toWeb(Readable.from(parts())) as ReadableStream,
    { "content-type": `multipart/form-data; boundary=${boundary}` },
  );
  for (;;) {
    const current = await api<ImportDetail>(accessToken, "GET", `/api/core/bulk_data/imports/${detail.import.id}`);
    if (current.import.status !== "importing" && current.import.status !== null) return current.import;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function exportAll(accessToken: string, format: "csv" | "xlsx"): Promise<ExportDto> {
  const started = await api<ExportDto>(
    accessToken,
    "PUT",
    `/api/crm/company/initiate_export?scope=all&format=${format}`,
  );
  for (;;) {
    const page = await api<{ content: ExportDto[] }>(accessToken, "GET", "/api/core/bulk_data/exports/recent?size=50");
    const current = page.content.find((item) => item.id === started.id);
    if (current && current.status !== "exporting") return current;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

try {
  const { cookie, accessToken } = await signIn(servers, BENCH_PASSWORD);
  console.log(`API memory at rest: ${Math.round(apiRss())} MiB`);

  if (csvRows > 0) {
    const file = path.join(dataDir, "companies.csv");
    await writeCsv(file, csvRows);
    results.csv = { fileMiB: Math.round(fs.statSync(file).size / 1024 / 1024) };
    const { outcome, seconds } = await measured("csv", cookie, accessToken, () =>
      importFile(accessToken, file, "companies.csv"),
    );
    results.csv = {
      ...(results.csv as object),
      seconds: Math.round(seconds),
      status: outcome.status,
      created: outcome.created,
      failed: outcome.failed,
    };
    console.log("CSV import", results.csv);
    fs.rmSync(file);
  }
  if (xlsxRows > 0) {
    const file = path.join(dataDir, "companies.xlsx");
    await writeXlsx(file, xlsxRows);
    results.xlsx = { fileMiB: Math.round(fs.statSync(file).size / 1024 / 1024) };
    const { outcome, seconds } = await measured("xlsx", cookie, accessToken, () =>
      importFile(accessToken, file, "companies.xlsx"),
    );
    results.xlsx = {
      ...(results.xlsx as object),
      seconds: Math.round(seconds),
      status: outcome.status,
      created: outcome.created,
      failed: outcome.failed,
    };
    console.log(".xlsx import", results.xlsx);
    fs.rmSync(file);
  }
  if (runExport) {
    for (const format of ["csv", "xlsx"] as const) {
      const label = `export-${format}`;
      const { outcome, seconds } = await measured(label, cookie, accessToken, () => exportAll(accessToken, format));
      results[label] = {
        ...(results[label] as object),
        seconds: Math.round(seconds),
        status: outcome.status,
        rows: outcome.rowCount,
        fileMiB: Math.round((outcome.fileSize ?? 0) / 1024 / 1024),
      };
      console.log(`export to ${format}`, results[label]);
    }
  }
  const out = path.join(
    projectRoot,
    "bench-results",
    `bulk-data-${new Date().toISOString().replaceAll(":", "-")}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
} finally {
  await servers.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
