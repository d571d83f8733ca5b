import { type Kysely, sql } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../db/schema.ts";

/** Client metadata as the authorization server reads it, from core.oauth_client. */
async function findClient(db: Kysely<Database>, clientId: string): Promise<AdapterPayload | undefined> {
  const client = await db
    .selectFrom("core.oauth_client")
    .select(["client_id", "client_secret", "redirect_uris", "post_logout_redirect_uris", "grant_types", "scope"])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  if (!client) return undefined;
  return {
    client_id: client.client_id,
    client_secret: client.client_secret,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: client.grant_types,
    response_types: ["code"],
    scope: client.scope,
    token_endpoint_auth_method: "client_secret_basic",
    id_token_signed_response_alg: "ES256",
  } as AdapterPayload;
}

/** oidc-provider storage on PostgreSQL: one row per stored object, keyed by model and id. */
export function createOidcAdapter(db: Kysely<Database>) {
  return class KyselyOidcAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db
        .insertInto("core.oidc_payload")
        .values({
          model: this.model,
          id,
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
      if (this.model === "Client") return findClient(db, id);
      return this.findWhere("id", id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (uid.includes("\u0000")) return undefined;
      return this.findWhere("uid", uid);
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable("core.oidc_payload")
        .set({ consumed_at: sql`now()` })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom("core.oidc_payload").where("model", "=", this.model).where("id", "=", id).execute();
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
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }
  };
}
