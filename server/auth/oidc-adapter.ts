import { createHash } from "node:crypto";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../db/schema.ts";
import { decryptValue, encryptValue, sealingKey } from "../shared/sealed-value.ts";

/**
 * Stored objects whose id is a credential someone presents (a token, a code, a session or interaction cookie): the
 * table keeps only the id's SHA-256, so that a read of it yields nothing to present. Grants are named by id in other
 * rows and are no credential, so they keep theirs.
 */
const HASHED_MODELS = new Set([
  "AccessToken",
  "RefreshToken",
  "AuthorizationCode",
  "ClientCredentials",
  "Session",
  "Interaction",
  "PushedAuthorizationRequest",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);

export function storedOidcId(model: string, id: string): string {
  return HASHED_MODELS.has(model) ? createHash("sha256").update(id).digest("base64url") : id;
}

/** A stored row as oidc-provider reads it: its payload, and when it was consumed (a code, a refresh token). */
export function storedPayload(row: { payload: unknown; consumed_at: Date | string | null }): AdapterPayload {
  const payload = row.payload as AdapterPayload;
  return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
}

/** A stored row that has not expired. */
export const unexpired = sql<SqlBool>`(core.oidc_payload.expires_at is null or core.oidc_payload.expires_at > now())`;

/** The web app's own client, whose secret lives in its configuration, never in the database. */
export interface KnownClient {
  clientId: string;
  secret: string;
}

/** Client metadata as the authorization server reads it, from core.oauth_client. */
async function findClient(
  db: Kysely<Database>,
  clientId: string,
  known: KnownClient,
): Promise<AdapterPayload | undefined> {
  const client = await db
    .selectFrom("core.oauth_client")
    .select(["client_id", "client_secret", "redirect_uris", "post_logout_redirect_uris", "grant_types", "scope"])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  if (!client) return undefined;
  return {
    client_id: client.client_id,
    client_secret: client.client_id === known.clientId ? known.secret : client.client_secret,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: client.grant_types,
    response_types: ["code"],
    scope: client.scope,
    token_endpoint_auth_method: "client_secret_basic",
    id_token_signed_response_alg: "ES256",
  } as AdapterPayload;
}

/**
 * oidc-provider storage on PostgreSQL: one row per stored object, keyed by model and id (hashed for credentials). A
 * session is also found by its uid, which must give back its id: that is kept sealed with a key of the web client's
 * secret, which the database does not hold.
 */
export function createOidcAdapter(db: Kysely<Database>, known: KnownClient) {
  const sessionIdKey = sealingKey(known.secret, "workspace oidc session id v1");
  return class KyselyOidcAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, given: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const payload = await this.sealed(given);
      await db
        .insertInto("core.oidc_payload")
        .values({
          model: this.model,
          id: storedOidcId(this.model, id),
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresAt,
        })
        .onConflict((oc) =>
          oc.columns(["model", "id"]).doUpdateSet({
            payload: JSON.stringify(payload),
            grant_id: payload.grantId ?? null,
            uid: payload.uid ?? null,
            expires_at: expiresAt,
          }),
        )
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // Ids arrive from requests (codes, tokens, client ids); PostgreSQL refuses a NUL, and no stored id has one.
      if (id.includes("\u0000")) return undefined;
      if (this.model === "Client") return findClient(db, id, known);
      const payload = await this.findWhere("id", storedOidcId(this.model, id));
      return payload && { ...payload, jti: id };
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (uid.includes("\u0000")) return undefined;
      const payload = await this.findWhere("uid", uid);
      if (!payload || !HASHED_MODELS.has(this.model)) return payload;
      const { jtiSealed, ...rest } = payload as AdapterPayload & { jtiSealed?: string };
      const jti = typeof jtiSealed === "string" ? await decryptValue(await sessionIdKey, jtiSealed) : null;
      return typeof jti === "string" ? { ...rest, jti } : undefined;
    }

    /** The payload as stored: a credential's id is not in it (a session's only sealed, for findByUid). */
    private async sealed(payload: AdapterPayload): Promise<AdapterPayload> {
      if (!HASHED_MODELS.has(this.model)) return payload;
      const { jti, ...rest } = payload;
      if (this.model !== "Session" || typeof jti !== "string") return rest;
      return { ...rest, jtiSealed: await encryptValue(await sessionIdKey, jti) } as AdapterPayload;
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable("core.oidc_payload")
        .set({ consumed_at: sql`now()` })
        .where("model", "=", this.model)
        .where("id", "=", storedOidcId(this.model, id))
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom("core.oidc_payload")
        .where("model", "=", this.model)
        .where("id", "=", storedOidcId(this.model, id))
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom("core.oidc_payload").where("grant_id", "=", grantId).execute();
    }

    private async findWhere(column: "id" | "uid", value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom("core.oidc_payload")
        .select(["payload", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .where(unexpired)
        .executeTakeFirst();
      return row && storedPayload(row);
    }
  };
}
