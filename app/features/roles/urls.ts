/** The roles screen of the system settings, with a panel or dialog open when `state` says so. */
export function rolesUrl(state: Record<string, string> = {}): string {
  const query = new URLSearchParams(state).toString();
  return `/system-settings/roles${query ? `?${query}` : ""}`;
}

/** A role's permission matrix. */
export function rolePermissionsUrl(id: string): string {
  return `/system-settings/roles/${id}`;
}

/** The role panel's form, by id (the warning dialog posts it again to close without JavaScript). */
export const ROLE_FORM_ID = "role-form";

/** The permission matrix's form, by id. */
export const PERMISSIONS_FORM_ID = "permissions-form";
