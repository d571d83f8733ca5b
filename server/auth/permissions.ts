import type { Permission } from "../contract/identity.ts";
import { DomainError } from "../http/errors.ts";

/** Who a request acts for: a signed-in user with the permissions of their role. */
export interface Actor {
  id: string;
  companyAdmin: boolean;
  permissions: Permission[];
}

/** The resource that guards the workspace's settings: reading them, and changing them. */
export const SETTINGS = "System_Settings";

/** Whether the actor may do `operation` on `resource` (a company administrator may do all). */
export function can(actor: Actor, operation: string, resource: string): boolean {
  return actor.companyAdmin || actor.permissions.some((p) => p.name === resource && p.operation === operation);
}

/** Refuses with 403 what the actor may not do: every service checks this on the server, whatever a page shows. */
export function requirePermission(actor: Actor, operation: string, resource: string): void {
  if (!can(actor, operation, resource)) {
    throw new DomainError(403, "AccessDeniedException", "Operation not permitted");
  }
}
