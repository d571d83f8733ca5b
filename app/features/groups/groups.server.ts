import { data, type RouterContextProvider, redirect } from "react-router";
import { groupsApi } from "../../../server/contract/groups.api.ts";
import type { GroupAdminDto, GroupMember } from "../../../server/contract/iam.ts";
import { usersApi } from "../../../server/contract/users.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { deleteThenRedirect, dismissed, invalid, readForm, refused } from "../../utils/form-action.server.ts";
import type { ActionResult, PanelState } from "../../utils/form-action.ts";
import { SETTINGS_RESOURCE } from "../settings/urls.ts";
import { parseGroupForm, parseMemberForm } from "./group-form.ts";
import { groupMembersUrl, groupsUrl } from "./urls.ts";

export const GROUPS_PAGE_SIZE = 25;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function searchOf(url: URL): string {
  return (url.searchParams.get("q") ?? "").replace(CONTROL, " ").trim().slice(0, 255);
}

type Client = ReturnType<typeof api>;

/** A group the URL names, or none. */
async function namedGroup(client: Client, id: string | null): Promise<GroupAdminDto | null> {
  if (!isUuid(id)) return null;
  try {
    return await client.call(groupsApi.group, { params: { id } });
  } catch (error) {
    if ((error as { init?: { status?: number } })?.init?.status === 404) return null;
    throw error;
  }
}

export type GroupPanelState = PanelState<"group", GroupAdminDto, "rename" | "delete">;

/** The groups screen (spec §2 groups): a page of groups with their members' numbers, and the panel the URL opens. */
export async function loadGroups(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const page = pageOf(url);
  const q = searchOf(url);
  const client = api(context);
  const groups = await client.call(groupsApi.list, {
    query: { page: page - 1, size: GROUPS_PAGE_SIZE, q: q.length >= 3 ? q : undefined },
  });
  const lastPage = Math.max(1, Math.ceil(groups.totalElements / GROUPS_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(groupsUrl({ q, page: goTo.page }));
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  let panel: GroupPanelState | null = null;
  if (canUpdate) {
    const params = url.searchParams;
    if (params.get("panel") === "new") panel = { mode: "new" };
    const named = params.get("panel") === "rename" || params.get("confirm") === "delete";
    const group = named ? await namedGroup(client, params.get("group")) : null;
    if (group) panel = params.get("confirm") === "delete" ? { mode: "delete", group } : { mode: "rename", group };
  }
  return {
    title: getInstance(context).t("settings.groups.title"),
    groups,
    page,
    q,
    lastPage,
    goTo: goTo.state,
    canUpdate,
    panel,
  };
}

export type GroupsData = Awaited<ReturnType<typeof loadGroups>>;
export type GroupsActionResult = ActionResult<"group" | "delete">;

/** Everything the groups screen posts: a new group, a new name, a deletion after its question, a dismissed warning. */
export async function groupsAction(request: Request, context: Readonly<RouterContextProvider>) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const groupId = url.searchParams.get("group");

  if (intent === "delete") {
    if (!isUuid(groupId)) throw data("Bad request", { status: 400 });
    return deleteThenRedirect(context, {
      remove: async () => {
        const group = await client.call(groupsApi.group, { params: { id: groupId } });
        await client.call(groupsApi.delete, { params: { id: groupId } });
        return group.name;
      },
      toast: "settings.groups.deletedToast",
      to: groupsUrl(),
    });
  }

  const renaming = url.searchParams.get("panel") === "rename" && isUuid(groupId) ? groupId : null;
  const submission = parseGroupForm(formData);
  if (intent === "dismiss") return dismissed("group", submission.payload);
  if (submission.status !== "success") return invalid("group", submission);
  try {
    const saved = renaming
      ? await client.call(groupsApi.rename, { params: { id: renaming }, body: submission.value })
      : await client.call(groupsApi.create, { body: submission.value });
    flash(context, {
      status: "success",
      message: renaming ? "settings.groups.renamedToast" : "settings.groups.createdToast",
      duration: 3000,
      params: { name: saved.name },
    });
    return redirect(renaming ? groupsUrl() : groupMembersUrl(saved.uuid));
  } catch (error) {
    return refused(error, renaming ? "PUT" : "POST", "group", submission);
  }
}

export type MemberPanelState = { mode: "add" } | { mode: "remove"; member: GroupMember };

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/**
 * A group's members (a page of them by name), and the panel that adds one: without JavaScript its plain search's
 * matches (`q`, 3+ characters), users who are not members yet.
 */
export async function loadGroupMembers(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = pageOf(url);
  const client = api(context);
  const [group, members] = await Promise.all([
    client.call(groupsApi.group, { params: { id } }),
    client.call(groupsApi.members, { params: { id }, query: { page: page - 1, size: GROUPS_PAGE_SIZE } }),
  ]);
  const lastPage = Math.max(1, Math.ceil(members.totalElements / GROUPS_PAGE_SIZE));
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  const params = url.searchParams;
  let panel: MemberPanelState | null = null;
  let search: { q: string; matches: { value: string; label: string }[] | null } = { q: "", matches: null };
  if (canUpdate && params.get("panel") === "add") {
    panel = { mode: "add" };
    const q = searchOf(url);
    if (q.length >= 3) {
      const found = await client.call(usersApi.listEmployees, { query: { q, size: 50 } });
      search = {
        q,
        matches: found.content
          .filter((match) => !match.groups.some((g) => g.uuid === id))
          .map((match) => ({ value: match.uuid, label: `${nameOf(match)} · ${match.email}` })),
      };
    } else search = { q, matches: null };
  }
  if (canUpdate && params.get("confirm") === "remove") {
    const userId = params.get("user");
    const member = isUuid(userId) ? members.content.find((m) => m.uuid === userId) : undefined;
    if (member) panel = { mode: "remove", member };
  }
  return { title: group.name, group, members, page, lastPage, canUpdate, panel, search };
}

export type GroupMembersData = Awaited<ReturnType<typeof loadGroupMembers>>;
export type GroupMembersActionResult = ActionResult<"member" | "remove">;

/** What a group's members page posts: a user added from the panel, a member removed after its question. */
export async function groupMembersAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const client = api(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "remove") {
    const userId = url.searchParams.get("user");
    if (!isUuid(userId)) throw data("Bad request", { status: 400 });
    return deleteThenRedirect(context, {
      remove: async () => {
        const member = await client.call(usersApi.employee, { params: { id: userId } });
        await client.call(groupsApi.removeMember, { params: { id, userId } });
        return nameOf(member);
      },
      toast: "settings.groups.removedToast",
      to: groupMembersUrl(id),
      refusal: (error) => refused(error, "DELETE", "remove"),
    });
  }

  const submission = parseMemberForm(formData);
  if (intent === "dismiss") return dismissed("member", submission.payload);
  if (submission.status !== "success") return invalid("member", submission);
  try {
    await client.call(groupsApi.addMembers, { params: { id }, body: { userUuids: [submission.value.userUuid] } });
    const added = await client.call(usersApi.employee, { params: { id: submission.value.userUuid } });
    flash(context, {
      status: "success",
      message: "settings.groups.addedToast",
      duration: 3000,
      params: { name: nameOf(added) },
    });
  } catch (error) {
    return refused(error, "POST", "member", submission, (field) => (field === "userUuids" ? "userUuid" : field));
  }
  return redirect(groupMembersUrl(id));
}
