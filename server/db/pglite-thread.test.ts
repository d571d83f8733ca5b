import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database.ts";

describe("embedded database on its own thread", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-pglite-thread-"));
    handle = await openDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the event loop turning while a query runs", async () => {
    let turns = 0;
    let busyFor: number | undefined;
    const ticker = setInterval(() => {
      turns++;
      busyFor = handle.busyForMs();
    }, 10);
    try {
      await sql`select pg_sleep(0.5)`.execute(handle.db);
    } finally {
      clearInterval(ticker);
    }
    // Blocked, the interval could not fire at all during the sleep.
    expect(turns).toBeGreaterThan(10);
    expect(busyFor).toBeGreaterThan(300);
    expect(handle.busyForMs()).toBeUndefined();
  });

  it("reports errors with PostgreSQL's codes and keeps working after them", async () => {
    await sql`create table thread_probe (id int primary key)`.execute(handle.db);
    await sql`insert into thread_probe values (1)`.execute(handle.db);
    await expect(sql`insert into thread_probe values (1)`.execute(handle.db)).rejects.toMatchObject({
      code: "23505",
      constraint: "thread_probe_pkey",
    });
    const { rows } = await sql<{ total: number }>`select count(*) as total from thread_probe`.execute(handle.db);
    expect(rows).toEqual([{ total: 1 }]);
  });

  it("keeps nothing of what a statement read once it has answered", async () => {
    const memory = async () => {
      const measured = await handle.threadMemory();
      if (!measured) throw new Error("the embedded database reports its thread's memory");
      return measured;
    };
    await sql`create table read_probe as
      select i as id, repeat(md5(i::text), 6) as payload from generate_series(1, 20000) as i`.execute(handle.db);
    const readAll = () => sql`select * from read_probe`.execute(handle.db);
    // The first read settles what any read costs (compiled code, buffers of PGlite's own).
    await readAll();
    const before = await memory();
    for (let run = 0; run < 5; run++) expect((await readAll()).rows).toHaveLength(20_000);
    const after = await memory();
    // 100,000 rows of about 200 bytes were read: kept, they would be some 80 MB.
    expect(after.heapUsedBytes - before.heapUsedBytes).toBeLessThan(8 * 2 ** 20);
    expect(after.wasmBytes - before.wasmBytes).toBeLessThan(8 * 2 ** 20);
  });
});
