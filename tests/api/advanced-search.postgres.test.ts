import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDefinition } from "../../server/advanced-search/advanced-search.service.ts";
import { loadActor } from "../../server/auth/actors.ts";
import { advancedSearchTexts, queryDefinitionSchema } from "../../server/contract/advanced-search.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A run's statements stop at the statement timeout. On PostgreSQL only: the embedded database runs one statement on
 * its thread to the end, with no timer to stop it.
 */
describe("advanced search's statement timeout on postgres", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers "Query failed." when a run takes longer than the timeout', async () => {
    const user = await t.app.db
      .selectFrom("core.app_user")
      .select("id")
      .where("email", "=", "admin@example.com")
      .executeTakeFirstOrThrow();
    const actor = await loadActor(t.app.db, user.id);
    if (!actor) throw new Error("no actor");
    await sql`insert into crm.company (name) select 'Zz slow ' || n from generate_series(1, 50000) as n`.execute(
      t.app.db,
    );
    // Folding every name of 50,000 for a pattern with three wildcards takes far longer than a millisecond.
    const slow = queryDefinitionSchema.parse({
      entities: [
        {
          schemaName: "crm",
          tableName: "company",
          selectedFields: [{ key: "name" }],
          filters: [{ field: "name", operation: "ILIKE", paramValue: "%9%9%9%" }],
        },
      ],
    });
    await expect(runDefinition(t.app.db, actor, slow, { page: 0, size: 1 }, { timeoutMs: 1 })).rejects.toMatchObject({
      status: 422,
      exceptionName: "QueryFailedException",
      message: advancedSearchTexts.queryFailed,
    });
    // The same run with the product's timeout answers.
    const page = await runDefinition(t.app.db, actor, slow, { page: 0, size: 1 });
    expect(page.totalElements).toBeGreaterThan(0);
  });
});
