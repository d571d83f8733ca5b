import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.setting")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "jsonb", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("core.role")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("description", "text")
    .addColumn("built_in", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("core.role_permission")
    .addColumn("role_id", "uuid", (col) => col.notNull().references("core.role.id").onDelete("cascade"))
    .addColumn("resource", "text", (col) => col.notNull())
    .addColumn("operation", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("role_permission_pk", ["role_id", "resource", "operation"])
    .execute();

  await db.schema
    .createTable("core.app_user")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("mobile", "text")
    .addColumn("language", "text", (col) => col.notNull().defaultTo("en").check(sql`language in ('en', 'nb')`))
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("invited").check(sql`status in ('invited', 'active')`),
    )
    .addColumn("role_id", "uuid", (col) => col.notNull().references("core.role.id"))
    .addColumn("company_admin", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("password_hash", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are unique whatever their case.
  await sql`create unique index app_user_email_key on core.app_user (lower(email))`.execute(db);

  await db.schema
    .createTable("core.user_group")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("core.user_group_member")
    .addColumn("group_id", "uuid", (col) => col.notNull().references("core.user_group.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_group_member_pk", ["group_id", "user_id"])
    .execute();

  await db.schema
    .createTable("core.invitation")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("core.login_attempt")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("success", "boolean", (col) => col.notNull())
    .addColumn("at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("login_attempt_email_at").on("core.login_attempt").columns(["email", "at"]).execute();

  await db.schema
    .createTable("core.oauth_client")
    .addColumn("client_id", "text", (col) => col.primaryKey())
    .addColumn("client_secret", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("redirect_uris", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("post_logout_redirect_uris", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("grant_types", sql`text[]`, (col) => col.notNull())
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("first_party", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Everything the authorization server stores: sessions, grants, codes, tokens, interactions.
  await db.schema
    .createTable("core.oidc_payload")
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("payload", "jsonb", (col) => col.notNull())
    .addColumn("grant_id", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("consumed_at", "timestamptz")
    .addPrimaryKeyConstraint("oidc_payload_pk", ["model", "id"])
    .execute();
  await db.schema.createIndex("oidc_payload_grant_id").on("core.oidc_payload").column("grant_id").execute();
  await db.schema.createIndex("oidc_payload_uid").on("core.oidc_payload").column("uid").execute();
  await db.schema.createIndex("oidc_payload_expires_at").on("core.oidc_payload").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "oidc_payload",
    "oauth_client",
    "login_attempt",
    "invitation",
    "user_group_member",
    "user_group",
    "app_user",
    "role_permission",
    "role",
    "setting",
  ]) {
    await db.schema.dropTable(`core.${table}`).execute();
  }
}
