import type { Kysely } from "kysely";
import type { AdapterPayload } from "oidc-provider";
import type { Database } from "../db/schema.ts";
import * as users from "../users/users.repository.ts";
import { storedOidcId, storedPayload } from "./oidc-adapter.ts";
import type { Actor } from "./permissions.ts";

export type ActorWithStatus = Actor & { status: string };

function toActor(user: {
  id: string;
  status: string;
  company_admin: boolean;
  permissions: { resource: string; operation: string }[];
}): ActorWithStatus {
  return {
    id: user.id,
    status: user.status,
    companyAdmin: user.company_admin,
    permissions: user.permissions.map((row) => ({ name: row.resource, operation: row.operation })),
  };
}

export async function loadActor(db: Kysely<Database>, userId: string): Promise<ActorWithStatus | undefined> {
  const user = await users.findActor(db, userId);
  return user && toActor(user);
}

/**
 * The stored access token a request presents, as oidc-provider's adapter reads it, and the actor of its account (when
 * the account still exists): one query, where reading the token and then its user took two round trips a call.
 */
export async function loadAccessTokenWithActor(
  db: Kysely<Database>,
  token: string,
): Promise<{ stored: AdapterPayload; actor: ActorWithStatus | undefined } | undefined> {
  const row = await users.findAccessTokenWithActor(db, storedOidcId("AccessToken", token));
  if (!row) return undefined;
  const { id, status, company_admin, permissions } = row;
  const actor =
    id && status && company_admin !== null && permissions
      ? toActor({ id, status, company_admin, permissions })
      : undefined;
  return { stored: { ...storedPayload(row), jti: token }, actor };
}
