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
});
