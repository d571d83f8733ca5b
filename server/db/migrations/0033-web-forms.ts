import { type Kysely, sql } from "kysely";

/**
 * Web forms (spec §3 "Web form", §4, §5): a form with its blocks (a jsonb array in their order, versioned with the
 * form), its banner as a stored file, and who may see it (everyone, company administrators, or its groups). Anyone
 * with its public id may answer an open form; submissions keep their answers by block id and a folded search text,
 * paged newest first per form from one index. A form's count of submissions is kept on its row, so that a list of
 * forms and a page of a million submissions never count them.
 *
 * Spam: refused submissions are only counted (per form and reason); each accepted submission's token is kept until it
 * would have expired, so that it is taken once; per-address and per-form request counters live here, not in a
 * process, so that every API process shares them. The secret that signs submission tokens is made here once, so that
 * every process signs alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.form")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("public_id", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("banner_key", "text")
    .addColumn("banner_mime", "text")
    .addColumn("banner_size", "bigint")
    .addColumn("submit_label_text", "text", (col) => col.notNull().defaultTo("Submit"))
    .addColumn("submit_label_color_code", "text", (col) => col.notNull().defaultTo("#ffffff"))
    .addColumn("submit_button_color_code", "text", (col) => col.notNull().defaultTo("#239859"))
    .addColumn("thank_you_page_title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("thank_you_page_paragraph", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("open", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("accepting_response", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("accessibility", "text", (col) =>
      col.notNull().defaultTo("open").check(sql`accessibility in ('open', 'login')`),
    )
    .addColumn("visibility", "text", (col) =>
      col.notNull().defaultTo("everyone").check(sql`visibility in ('everyone', 'admin', 'groups')`),
    )
    .addColumn("group_ids", sql`uuid[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("allowed_sites", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("auto_merge", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("blocks", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("owner_id", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("submission_count", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index form_updated on core.form (updated_at desc, id desc)`.execute(db);
  await sql`create index form_title_search on core.form using gin (core.search_fold(title) gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable("core.form_submission")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // A form with a response cannot be deleted (spec §4): the database holds that too.
    .addColumn("form_id", "uuid", (col) => col.notNull().references("core.form.id").onDelete("restrict"))
    .addColumn("answers", "jsonb", (col) => col.notNull())
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("submitted_at", "timestamptz", (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn("submitted_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("merge_state", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`merge_state in ('pending', 'merged', 'dismissed')`),
    )
    .addColumn("contact_id", "uuid")
    .addColumn("company_id", "uuid")
    .addColumn("merged_by", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("merged_at", "timestamptz")
    .execute();
  // A form's submissions newest first, keyset-friendly: (form, time, id) pages without a sort.
  await sql`create index form_submission_recent on core.form_submission (form_id, submitted_at desc, id desc)`.execute(
    db,
  );
  await sql`create index form_submission_search on core.form_submission using gin (search_text gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable("core.form_refusal")
    .addColumn("form_id", "uuid", (col) => col.notNull().references("core.form.id").onDelete("cascade"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("count", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("last_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("form_refusal_pkey", ["form_id", "reason"])
    .execute();

  await db.schema
    .createTable("core.form_used_token")
    .addColumn("nonce", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();
  await sql`create index form_used_token_expiry on core.form_used_token (expires_at)`.execute(db);

  await db.schema
    .createTable("core.form_rate_counter")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "timestamptz", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("form_rate_counter_pkey", ["key", "window_start"])
    .execute();
  await sql`create index form_rate_counter_window on core.form_rate_counter (window_start)`.execute(db);

  await sql`insert into core.setting (key, value)
    values ('form_token_secret', to_jsonb(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text)::bytea), 'hex')))
    on conflict (key) do nothing`.execute(db);
  // The administrator role has every resource: Form is new.
  await sql`insert into core.role_permission (role_id, resource, operation)
    select r.id, 'Form', o.operation from core.role r
    cross join (values ('Create'), ('Read'), ('Update'), ('Delete')) as o(operation)
    where r.built_in and r.name = 'Company administrator'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from core.role_permission where resource = 'Form'`.execute(db);
  await sql`delete from core.setting where key = 'form_token_secret'`.execute(db);
  await db.schema.dropTable("core.form_rate_counter").execute();
  await db.schema.dropTable("core.form_used_token").execute();
  await db.schema.dropTable("core.form_refusal").execute();
  await db.schema.dropTable("core.form_submission").execute();
  await db.schema.dropTable("core.form").execute();
}
