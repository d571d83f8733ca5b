/** The users screen of the system settings, with its list's state and a panel or dialog when `state` says so. */
export function usersUrl(state: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) {
    if (value !== undefined && value !== "") query.set(name, String(value));
  }
  const text = query.toString();
  return `/system-settings/users${text ? `?${text}` : ""}`;
}

/** A user's page (spec §2 `/users/{id}`), at a page of their history. */
export function userUrl(id: string, page?: number): string {
  return `/users/${id}${page && page > 1 ? `?page=${page}` : ""}`;
}

/** The invite and edit panels' form, by id (the warning dialog posts it again to close without JavaScript). */
export const USER_FORM_ID = "user-form";

/** How long the users list waits after typing before it searches (spec §9: user and group search, 500 ms). */
export const USER_SEARCH_DELAY_MS = 500;
