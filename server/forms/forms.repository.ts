import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { Actor } from "../auth/permissions.ts";
import type { Database } from "../db/schema.ts";
import { containsPattern } from "../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

const formColumns = [
  "f.id",
  "f.public_id",
  "f.title",
  "f.description",
  "f.banner_key",
  "f.banner_mime",
  "f.banner_size",
  "f.submit_label_text",
  "f.submit_label_color_code",
  "f.submit_button_color_code",
  "f.thank_you_page_title",
  "f.thank_you_page_paragraph",
  "f.open",
  "f.accepting_response",
  "f.accessibility",
  "f.visibility",
  "f.group_ids",
  "f.allowed_sites",
  "f.auto_merge",
  "f.blocks",
  "f.owner_id",
  "f.submission_count",
  "f.version",
  "f.created_at",
  "f.updated_at",
  "u.first_name as owner_first_name",
  "u.last_name as owner_last_name",
] as const;

function formQuery(db: Db) {
  return db.selectFrom("core.form as f").leftJoin("core.app_user as u", "u.id", "f.owner_id").select(formColumns);
}
export type FormRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof formQuery>["executeTakeFirst"]>>>;

/**
 * The forms a user sees (spec §6): company administrators all; others those for everyone, their own, and those of a
 * group they are in.
 */
function visibleTo(actor: Actor) {
  return (eb: ExpressionBuilder<Database & { f: Database["core.form"] }, "f">) =>
    actor.companyAdmin
      ? eb.val(true)
      : eb.or([
          eb("f.visibility", "=", "everyone"),
          eb("f.owner_id", "=", actor.id),
          eb.and([
            eb("f.visibility", "=", "groups"),
            eb.exists(
              eb
                .selectFrom("core.user_group_member as m")
                .select("m.user_id")
                .where("m.user_id", "=", actor.id)
                .where(sql<boolean>`m.group_id = any(${eb.ref("f.group_ids")})`),
            ),
          ]),
        ]);
}

export async function findVisibleForm(db: Db, actor: Actor, id: string): Promise<FormRecord | undefined> {
  return formQuery(db).where("f.id", "=", id).where(visibleTo(actor)).executeTakeFirst();
}

export async function findFormByPublicId(db: Db, publicId: string): Promise<FormRecord | undefined> {
  return formQuery(db).where("f.public_id", "=", publicId).executeTakeFirst();
}

export interface FormListFilter {
  q?: string;
  open?: boolean;
  accepting?: boolean;
  offset: number;
  limit: number;
}

