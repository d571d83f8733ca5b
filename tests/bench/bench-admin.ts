import type { Kysely } from "kysely";
import { type ActorWithStatus, loadActor } from "../../server/auth/actors.ts";
import type { Database } from "../../server/db/schema.ts";
import { BENCH_ADMIN_EMAIL } from "./bench-password.ts";

/** The demo administrator with its rights, as the services check them. */
export async function benchAdmin(db: Kysely<Database>): Promise<ActorWithStatus> {
  const admin = await db
    .selectFrom("core.app_user")
    .select("id")
    .where("email", "=", BENCH_ADMIN_EMAIL)
    .executeTakeFirst();
  const actor = admin && (await loadActor(db, admin.id));
  if (!actor) throw new Error(`no ${BENCH_ADMIN_EMAIL}: npm run bench:seed makes the demo users`);
  return actor;
}
