import { type Kysely, sql } from "kysely";

/**
 * Notifications (spec §3, §7): one row per recipient and event, naming the record it is about (schema, table, id, and
 * its name at the time), who caused it and the event's parameters; read once `read_at` is set. A scheduled reminder
 * carries the day it is about, and a unique index holds each user to one reminder of a kind per record and day, so
 * two processes or a restart never send it twice (rows without a day are never held by it: nulls differ).
 * Each user may switch event types off: a row per user and type that differs from the default (on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("core.notification")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("recipient_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("event_type", "text", (col) => col.notNull())
    .addColumn("schema_key", "text", (col) => col.notNull())
    .addColumn("table_key", "text", (col) => col.notNull())
    .addColumn("record_id", "uuid", (col) => col.notNull())
    .addColumn("record_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("actor_id", "uuid", (col) => col.references("core.app_user.id").onDelete("set null"))
    .addColumn("params", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("day", "date")
    // The clock, not the transaction's start: what one change tells of several records lists in the order it happened.
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn("read_at", "timestamptz")
    .execute();
  // A user's newest first (the bell's list), and their unread ones (its count), each from an index of its own.
  await sql`create index notification_recent on core.notification (recipient_id, created_at desc, id desc)`.execute(db);
  await sql`create index notification_unread on core.notification (recipient_id) where read_at is null`.execute(db);
  await sql`create unique index notification_once_a_day
    on core.notification (recipient_id, event_type, record_id, day)`.execute(db);

  await db.schema
    .createTable("core.notification_setting")
    .addColumn("user_id", "uuid", (col) => col.notNull().references("core.app_user.id").onDelete("cascade"))
    .addColumn("event_type", "text", (col) => col.notNull())
    .addColumn("enabled", "boolean", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("notification_setting_pkey", ["user_id", "event_type"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("core.notification_setting").execute();
  await db.schema.dropTable("core.notification").execute();
}
