import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Ends every way an account is signed in but one grant (the caller's): the account's other grants with their access
 * and refresh tokens, and the authorization server's sign-in sessions of other browsers, which would otherwise get a
 * new grant without a password (loadExistingGrant in oidc-provider.ts). The browser session behind the kept grant
 * stays, so its user stays signed in.
 */
export async function revokeOtherSignIns(db: Kysely<Database>, accountId: string, keepGrantId: string) {
  await db.transaction().execute(async (trx) => {
    const grants = await trx
      .selectFrom("core.oidc_payload")
      .select("id")
      .where("model", "=", "Grant")
      .where(sql<string>`payload->>'accountId'`, "=", accountId)
      .where("id", "<>", keepGrantId)
      .execute();
    const grantIds = grants.map((grant) => grant.id);
    if (grantIds.length > 0) {
      await trx.deleteFrom("core.oidc_payload").where("grant_id", "in", grantIds).execute();
      await trx.deleteFrom("core.oidc_payload").where("model", "=", "Grant").where("id", "in", grantIds).execute();
    }
    // Tokens and codes of the account that name no grant of the account's any more.
    await trx
      .deleteFrom("core.oidc_payload")
      .where("model", "in", ["AccessToken", "RefreshToken", "AuthorizationCode"])
      .where(sql<string>`payload->>'accountId'`, "=", accountId)
      .where((eb) => eb.or([eb("grant_id", "is", null), eb("grant_id", "<>", keepGrantId)]))
      .execute();
    await trx
      .deleteFrom("core.oidc_payload")
      .where("model", "=", "Session")
      .where(sql<string>`payload->>'accountId'`, "=", accountId)
      .where(
        sql<boolean>`not exists (select 1 from jsonb_each(coalesce(payload->'authorizations', '{}'::jsonb)) as a(client_id, entry)
          where a.entry->>'grantId' = ${keepGrantId})`,
      )
      .execute();
  });
}
