import type { Kysely } from "kysely";

/**
 * A user's profile image: the stored file's key (its SHA-256, see server/files/storage.ts), its type by content and
 * its size. No image is null in all three.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("core.app_user")
    .addColumn("image_key", "text")
    .addColumn("image_mime", "text")
    .addColumn("image_size", "integer")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("core.app_user")
    .dropColumn("image_key")
    .dropColumn("image_mime")
    .dropColumn("image_size")
    .execute();
}
