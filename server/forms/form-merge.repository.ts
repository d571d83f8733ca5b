import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The existing contact or company a submission names, the most recently changed one if several do, each found through
 * an index: a contact whose e-mail is the address, letter case aside (its folded search text narrows the candidates by
 * trigram first); a company by its organisation number as typed, or by its name, letter case aside.
 */
export async function findMatch(
  db: Db,
  by: "contactEmail" | "companyNumber" | "companyName",
  value: string,
): Promise<string | undefined> {
  const query =
    by === "contactEmail"
      ? sql<{ id: string }>`select id from crm.contact
          where search_text like core.search_fold(${containsPattern(value)}) and lower(email) = lower(${value})
          order by updated_at desc, id desc limit 1`
      : by === "companyNumber"
        ? sql<{ id: string }>`select id from crm.company where organisation_number = ${value} limit 1`
        : sql<{ id: string }>`select id from crm.company where lower(name) = lower(${value})
            order by updated_at desc, id desc limit 1`;
  return (await query.execute(db)).rows[0]?.id;
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
