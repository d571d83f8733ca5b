/**
 * `npm run bench:export-memory [-- --rows 50000 --exports 10]`: exports the same contacts again and again on the
 * embedded database, as the export job does, and prints after each export the database thread's JavaScript heap and
 * WebAssembly memory (after a full collection) and the process's RSS. What an export holds must be given back: the
 * figures stay level from the second export on. Uses a fresh database in a temporary directory, removed at the end.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { runExport } from "../../server/bulk-data/export-run.ts";
import * as repo from "../../server/bulk-data/exports.repository.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedWorkspace } from "../../server/db/seed.ts";
import { LocalFileStorage } from "../../server/files/storage.ts";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "50000" }, exports: { type: "string", default: "10" } },
});
const rows = Number(values.rows);
const exports = Number(values.exports);
if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(exports) || exports < 1) {
  throw new Error("--rows and --exports are positive whole numbers");
}

const MiB = 2 ** 20;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-export-memory-"));
const handle = await openDatabase({ dataDir });
try {
  const { db } = handle;
  await migrateToLatest(db);
  await seedWorkspace(db, { demo: true, demoPassword: "export-memory-bench" });
  await sql`insert into crm.contact (first_name, last_name, email, city, description)
    select 'First ' || i, 'Last ' || i, 'person' || i || '@example.com', 'City ' || (i % 100), repeat('x', 200)
    from generate_series(1, ${rows}) as i`.execute(db);
  const user = await db
    .selectFrom("core.app_user")
    .select("id")
    .where("email", "=", "admin@example.com")
    .executeTakeFirstOrThrow();
  const storage = new LocalFileStorage(path.join(dataDir, "files"));
  const memory = async () => {
    const thread = await handle.threadMemory();
    if (!thread) throw new Error("the embedded database reports its thread's memory");
    return {
      heap: (thread.heapUsedBytes / MiB).toFixed(1),
      wasm: (thread.wasmBytes / MiB).toFixed(0),
      rss: (process.memoryUsage().rss / MiB).toFixed(0),
    };
  };
  console.log(`${rows.toLocaleString("en")} contacts added; before any export:`, await memory());
  console.log("| export | format | seconds | thread heap MiB | WebAssembly MiB | process RSS MiB |");
  console.log("|---:|---|---:|---:|---:|---:|");
  for (let n = 1; n <= exports; n++) {
    const format = n % 2 === 1 ? "xlsx" : "csv";
    const row = await repo.insertExport(db, {
      userId: user.id,
      schemaKey: "crm",
      tableKey: "contact",
      format,
      params: { scope: "all" },
      language: "en",
      fileName: `contacts.${format}`,
    });
    const started = performance.now();
    await runExport({ db, storage, retentionDays: 1 }, row.id);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const now = await memory();
    console.log(`| ${n} | ${format} | ${seconds} | ${now.heap} | ${now.wasm} | ${now.rss} |`);
  }
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
