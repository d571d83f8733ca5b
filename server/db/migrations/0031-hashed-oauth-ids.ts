import { type Kysely, sql } from "kysely";

/**
 * The authorization server's tokens, codes, sessions and interactions are kept under their id's SHA-256
 * (auth/oidc-adapter.ts): rows kept under the id itself get that key, and lose the id from their payload. A session
 * must also be found by its uid with its id sealed, which SQL cannot do, so sessions go: their users sign in to the
 * authorization server again, while the web app keeps their tokens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const credentials = [
    "AccessToken",
    "RefreshToken",
    "AuthorizationCode",
    "ClientCredentials",
    "Interaction",
    "PushedAuthorizationRequest",
    "DeviceCode",
    "BackchannelAuthenticationRequest",
  ];
  await sql`delete from core.oidc_payload where model = 'Session'`.execute(db);
  await sql`update core.oidc_payload
    set id = translate(rtrim(encode(sha256(convert_to(id, 'UTF8')), 'base64'), '='), '+/', '-_'),
      payload = payload - 'jti'
    where model in (${sql.join(credentials)})`.execute(db);
}

export async function down(): Promise<void> {
  // A hash cannot be turned back into its id.
}
