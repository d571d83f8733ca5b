/**
 * `npm run demo:reset-password [-- new-password]`: gives the demo users (admin@, employee@ and readonly@example.com) a
 * new password, generated unless given, on the database that DATABASE_URL or DATA_DIR points to. Stop Workspace
 * first when it runs on the embedded database: only one process may open it.
 */
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { openDatabase } from "../db/database.ts";
import { demoUsers } from "../db/seed.ts";

async function main() {
  const config = loadConfig();
  const password = process.argv[2] || generatePassword();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const passwordHash = await hashPassword(password);
    const updated = await database.db
      .updateTable("core.app_user")
      .set({ password_hash: passwordHash })
      .where(
        "email",
        "in",
        demoUsers.map((user) => user.email),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      console.error("This workspace has no demo users; nothing was changed.");
      process.exitCode = 1;
      return;
    }
    console.log(`The demo users' password is now: ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error("The demo password could not be reset:", error);
  process.exit(1);
});
