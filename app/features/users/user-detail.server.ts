import { data, type RouterContextProvider } from "react-router";
import { usersApi } from "../../../server/contract/users.api.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";

export const USER_HISTORY_SIZE = 25;

/** A user's page (spec §2 `/users/{id}`): who they are, their role, groups and status, and a page of their history. */
export async function loadUserDetail(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const user = requirePermission(context, request, "Read", "Users");
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const client = api(context);
  const [employee, history] = await Promise.all([
    client.call(usersApi.employee, { params: { id } }),
    client.call(usersApi.history, { params: { id }, query: { page: page - 1, size: USER_HISTORY_SIZE } }),
  ]);
  return {
    employee,
    history,
    page,
    // Users are listed and changed in the system settings.
    canList: hasPermission(user, "Read", "System_Settings"),
    canEdit: hasPermission(user, "Update", "Users") && hasPermission(user, "Read", "System_Settings"),
  };
}

export type UserDetailData = Awaited<ReturnType<typeof loadUserDetail>>;
