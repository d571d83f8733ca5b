import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import type { Job } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BULK_EXPIRY_JOB,
  EXPORT_HEARTBEAT_SECONDS,
  EXPORT_JOB,
  EXPORT_RECOVERY_JOB,
  EXPORT_RETRY_LIMIT,
  exportJobs,
  failEndedExports,
} from "../../server/bulk-data/exports.jobs.ts";
import { EXPORT_CHUNK_SIZE } from "../../server/bulk-data/exports.service.ts";
import { bulkDataTexts } from "../../server/contract/bulk-data.ts";
import { english } from "../support/messages.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

interface ExportDto {
  id: string;
  status: string;
  scope: string;
  format: string;
  rowCount: number | null;
  fileName: string;
  fileSize: number | null;
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  schemaAndTableName: string;
}

/** An export's file name: its name, then when it was asked for to the minute ("-2026-11-28-1430"). */
const named = (name: string, format: string) => new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.${format}$`);

describe(`bulk export on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let employee: Tokens;
  let readOnly: Tokens;
  const ids = { admin: "", employee: "" };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, tokens = admin, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.access_token), payload });

  const initiate = async (url: string, tokens = admin): Promise<ExportDto> => {
    const response = await call("PUT", url, tokens);
    expect(response.statusCode, response.body).toBe(202);
    return response.json();
  };
  const recent = async (
    tokens = admin,
    query = "size=100",
  ): Promise<{ content: ExportDto[]; totalElements: number }> => {
    const response = await call("GET", `/api/core/bulk_data/exports/recent?${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The export once its job has ended. */
  const finished = async (id: string, tokens = admin): Promise<ExportDto> => {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const found = (await recent(tokens)).content.find((e) => e.id === id);
      if (found && found.status !== "exporting") return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };
  const download = (id: string, tokens = admin) => call("GET", `/api/core/bulk_data/exports/download/${id}`, tokens);
  const exported = async (url: string, tokens = admin) => {
    const dto = await finished((await initiate(url, tokens)).id, tokens);
    expect(dto.status, dto.message ?? "").toBe("ready");
    const file = await download(dto.id, tokens);
    expect(file.statusCode, file.body).toBe(200);
    return { dto, file };
  };
  const xlsxRows = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as never);
    const sheet = workbook.worksheets[0];
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => rows.push(row));
    return { sheet, rows, values: rows.map((row) => (row.values as unknown[]).slice(1)) };
  };
  const csvRows = (payload: Buffer): string[][] => parse(payload.toString("utf8"), { bom: true });
  const listedIds = async (query: string) => {
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const response = await call("GET", `/api/custom_schema/gadget?${query}&size=200&page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const content = response.json().content as { uuid: string }[];
      seen.push(...content.map((row) => row.uuid));
      if (content.length < 200) return seen;
    }
  };
  const runJob = (name: string, data: object, retryCount = 0) => {
    const definition = exportJobs({ retentionDays: 7 }).find((job) => job.name === name);
    const controller = new AbortController();
    return definition?.run(t.app, { id: "test", name, data, retryCount, signal: controller.signal } as Job<any>);
  };

  const gadgets: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    employee = await signIn(t.app, "employee@example.com");
    readOnly = await signIn(t.app, "readonly@example.com");
    ids.admin = (await call("GET", "/api/me/info", admin)).json().uuid;
    ids.employee = (await call("GET", "/api/me/info", employee)).json().uuid;

    const entity = await call("POST", "/api/custom_entities", admin, {
      key: "gadget",
      labelEn: "Gadget",
      labelNb: "Dings",
      pluralEn: "Gadgets",
      pluralNb: "Dingser",
      icon: "box",
      fields: [
        {
          key: "name",
          labelEn: "Name",
          labelNb: "Navn",
          type: "Text",
          required: true,
          partOfName: true,
          searchable: true,
        },
        { key: "price", labelEn: "Price", labelNb: "Pris", type: "Number" },
        { key: "share", labelEn: "Share", labelNb: "Andel", type: "Percent" },
        { key: "launched", labelEn: "Launched", labelNb: "Lansert", type: "Date" },
        { key: "in_use", labelEn: "In use", labelNb: "I bruk", type: "Bool" },
        { key: "note", labelEn: "Note", labelNb: "Notat", type: "Text", searchable: true },
      ],
    });
    expect(entity.statusCode, entity.body).toBe(201);
    const rows = [
      {
        name: "Bravo lamp",
        price: 120.5,
        share: 0.25,
        launched: "2024-03-01",
        in_use: true,
        note: "=cmd|' /C calc'!A0",
      },
      { name: "alpha kettle", price: -5, share: 0.125, launched: "2023-12-24", in_use: false, note: "+1" },
      { name: "Charlie fan", price: 30, share: 1, launched: "2025-06-30", in_use: true, note: "-2" },
      { name: "Delta lamp", price: null, share: null, launched: null, in_use: true, note: "@x" },
      { name: "Echo lamp", price: 75, share: 0, launched: "2022-01-01", in_use: false, note: "plain" },
    ];
    for (const values of rows) {
      const created = await call("POST", "/api/custom_schema/gadget", admin, { values });
      expect(created.statusCode, created.body).toBe(201);
      gadgets[values.name] = created.json().uuid;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("exports every record and field to .xlsx with real Excel types, and tells its user", async () => {
    const { dto, file } = await exported("/api/custom_schema/table/gadget/initiate_export?format=xlsx");
    expect(dto).toMatchObject({
      status: "ready",
      scope: "all",
      format: "xlsx",
      rowCount: 5,
      fileName: expect.stringMatching(named("gadgets", "xlsx")),
      schemaAndTableName: "custom_schema.gadget",
      message: null,
    });
    expect(dto.fileSize).toBeGreaterThan(0);
    const retention = Date.parse(dto.expiresAt as string) - Date.parse(dto.finishedAt as string);
    expect(Math.round(retention / 86_400_000)).toBe(7);

    expect(file.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="${dto.fileName}"; filename*=UTF-8''${dto.fileName}`,
    );
    expect(Number(file.headers["content-length"])).toBe(dto.fileSize);

    const { sheet, rows, values } = await xlsxRows(file.rawPayload);
    expect(sheet.name).toBe("Gadgets");
    expect(values[0]).toEqual(["ID", "Name", "Price", "Share", "Launched", "In use", "Note"]);
    // The list's default order: by name, without regard to case.
    expect(values.slice(1).map((row) => row[1])).toEqual([
      "alpha kettle",
      "Bravo lamp",
      "Charlie fan",
      "Delta lamp",
      "Echo lamp",
    ]);
    const bravo = rows[2];
    expect(bravo.getCell(1).value).toBe(gadgets["Bravo lamp"]);
    expect(bravo.getCell(3).value).toBe(120.5);
    expect(bravo.getCell(4).value).toBe(0.25);
    expect(bravo.getCell(4).numFmt).toContain("%");
    expect(bravo.getCell(5).value).toEqual(new Date("2024-03-01T00:00:00Z"));
    expect(bravo.getCell(5).numFmt).toMatch(/yyyy/);
    expect(bravo.getCell(6).value).toBe(true);
    // Text that would start a formula is neutralised in .xlsx as in CSV: a text cell that starts with "=" becomes a
    // formula once it is edited, or the sheet is saved as CSV.
    expect(bravo.getCell(7).value).toBe("'=cmd|' /C calc'!A0");
    expect(rows[1].getCell(3).value).toBe(-5);
    expect(rows[1].getCell(6).value).toBe(false);
    expect(rows[4].getCell(3).value).toBeNull();

    const notifications = (await call("GET", "/api/notifications/notification/recent?size=100")).json().content;
    expect(notifications.find((n: any) => n.record.uuidKey === dto.id)).toMatchObject({
      type: "export_finished",
      record: { schemaKey: "core", tableKey: "export_job", name: dto.fileName, readable: true },
      params: { entityEn: "Gadget", entityNb: "Dings", status: "ready" },
    });
  });

  it("writes CSV for Excel: a byte order mark, and text that would start a formula neutralised, numbers kept", async () => {
    const { dto, file } = await exported("/api/custom_schema/gadget/initiate_export?format=csv&fields=name,price,note");
    expect(dto.fileName).toMatch(named("gadgets", "csv"));
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(file.rawPayload);
    expect(rows[0]).toEqual(["ID", "Name", "Price", "Note"]);
    expect(rows.slice(1)).toEqual([
      [gadgets["alpha kettle"], "alpha kettle", "-5", "'+1"],
      [gadgets["Bravo lamp"], "Bravo lamp", "120.5", "'=cmd|' /C calc'!A0"],
      [gadgets["Charlie fan"], "Charlie fan", "30", "'-2"],
      [gadgets["Delta lamp"], "Delta lamp", "", "'@x"],
      [gadgets["Echo lamp"], "Echo lamp", "75", "plain"],
    ]);
  });

  it("exports what the list shows: its search, filters and sort, and only the visible fields", async () => {
    const list = "q=lamp&filter.in_use=true&sort=price,desc";
    const { dto, file } = await exported(
      `/api/custom_schema/gadget/initiate_export?scope=listed&format=csv&fields=price,name&${list}`,
    );
    expect(dto.scope).toBe("listed");
    const rows = csvRows(file.rawPayload);
    expect(rows[0]).toEqual(["ID", "Price", "Name"]);
    // Empty prices last, as the list puts them.
    expect(rows.slice(1)).toEqual([
      [gadgets["Bravo lamp"], "120.5", "Bravo lamp"],
      [gadgets["Delta lamp"], "", "Delta lamp"],
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(await listedIds(list));

    // "all" leaves the list's narrowing out.
    const all = await exported(`/api/custom_schema/gadget/initiate_export?scope=all&format=csv&${list}`);
    expect(csvRows(all.file.rawPayload)).toHaveLength(6);
  });

  it("walks more records than one chunk in the list's order, ties and empty values included", async () => {
    await sql`insert into custom_schema.gadget (name, price, in_use)
      select 'Bulk ' || (i % 40), case when i % 9 = 0 then null else i % 100 end, i % 2 = 0
      from generate_series(1, ${EXPORT_CHUNK_SIZE * 2 + 345}) as i`.execute(t.app.db);
    for (const list of ["sort=price,asc", "sort=price,desc", "q=bulk&sort=name,desc", "filter.in_use=true"]) {
      const { file } = await exported(
        `/api/custom_schema/gadget/initiate_export?scope=listed&format=csv&fields=price&${list}`,
      );
      const exportedIds = csvRows(file.rawPayload)
        .slice(1)
        .map((row) => row[0]);
      expect(new Set(exportedIds).size, list).toBe(exportedIds.length);
      expect(exportedIds, list).toEqual(await listedIds(list));
    }
    const { dto } = await exported("/api/custom_schema/gadget/initiate_export?format=xlsx");
    expect(dto.rowCount).toBe(EXPORT_CHUNK_SIZE * 2 + 345 + 5);
    await sql`delete from custom_schema.gadget where name like 'Bulk %'`.execute(t.app.db);
  }, 120_000);

  it("heads the columns and names the file in the user's language", async () => {
    expect((await call("PUT", "/api/me/language", admin, { language: "nb" })).statusCode).toBe(200);
    try {
      const { dto, file } = await exported("/api/crm/company/initiate_export?fields=name,city&sort=name,asc");
      expect(dto.fileName).toMatch(named("firmaer", "xlsx"));
      const { sheet, values } = await xlsxRows(file.rawPayload);
      expect(sheet.name).toBe("Firmaer");
      expect(values[0]).toEqual(["ID", "Firmanavn", "Sted", "Status", "Kontakter"]);
      const { rows } = await sql<{ total: number }>`select count(*)::int as total from crm.company`.execute(t.app.db);
      expect(values).toHaveLength(rows[0].total + 1);
    } finally {
      await call("PUT", "/api/me/language", admin, { language: "en" });
    }
  });

  it("heads the columns and names the file in the page's language when lang is given", async () => {
    const { dto, file } = await exported("/api/crm/company/initiate_export?fields=name,city&format=csv&lang=nb");
    expect(dto.fileName).toMatch(named("firmaer", "csv"));
    expect(csvRows(file.rawPayload)[0]).toEqual(["ID", "Firmanavn", "Sted", "Status", "Kontakter"]);
    expect((await call("PUT", "/api/me/language", admin, { language: "nb" })).statusCode).toBe(200);
    try {
      const english = await exported("/api/crm/company/initiate_export?fields=name,city&format=csv&lang=en");
      expect(english.dto.fileName).toMatch(named("companies", "csv"));
      expect(csvRows(english.file.rawPayload)[0]).toEqual(["ID", "Company name", "City", "Status", "Contacts"]);
    } finally {
      await call("PUT", "/api/me/language", admin, { language: "en" });
    }
    expect((await call("PUT", "/api/crm/company/initiate_export?lang=sv")).statusCode).toBe(400);
  });

  it("refuses what the list refuses, unknown fields, formats and entities", async () => {
    const errorOf = async (url: string) => {
      const response = await call("PUT", url);
      return { status: response.statusCode, body: response.json() };
    };
    expect(await errorOf("/api/custom_schema/gadget/initiate_export?sort=nothing,asc")).toMatchObject({
      status: 400,
      body: { errors: [{ field: "sort", defaultMessage: "Unknown sort field" }] },
    });
    expect(await errorOf("/api/custom_schema/gadget/initiate_export?filter.launched=2024..2023")).toMatchObject({
      status: 400,
      body: { errors: [{ field: "filter.launched" }] },
    });
    expect(await errorOf("/api/custom_schema/gadget/initiate_export?fields=name,nothing")).toMatchObject({
      status: 400,
      body: { errors: [{ field: "fields", defaultMessage: english(bulkDataTexts.unknownField) }] },
    });
    expect((await errorOf("/api/custom_schema/gadget/initiate_export?format=pdf")).status).toBe(400);
    expect((await errorOf("/api/custom_schema/gadget/initiate_export?scope=some")).status).toBe(400);
    expect((await errorOf("/api/crm/nothing/initiate_export")).status).toBe(404);
    // The record routes still answer their own paths.
    expect((await call("GET", `/api/custom_schema/gadget/${gadgets["Echo lamp"]}`)).statusCode).toBe(200);
  });

  it("lists the user's own exports, newest first, a page at a time", async () => {
    const all = await recent();
    expect(all.totalElements).toBe(all.content.length);
    expect(all.totalElements).toBeGreaterThanOrEqual(5);
    const created = all.content.map((e) => Date.parse(e.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const second = await recent(admin, "page=1&size=2");
    expect(second).toMatchObject({ page: 1, size: 2, totalElements: all.totalElements });
    expect(second.content.map((e) => e.id)).toEqual(all.content.slice(2, 4).map((e) => e.id));
    expect((await call("GET", "/api/core/bulk_data/exports/recent?size=101")).statusCode).toBe(400);
  });

  it("needs Export rights and the entity's Read, and shows nobody another's exports", async () => {
    // The seeded employee and read-only roles have no Export rights.
    for (const tokens of [employee, readOnly]) {
      expect((await call("PUT", "/api/crm/company/initiate_export", tokens)).statusCode).toBe(403);
      expect((await call("GET", "/api/core/bulk_data/exports/recent", tokens)).statusCode).toBe(403);
    }
    const mine = (await recent()).content[0];
    expect((await download(mine.id, employee)).statusCode).toBe(403);

    const role = await t.app.db
      .selectFrom("core.app_user")
      .select("role_id")
      .where("id", "=", ids.employee)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto("core.role_permission")
      .values([
        { role_id: role.role_id, resource: "Export", operation: "Create" },
        { role_id: role.role_id, resource: "Export", operation: "Read" },
      ])
      .execute();
    const theirs = await exported("/api/crm/company/initiate_export?format=csv&fields=name", employee);
    expect((await recent(employee)).content.map((e) => e.id)).toEqual([theirs.dto.id]);
    expect((await recent()).content.map((e) => e.id)).not.toContain(theirs.dto.id);
    for (const id of [mine.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await download(id, employee);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(english(bulkDataTexts.exportNotFound));
    }

    // Export rights do not reach records the user may not read.
    await t.app.db
      .deleteFrom("core.role_permission")
      .where("role_id", "=", role.role_id)
      .where("resource", "=", "Todo")
      .where("operation", "=", "Read")
      .execute();
    expect((await call("PUT", "/api/crm/todo/initiate_export", employee)).statusCode).toBe(403);
  });

  it("answers 409 while an export is being written", async () => {
    const row = await t.app.db
      .insertInto("core.export_job")
      .values({ user_id: ids.admin, schema_key: "crm", table_key: "company", format: "csv", file_name: "x.csv" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await download(row.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(english(bulkDataTexts.notReady));
    await t.app.db.deleteFrom("core.export_job").where("id", "=", row.id).execute();
  });

  it("expires exports after the retention days, and lets go of finished imports' uploads", async () => {
    const { dto } = await exported("/api/custom_schema/gadget/initiate_export?format=csv");
    await t.app.db
      .updateTable("core.export_job")
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where("id", "=", dto.id)
      .execute();
    const imports = await t.app.db
      .insertInto("core.import_job")
      .values(
        [
          { status: "success", finished_at: sql`now() - interval '8 days'` },
          { status: "importing", finished_at: null },
          { status: "failed", finished_at: sql`now() - interval '1 day'` },
          { status: null, finished_at: null },
        ].map((row, i) => ({
          user_id: ids.admin,
          schema_key: "crm",
          table_key: "company",
          file_name: `import-${i}.csv`,
          format: "csv" as const,
          file_key: `key-${i}`,
          file_size: 1,
          status: row.status as "success" | "importing" | "failed" | null,
          finished_at: row.finished_at as never,
        })),
      )
      .returning(["id", "file_name"])
      .execute();

    await runJob(BULK_EXPIRY_JOB, {});

    const expired = (await recent()).content.find((e) => e.id === dto.id);
    expect(expired?.status).toBe("expired");
    const row = await t.app.db
      .selectFrom("core.export_job")
      .select("file_key")
      .where("id", "=", dto.id)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toBeNull();
    const response = await download(dto.id);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(english(bulkDataTexts.expired));

    const keys = await t.app.db
      .selectFrom("core.import_job")
      .select(["file_name", "file_key"])
      .where(
        "id",
        "in",
        imports.map((i) => i.id),
      )
      .orderBy("file_name")
      .execute();
    expect(keys.map((k) => k.file_key)).toEqual([null, "key-1", "key-2", "key-3"]);
  });

  it("retries an export whose process died a limited number of times, noticed by its heartbeat", async () => {
    expect(await t.app.jobs.boss.getQueue(EXPORT_JOB)).toMatchObject({
      retryLimit: EXPORT_RETRY_LIMIT,
      heartbeatSeconds: EXPORT_HEARTBEAT_SECONDS,
    });
    expect(EXPORT_RETRY_LIMIT).toBeLessThanOrEqual(3);
    // What ends an export whose every attempt died runs at start, so a crash loop ends as soon as the retries do.
    expect(exportJobs({ retentionDays: 7 }).find((job) => job.name === EXPORT_RECOVERY_JOB)).toMatchObject({
      cron: "* * * * *",
      atStart: true,
    });
  });

  it("fails exports left exporting whose queue job has ended, or was never sent, within minutes and says why", async () => {
    const stuck = async (minutesAgo: number) =>
      (
        await t.app.db
          .insertInto("core.export_job")
          .values({
            user_id: ids.admin,
            schema_key: "crm",
            table_key: "company",
            format: "csv",
            file_name: "stuck.csv",
            created_at: sql`now() - make_interval(mins => ${minutesAgo})`,
          } as never)
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    /** A job of the export that waits (far off), with no retries left. */
    const waitingJob = async (exportId: string) =>
      (await t.app.jobs.send(
        EXPORT_JOB,
        { exportId },
        { startAfter: new Date(Date.now() + 3_600_000), retryLimit: 0 },
      )) as string;
    const statusOf = async (id: string) => (await recent()).content.find((e) => e.id === id);

    // Its job's retries spent by processes that died: the queue has failed it, and no attempt failed the export.
    const killed = await stuck(2);
    await t.app.jobs.boss.fail(EXPORT_JOB, await waitingJob(killed));
    const unsent = await stuck(2);
    const waiting = await stuck(2);
    const waitingId = await waitingJob(waiting);
    // Asked for a moment ago: its job may not be sent yet.
    const fresh = await stuck(0);

    await runJob(EXPORT_RECOVERY_JOB, {});
    expect(await statusOf(killed)).toMatchObject({
      status: "failed",
      message: bulkDataTexts.exportInterrupted,
    });
    expect((await statusOf(unsent))?.status).toBe("failed");
    expect((await statusOf(waiting))?.status).toBe("exporting");
    expect((await statusOf(fresh))?.status).toBe("exporting");
    const notifications = (await call("GET", "/api/notifications/notification/recent?size=100")).json().content;
    expect(notifications.filter((n: any) => n.record.uuidKey === killed)).toMatchObject([
      { type: "export_finished", params: { status: "failed" } },
    ]);

    await t.app.jobs.boss.deleteJob(EXPORT_JOB, waitingId);
    expect(await failEndedExports(t.app)).toBe(1);
    expect((await statusOf(waiting))?.status).toBe("failed");
    await t.app.db.deleteFrom("core.export_job").where("id", "=", fresh).execute();
  });

  it("fails an export whose last attempt failed, and tells its user", async () => {
    const row = await t.app.db
      .insertInto("core.export_job")
      .values({ user_id: ids.admin, schema_key: "crm", table_key: "vanished", format: "xlsx", file_name: "v.xlsx" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // An attempt with retries left fails for the queue to try again.
    await expect(runJob(EXPORT_JOB, { exportId: row.id }, 0)).rejects.toThrow();
    await runJob(EXPORT_JOB, { exportId: row.id }, EXPORT_RETRY_LIMIT);
    const failed = (await recent()).content.find((e) => e.id === row.id);
    expect(failed).toMatchObject({ status: "failed", message: bulkDataTexts.exportFailed });
    expect(failed?.finishedAt).not.toBeNull();
    const response = await download(row.id);
    expect(response.statusCode).toBe(409);
    const notifications = (await call("GET", "/api/notifications/notification/recent?size=100")).json().content;
    expect(notifications.find((n: any) => n.record.uuidKey === row.id)).toMatchObject({
      type: "export_finished",
      params: { status: "failed" },
    });
  });
});
