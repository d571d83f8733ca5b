import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The existing contact or company a submission names: the most recently changed one whose `column` equals the value,
 * letter case aside (e-mail addresses and names are typed in any case).
 */
export async function findMatch(
  db: Db,
  table: "crm.contact" | "crm.company",
  column: "email" | "organisation_number" | "name",
  value: string,
): Promise<string | undefined> {
  const row = await sql<{ id: string }>`select id from ${sql.table(table)}
    where lower(${sql.ref(column)}) = lower(${value})
    order by updated_at desc, id desc limit 1`.execute(db);
  return row.rows[0]?.id;
}

/** The submission, locked for the rest of the transaction: two merges of it take turns, and the second sees the first. */
export async function lockSubmission(trx: Transaction<Database>, formId: string, id: string) {
  return trx
    .selectFrom("core.form_submission")
    .select(["id", "merge_state", "answers"])
    .where("form_id", "=", formId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markMerged(
  trx: Transaction<Database>,
  id: string,
  values: { contactId: string | null; companyId: string | null; mergedBy: string | null },
): Promise<void> {
  await trx
    .updateTable("core.form_submission")
    .set({
      merge_state: "merged",
      contact_id: values.contactId,
      company_id: values.companyId,
      merged_by: values.mergedBy,
      merged_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** Dismisses a submission that is not merged; false when it was merged meanwhile. */
export async function markDismissed(db: Db, formId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("core.form_submission")
    .set({ merge_state: "dismissed" })
    .where("form_id", "=", formId)
    .where("id", "=", id)
    .where("merge_state", "<>", "merged")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A submission's form and its state, for the background merge (no user is reading it then). */
export async function submissionForJob(db: Db, id: string) {
  return db
    .selectFrom("core.form_submission as s")
    .innerJoin("core.form as f", "f.id", "s.form_id")
    .select(["s.id", "s.form_id", "s.merge_state", "f.owner_id", "f.auto_merge"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}
