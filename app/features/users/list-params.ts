import { type UserStatus, userStatuses } from "../../../server/contract/user-statuses.ts";
import { isUuid } from "../../utils/api-path.ts";

export const USERS_PAGE_SIZE = 25;

// Control characters cannot be typed into a search, and the API refuses a NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** The list's state in its URL: page (from 1), search, and filters; anything unknown is left out. */
export interface UserListParams {
  page: number;
  q: string;
  status: UserStatus | "";
  role: string;
  group: string;
}

export function readUserListParams(url: URL): UserListParams {
  const page = Number(url.searchParams.get("page"));
  const status = url.searchParams.get("status") ?? "";
  const role = url.searchParams.get("role") ?? "";
  const group = url.searchParams.get("group") ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    q: (url.searchParams.get("q") ?? "").replace(CONTROL, " ").trim().slice(0, 255),
    status: (userStatuses as readonly string[]).includes(status) ? (status as UserStatus) : "",
    role: isUuid(role) ? role : "",
    group: isUuid(group) ? group : "",
  };
}

/** The list's URL state as a query's values, without defaults. */
export function listState(params: UserListParams): Record<string, string> {
  const state: Record<string, string> = {};
  if (params.page > 1) state.page = String(params.page);
  for (const name of ["q", "status", "role", "group"] as const) if (params[name]) state[name] = params[name];
  return state;
}
