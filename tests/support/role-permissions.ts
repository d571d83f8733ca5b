import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema.ts";

async function roleId(db: Kysely<Database>, roleName: string): Promise<string> {
  return (await db.selectFrom("core.role").select("id").where("name", "=", roleName).executeTakeFirstOrThrow()).id;
}

/** Gives a role operations on a resource, straight in the database (a test's setup, not the roles API under test). */
export async function grant(db: Kysely<Database>, roleName: string, resource: string, operations: string[]) {
  const role = await roleId(db, roleName);
  await db
    .insertInto("core.role_permission")
    .values(operations.map((operation) => ({ role_id: role, resource, operation })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Takes operations on a resource from a role, straight in the database. */
export async function revoke(db: Kysely<Database>, roleName: string, resource: string, operations: string[]) {
  await db
    .deleteFrom("core.role_permission")
    .where("role_id", "=", await roleId(db, roleName))
    .where("resource", "=", resource)
    .where("operation", "in", operations)
    .execute();
}
