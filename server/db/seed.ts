import type { Kysely } from "kysely";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { builtInRoles, permissionRows } from "../users/roles.ts";
import type { Database } from "./schema.ts";

export const demoUsers = [
  {
    email: "admin@example.com",
    first_name: "Ada",
    last_name: "Admin",
    role: "Company administrator",
    company_admin: true,
  },
  { email: "employee@example.com", first_name: "Erik", last_name: "Nordmann", role: "Employee", company_admin: false },
  { email: "readonly@example.com", first_name: "Rita", last_name: "Reader", role: "Read-only", company_admin: false },
] as const;

export interface SeedResult {
  created: boolean;
  /** Set only when the demo password was generated now; it is shown once. */
  generatedDemoPassword?: string;
}

/** Built-in roles exist in every workspace; missing ones are added on start. */
async function seedRoles(db: Kysely<Database>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of builtInRoles) {
    let row = await db.selectFrom("core.role").select("id").where("name", "=", role.name).executeTakeFirst();
    if (!row) {
      row = await db
        .insertInto("core.role")
        .values({ name: role.name, description: role.description, built_in: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("core.role_permission").values(permissionRows(row.id, role.grants)).execute();
    }
    ids.set(role.name, row.id);
  }
  return ids;
}

/** Creates the workspace on first start; a demo start also creates the demo users. */
export async function seedWorkspace(
  db: Kysely<Database>,
  options: { demo: boolean; demoPassword?: string },
): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const roles = await seedRoles(trx);
    const existing = await trx.selectFrom("core.workspace").select("id").executeTakeFirst();
    if (existing) return { created: false };
    await trx
      .insertInto("core.workspace")
      .values({ name: options.demo ? "Demo workspace" : "Workspace", demo: options.demo })
      .execute();
    if (!options.demo) return { created: true };

    const password = options.demoPassword || generatePassword();
    const passwordHash = await hashPassword(password);
    for (const user of demoUsers) {
      await trx
        .insertInto("core.app_user")
        .values({
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          language: "en",
          status: "active",
          role_id: roles.get(user.role)!,
          company_admin: user.company_admin,
          password_hash: passwordHash,
        })
        .execute();
    }
    return { created: true, generatedDemoPassword: options.demoPassword ? undefined : password };
  });
}
