import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export const ACCOUNT_FAILURES_PER_HOUR = 100;
const TRUSTED_ADDRESS_DAYS = 30;

export async function recordLoginAttempt(db: Kysely<Database>, email: string, ip: string, success: boolean) {
  await db.insertInto("core.login_attempt").values({ email: email.trim().toLowerCase(), ip, success }).execute();
}

export interface AccountLock {
  /** The account (or the email, whether or not an account has it) failed too often in the last hour. */
  locked: boolean;
  /** This address signed in to the account successfully in the last month. */
  trusted: boolean;
}

/**
 * An account that failed too often in the last hour refuses further attempts, except the right password from an
 * address that signed in to it successfully before: an attacker cannot lock the real user out, and the lock lifts
 * by itself as the failures age past the hour. Failures are counted per email, whether or not an account has it.
 */
export async function accountLock(db: Kysely<Database>, email: string, ip: string): Promise<AccountLock> {
  const normalized = email.trim().toLowerCase();
  const row = await db
    .selectFrom("core.login_attempt")
    .select([
      sql<number>`count(*) filter (where not success and at > now() - interval '1 hour')`.as("failures"),
      sql<number>`count(*) filter (where success and ip = ${ip} and at > now() - make_interval(days => ${TRUSTED_ADDRESS_DAYS}))`.as(
        "trusted",
      ),
    ])
    .where("email", "=", normalized)
    .where("at", ">", sql<Date>`now() - make_interval(days => ${TRUSTED_ADDRESS_DAYS})`)
    .executeTakeFirstOrThrow();
  return { locked: Number(row.failures) >= ACCOUNT_FAILURES_PER_HOUR, trusted: Number(row.trusted) > 0 };
}

/** Whether the account refuses every attempt from this address (one that never signed in to it). */
export async function accountLockedFor(db: Kysely<Database>, email: string, ip: string): Promise<boolean> {
  const lock = await accountLock(db, email, ip);
  return lock.locked && !lock.trusted;
}

/** Old attempts only matter for a month. */
export async function pruneLoginAttempts(db: Kysely<Database>) {
  await db
    .deleteFrom("core.login_attempt")
    .where("at", "<", sql<Date>`now() - make_interval(days => ${TRUSTED_ADDRESS_DAYS})`)
    .execute();
}
