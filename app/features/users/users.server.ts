import { data, type RouterContextProvider, redirect } from "react-router";
import type { EmployeePage, GroupAdminDto, RoleDto } from "../../../server/contract/iam.ts";
import type { Employee } from "../../../server/contract/identity.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { apiPath, isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { dismissed, refused, type SettingsActionResult } from "../settings/refusals.server.ts";
import { listState, readUserListParams, USERS_PAGE_SIZE } from "./list-params.ts";
import { usersUrl } from "./urls.ts";
import { parseInviteForm, parseUserChangeForm } from "./user-form.ts";

export type UserPanelState =
  | { mode: "invite" }
  | { mode: "edit"; employee: Employee }
  | { mode: "deactivate"; employee: Employee }
  | { mode: "reactivate"; employee: Employee };

type Client = ReturnType<typeof api>;

/** A user the URL names, or none when it names no one (a panel for nobody is no panel). */
async function namedEmployee(client: Client, id: string | null): Promise<Employee | null> {
  if (!isUuid(id)) return null;
  try {
    return await client.get<Employee>(apiPath`/api/iam/users/employees/${id}`);
  } catch (error) {
    if (error instanceof Response || (error as { init?: { status?: number } })?.init?.status === 404) return null;
    throw error;
  }
}

async function readPanel(
  url: URL,
  client: Client,
  rights: { canInvite: boolean; canUpdate: boolean },
): Promise<UserPanelState | null> {
  const params = url.searchParams;
  const confirm = params.get("confirm");
  if (rights.canUpdate && (confirm === "deactivate" || confirm === "reactivate")) {
    const employee = await namedEmployee(client, params.get("user"));
    return employee ? { mode: confirm, employee } : null;
  }
  const panel = params.get("panel");
  if (panel === "invite" && rights.canInvite) return { mode: "invite" };
  if (panel === "edit" && rights.canUpdate) {
    const employee = await namedEmployee(client, params.get("user"));
    return employee ? { mode: "edit", employee } : null;
  }
  return null;
}

/**
 * The users screen (spec §2 users): a page of users searched and filtered, the roles and groups to filter by and to
 * choose in the panels, and the panel or dialog the URL opens for those who may use it.
 */
export async function loadUsers(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", "Users");
  const url = new URL(request.url);
  const params = readUserListParams(url);
  const client = api(context);
  const query = new URLSearchParams({ page: String(params.page - 1), size: String(USERS_PAGE_SIZE) });
  if (params.q.length >= 3) query.set("q", params.q);
  // Who holds which role is shown only to those who may read the settings: nobody else filters by it either.
  const seesRoles = hasPermission(user, "Read", "System_Settings");
  if (!seesRoles) params.role = "";
  for (const name of ["status", "role", "group"] as const) if (params[name]) query.set(name, params[name]);
  const [page, roles, groups] = await Promise.all([
    client.get<EmployeePage>(`/api/iam/users/employees?${query}`),
    client.get<RoleDto[]>("/api/iam/roles"),
    client.get<{ content: GroupAdminDto[] }>("/api/iam/groups?size=200"),
  ]);
  const lastPage = Math.max(1, Math.ceil(page.totalElements / USERS_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(usersUrl({ ...listState(params), page: goTo.page }));
  if (params.page > lastPage && page.totalElements > 0)
    throw redirect(usersUrl({ ...listState(params), page: lastPage }));
  const rights = {
    canInvite: hasPermission(user, "Create", "Users"),
    canUpdate: hasPermission(user, "Update", "Users"),
  };
  return {
    title: getInstance(context).t("settings.users.title"),
    page,
    params,
    lastPage,
    goTo: goTo.state,
    roles,
    groups: groups.content.map((group) => ({ uuid: group.uuid, name: group.name })),
    ...rights,
    seesRoles,
    me: user.uuid,
    panel: await readPanel(url, client, rights),
  };
}

export type UsersData = Awaited<ReturnType<typeof loadUsers>>;
export type UsersActionResult = SettingsActionResult<"user" | "row">;

const fullName = (employee: Pick<Employee, "firstName" | "lastName">) =>
  `${employee.firstName} ${employee.lastName}`.trim();

/**
 * Everything the users screen posts: an invitation, a user's change from the edit panel, a deactivation or a
 * reactivation after its question, a resent invitation from a row, and a form sent back as it was (the warning dialog
 * closed without JavaScript). After a change the list comes back as it was.
 */
export async function usersAction(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const back = usersUrl(listState(readUserListParams(url)));
  const client = api(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const userId = url.searchParams.get("user") ?? formData.get("user");

  if (intent === "resend" || intent === "deactivate" || intent === "reactivate") {
    requirePermission(context, request, intent === "resend" ? "Create" : "Update", "Users");
    if (!isUuid(userId)) throw data("Bad request", { status: 400 });
    try {
      const employee = await client.get<Employee>(apiPath`/api/iam/users/employees/${userId}`);
      const path =
        intent === "resend"
          ? apiPath`/api/iam/users/employees/${userId}/resend-invitation`
          : apiPath`/api/iam/users/employees/${userId}/${intent}`;
      await client.put(path);
      const message = {
        resend: "settings.users.resentToast",
        deactivate: "settings.users.deactivatedToast",
        reactivate: "settings.users.reactivatedToast",
      }[intent];
      flash(context, {
        status: "success",
        message,
        duration: 3000,
        params: { name: fullName(employee), email: employee.email },
      });
    } catch (error) {
      return refused(error, "PUT", "row");
    }
    return redirect(back);
  }

  const editing = url.searchParams.get("panel") === "edit" && isUuid(userId) ? userId : null;
  const user = requirePermission(context, request, editing ? "Update" : "Create", "Users");
  // The edit panel asks for a role only of those who see roles; the others' changes keep it.
  const submission = editing
    ? parseUserChangeForm(formData, hasPermission(user, "Read", "System_Settings"))
    : parseInviteForm(formData);
  if (intent === "dismiss") return dismissed("user", submission.payload);
  if (submission.status !== "success") {
    return data<UsersActionResult>({ form: "user", result: submission.reply() }, { status: 400 });
  }
  try {
    if (editing) {
      const saved = await client.put<Employee>(apiPath`/api/iam/users/employees/${editing}`, submission.value);
      flash(context, {
        status: "success",
        message: "settings.users.savedToast",
        duration: 3000,
        params: { name: fullName(saved) },
      });
    } else {
      const invited = await client.post<Employee>("/api/iam/users/employees", submission.value);
      flash(context, {
        status: "success",
        message: "settings.users.invitedToast",
        duration: 3000,
        params: { email: invited.email },
      });
    }
  } catch (error) {
    return refused(error, editing ? "PUT" : "POST", "user", submission);
  }
  return redirect(back);
}