export async function listForms(db: Db, actor: Actor, filter: FormListFilter) {
  let query = db.selectFrom("core.form as f").where(visibleTo(actor));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where(sql<boolean>`core.search_fold(f.title) like core.search_fold(${pattern})`);
  }
  if (filter.open !== undefined) query = query.where("f.open", "=", filter.open);
  if (filter.accepting !== undefined) query = query.where("f.accepting_response", "=", filter.accepting);
  const [rows, total] = await Promise.all([
    query
      .leftJoin("core.app_user as u", "u.id", "f.owner_id")
      .select([
        "f.id",
        "f.public_id",
        "f.title",
        "f.open",
        "f.accepting_response",
        "f.accessibility",
        "f.visibility",
        "f.owner_id",
        "f.submission_count",
        "f.updated_at",
        "u.first_name as owner_first_name",
        "u.last_name as owner_last_name",
      ])
      .orderBy("f.updated_at", "desc")
      .orderBy("f.id", "desc")
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export interface FormValues {
  title: string;
  description: string;
  submit_label_text: string;
  submit_label_color_code: string;
  submit_button_color_code: string;
  thank_you_page_title: string;
  thank_you_page_paragraph: string;
  open: boolean;
  accepting_response: boolean;
  accessibility: "open" | "login";
  visibility: "everyone" | "admin" | "groups";
  group_ids: string[];
  allowed_sites: string[];
  auto_merge: boolean;
  blocks: string;
}

export async function insertForm(db: Db, values: FormValues & { public_id: string; owner_id: string }) {
  const row = await db.insertInto("core.form").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the form when it is still at `version`, and raises it; false when another change came first. */
export async function updateForm(db: Db, id: string, version: number, values: Partial<FormValues>): Promise<boolean> {
  const result = await db
    .updateTable("core.form")
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setBanner(db: Db, id: string, banner: { key: string; mime: string; size: number } | null) {
  await db
    .updateTable("core.form")
    .set({
      banner_key: banner?.key ?? null,
      banner_mime: banner?.mime ?? null,
      banner_size: banner?.size ?? null,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** Deletes the form unless it has a submission (read under the form's lock); "answered" when it has one. */
export async function deleteForm(trx: Transaction<Database>, id: string): Promise<"deleted" | "answered" | "missing"> {
  const row = await trx.selectFrom("core.form").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) return "missing";
  const answered = await trx
    .selectFrom("core.form_submission")
    .select("id")
    .where("form_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  if (answered) return "answered";
  await trx.deleteFrom("core.form").where("id", "=", id).execute();
  return "deleted";
}

export async function groupsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("core.user_group").select(["id", "name"]).where("id", "in", ids).orderBy("name").execute();
}

export async function allGroups(db: Db) {
  return db.selectFrom("core.user_group").select(["id", "name"]).orderBy("name").execute();
}

export async function refusalsOf(db: Db, formId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("core.form_refusal")
    .select(["reason", "count"])
    .where("form_id", "=", formId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.reason, Number(row.count)]));
}

/** Counts a refused submission to the form with this public id (none when there is no such form). */
export async function countRefusal(db: Db, publicId: string, reason: string): Promise<void> {
  await sql`insert into core.form_refusal (form_id, reason, count)
    select id, ${reason}, 1 from core.form where public_id = ${publicId}
    on conflict (form_id, reason) do update set count = core.form_refusal.count + 1, last_at = now()`.execute(db);
}

/** Takes a submission token once: false when it was taken before. Tokens past their expiry go meanwhile. */
export async function takeToken(trx: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  await sql`delete from core.form_used_token where nonce in (
    select nonce from core.form_used_token where expires_at < now() order by expires_at limit 100)`.execute(trx);
  const row = await trx
    .insertInto("core.form_used_token")
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .returning("nonce")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one request against `key` in the fixed window that starts at `windowStart`, and answers the window's count so
 * far. One statement, so that concurrent requests of any process count exactly; old windows go meanwhile.
 */
export async function hit(db: Db, key: string, windowStart: Date): Promise<number> {
  const row = await sql<{ count: number }>`insert into core.form_rate_counter (key, window_start, count)
    values (${key}, ${windowStart}, 1)
    on conflict (key, window_start) do update set count = core.form_rate_counter.count + 1
    returning count`.execute(db);
  if (Math.random() < 0.01) {
    await sql`delete from core.form_rate_counter where window_start < now() - interval '1 day'`.execute(db);
  }
  return Number(row.rows[0].count);
}

export async function insertSubmission(
  trx: Transaction<Database>,
  values: { formId: string; answers: Record<string, unknown>; searchText: string; submittedBy: string | null },
): Promise<string> {
  const row = await trx
    .insertInto("core.form_submission")
    .values({
      form_id: values.formId,
      answers: JSON.stringify(values.answers),
      search_text: sql`core.search_fold(${values.searchText})`,
      submitted_by: values.submittedBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One more submission on the form's row. Every submission to a form takes this row's lock until it commits: the
 * transaction raises the count last, so that the lock is held for that statement and the commit alone.
 */
export async function countSubmission(trx: Transaction<Database>, formId: string): Promise<void> {
  await sql`update core.form set submission_count = submission_count + 1 where id = ${formId}`.execute(trx);
}

const submissionColumns = [
  "s.id",
  "s.form_id",
  "s.answers",
  "s.submitted_at",
  "s.merge_state",
  "s.contact_id",
  "s.company_id",
  "s.merged_by",
  "s.merged_at",
  "m.first_name as merged_by_first_name",
  "m.last_name as merged_by_last_name",
] as const;

function submissionQuery(db: Db) {
  return db
    .selectFrom("core.form_submission as s")
    .leftJoin("core.app_user as m", "m.id", "s.merged_by")
    .select(submissionColumns);
}
export type SubmissionRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof submissionQuery>["executeTakeFirst"]>>>;

/** A search counts this far past its page, and then says "more than" (as the record lists do, decision 008). */
const COUNT_AHEAD = 1_000;

function matching(q: string) {
  return sql<boolean>`search_text like core.search_fold(${containsPattern(q)})`;
}

/**
 * The statement of a page of the form's submissions, newest first: the page's ids from the (form, time, id) index
 * alone, skipping `offset` entries there without reading their rows, then those rows. `reverse` reads the page from
 * the oldest end (oldest first), for a page in the far half.
 */
export function submissionsPageQuery(
  db: Db,
  formId: string,
  q: string | undefined,
  offset: number,
  limit: number,
  reverse = false,
) {
  const direction = reverse ? "asc" : "desc";
  let ids = db
    .selectFrom("core.form_submission as p")
    .select(["p.id", "p.submitted_at"])
    .where("p.form_id", "=", formId);
  if (q) ids = ids.where(matching(q));
  const page = ids
    .orderBy("p.submitted_at", direction)
    .orderBy("p.id", direction)
    .offset(offset)
    .limit(limit)
    .as("page");
  return submissionQuery(db)
    .innerJoin(page, "page.id", "s.id")
    .orderBy("s.submitted_at", direction)
    .orderBy("s.id", direction);
}

/**
 * A page of the form's submissions, newest first. Without a search the total is the form's count, and a page in the
 * far half is read from the oldest end; a search counts its matches to a round thousand at least 1,000 past the page.
 */
export async function listSubmissions(
  db: Db,
  formId: string,
  q: string | undefined,
  offset: number,
  limit: number,
  submissionCount: number,
): Promise<{ rows: SubmissionRecord[]; total: number; totalExact: boolean }> {
  if (!q) {
    const remaining = Math.max(0, Math.min(limit, submissionCount - offset));
    if (offset > submissionCount / 2 && remaining > 0) {
      const rows = await submissionsPageQuery(
        db,
        formId,
        q,
        submissionCount - offset - remaining,
        remaining,
        true,
      ).execute();
      return { rows: rows.reverse(), total: submissionCount, totalExact: true };
    }
    const rows = await submissionsPageQuery(db, formId, q, offset, limit).execute();
    return { rows, total: submissionCount, totalExact: true };
  }
  const countLimit = Math.ceil((offset + limit + COUNT_AHEAD) / COUNT_AHEAD) * COUNT_AHEAD;
  const matches = db
    .selectFrom("core.form_submission as c")
    .select(sql`1`.as("one"))
    .where("c.form_id", "=", formId)
    .where(matching(q))
    .limit(countLimit + 1)
    .as("matches");
  const [rows, counted] = await Promise.all([
    submissionsPageQuery(db, formId, q, offset, limit).execute(),
    db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  return { rows, total: Math.min(total, countLimit), totalExact: total <= countLimit };
}

export async function findSubmission(db: Db, formId: string, id: string): Promise<SubmissionRecord | undefined> {
  return submissionQuery(db).where("s.form_id", "=", formId).where("s.id", "=", id).executeTakeFirst();
}

/** The secret submission tokens are signed with, made once by the migration and shared by every process. */
export async function tokenSecret(db: Db): Promise<string> {
  const row = await db
    .selectFrom("core.setting")
    .select("value")
    .where("key", "=", "form_token_secret")
    .executeTakeFirstOrThrow();
  return String(row.value);
}

/** Of the stored files' keys given, those a form's banner names (the storage's sweep keeps them). */
export async function bannerFiles(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom("core.form").select("banner_key").where("banner_key", "in", keys).execute();
  return rows.flatMap((row) => (row.banner_key ? [row.banner_key] : []));
}

/** Of the forms given, those the user sees (a notification of a response opens while they do). */
export async function visibleFormIds(db: Db, actor: Actor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("core.form as f")
    .select("f.id")
    .where("f.id", "in", ids)
    .where(visibleTo(actor))
    .execute();
  return rows.map((row) => row.id);
}
