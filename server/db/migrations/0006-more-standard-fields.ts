import type { Kysely } from "kysely";
import { sql } from "kysely";

// Segments, discount, newsletter consent and last contact: CRM fields of the remaining types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("crm.company")
    .addColumn("segments", sql`text[]`)
    .addColumn("discount", "numeric")
    .execute();
  await db.schema
    .alterTable("crm.contact")
    .addColumn("newsletter", "boolean")
    .addColumn("last_contacted_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("crm.contact").dropColumn("newsletter").dropColumn("last_contacted_at").execute();
  await db.schema.alterTable("crm.company").dropColumn("segments").dropColumn("discount").execute();
}
