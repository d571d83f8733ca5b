import { data, type RouterContextProvider, redirect } from "react-router";
import { groupsApi } from "../../../server/contract/groups.api.ts";
import type { Employee } from "../../../server/contract/identity.ts";
import { rolesApi } from "../../../server/contract/roles.api.ts";
import { usersApi } from "../../../server/contract/users.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { dismissed, invalid, readForm, refused } from "../../utils/form-action.server.ts";
import type { ActionResult } from "../../utils/form-action.ts";
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
    return await client.call(usersApi.employee, { params: { id } });
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
  // Who holds which role is shown only to those who may read the settings: nobody else filters by it either.
  const seesRoles = hasPermission(user, "Read", "System_Settings");
  if (!seesRoles) params.role = "";
  const query = {
    page: params.page - 1,
    size: USERS_PAGE_SIZE,
    q: params.q.length >= 3 ? params.q : undefined,
    status: params.status || undefined,
    role: params.role || undefined,
    group: params.group || undefined,
  };
  const [page, roles, groups] = await Promise.all([
    client.call(usersApi.listEmployees, { query }),
    client.call(rolesApi.list),
    client.call(groupsApi.list, { query: { size: 200 } }),
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
export type UsersActionResult = ActionResult<"user" | "row">;

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
      const employee = await client.call(usersApi.employee, { params: { id: userId } });
      const route = {
        resend: usersApi.resendInvitation,
        deactivate: usersApi.deactivate,
        reactivate: usersApi.reactivate,
      }[intent];
      await client.call(route, { params: { id: userId } });
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
  // The edit panel asks for a role only of those who see roles; the others' changes keep it. Each form is kept with
  // what it is for, so that its value goes to its own route.
  const form = editing
    ? { editing, submission: parseUserChangeForm(formData, hasPermission(user, "Read", "System_Settings")) }
    : { editing: null, submission: parseInviteForm(formData) };
  if (intent === "dismiss") return dismissed("user", form.submission.payload);
  if (form.submission.status !== "success") {
    return invalid("user", form.submission);
  }
  try {
    if (form.editing !== null) {
      const saved = await client.call(usersApi.change, { params: { id: form.editing }, body: form.submission.value });
      flash(context, {
        status: "success",
        message: "settings.users.savedToast",
        duration: 3000,
        params: { name: fullName(saved) },
      });
    } else {
      const invited = await client.call(usersApi.invite, { body: form.submission.value });
      flash(context, {
        status: "success",
        message: "settings.users.invitedToast",
        duration: 3000,
        params: { email: invited.email },
      });
    }
  } catch (error) {
    return refused(error, editing ? "PUT" : "POST", "user", form.submission);
  }
  return redirect(back);
}
