function withQuery(path: string, state: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) {
    if (value !== undefined && value !== "") query.set(name, String(value));
  }
  const text = query.toString();
  return `${path}${text ? `?${text}` : ""}`;
}

/** The groups screen of the system settings, with a panel or dialog open when `state` says so. */
export function groupsUrl(state: Record<string, string | number | undefined> = {}): string {
  return withQuery("/system-settings/groups", state);
}

/** A group's members, with a panel or dialog open when `state` says so. */
export function groupMembersUrl(id: string, state: Record<string, string | number | undefined> = {}): string {
  return withQuery(`/system-settings/groups/${id}`, state);
}

/** The group panel's form, by id (the warning dialog posts it again to close without JavaScript). */
export const GROUP_FORM_ID = "group-form";

/** The add-member panel's form, by id. */
export const MEMBER_FORM_ID = "member-form";
