import { type Insertable, type Kysely, sql } from "kysely";
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

/** Ends one grant: its tokens and codes, then the grant itself (the API's token revocation). */
export async function revokeGrant(db: Kysely<Database>, grantId: string) {
  await db.deleteFrom("core.oidc_payload").where("grant_id", "=", grantId).execute();
  await db.deleteFrom("core.oidc_payload").where("model", "=", "Grant").where("id", "=", grantId).execute();
}

/** Expired rows of the authorization server, removed at start. */
export async function deleteExpiredPayloads(db: Kysely<Database>) {
  await db.deleteFrom("core.oidc_payload").where("expires_at", "<", new Date()).execute();
}

/** Whether a registered client names the URL as one to return to after signing out. */
export async function isRegisteredLogoutUrl(db: Kysely<Database>, url: string): Promise<boolean> {
  const registered = await db
    .selectFrom("core.oauth_client")
    .select("client_id")
    .where((eb) => eb(eb.val(url), "=", eb.fn.any("post_logout_redirect_uris")))
    .executeTakeFirst();
  return registered !== undefined;
}

type OAuthClient = Omit<Insertable<Database["core.oauth_client"]>, "client_id">;

/** Writes a client's registration, as it is now (the web app's, at every start). */
export async function saveOAuthClient(db: Kysely<Database>, clientId: string, client: OAuthClient) {
  await db
    .insertInto("core.oauth_client")
    .values({ client_id: clientId, ...client })
    .onConflict((oc) => oc.column("client_id").doUpdateSet(client))
    .execute();
}

export async function isFirstPartyClient(db: Kysely<Database>, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom("core.oauth_client")
    .select("first_party")
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return row?.first_party === true;
}

/** Whether the account exists and may sign in (an active user). */
export async function isActiveAccount(db: Kysely<Database>, id: string): Promise<boolean> {
  const user = await db
    .selectFrom("core.app_user")
    .select("id")
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return user !== undefined;
}
