import { data, type RouterContextProvider, redirect } from "react-router";
import type { RoleDto } from "../../../server/contract/iam.ts";
import { rolesApi } from "../../../server/contract/roles.api.ts";
import { forgetUser, hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { deleteThenRedirect, dismissed, invalid, readForm, refused } from "../../utils/form-action.server.ts";
import type { ActionResult, PanelState } from "../../utils/form-action.ts";
import { roleName } from "../../utils/role-name.ts";
import { SETTINGS_RESOURCE } from "../settings/urls.ts";
import { parsePermissionsForm, parseRoleForm, parseRoleNameForm, toMatrixInput } from "./role-form.ts";
import { rolePermissionsUrl, rolesUrl } from "./urls.ts";

export type RolePanelState = PanelState<"role", RoleDto, "copy" | "rename" | "delete">;

function readPanel(url: URL, roles: RoleDto[]): RolePanelState | null {
  const params = url.searchParams;
  const role = roles.find((r) => r.uuid === params.get("role"));
  if (params.get("confirm") === "delete") return role && !role.builtIn ? { mode: "delete", role } : null;
  switch (params.get("panel")) {
    case "new":
      return { mode: "new" };
    case "copy":
      return role ? { mode: "copy", role } : null;
    case "rename":
      return role && !role.builtIn ? { mode: "rename", role } : null;
    default:
      return null;
  }
}

/** The roles screen (spec §6): every role with how many users hold it, and the panel or dialog the URL opens. */
export async function loadRoles(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const roles = await api(context).call(rolesApi.list);
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t("settings.roles.title"),
    roles,
    canUpdate,
    panel: canUpdate ? readPanel(new URL(request.url), roles) : null,
  };
}

export type RolesData = Awaited<ReturnType<typeof loadRoles>>;
export type RolesActionResult = ActionResult<"role" | "delete">;

/**
 * Everything the roles screen posts: a new role or a copy (which opens its matrix next), a new name, a deletion after
 * its question ("Role in use" comes back as the warning), and a dismissed warning.
 */
export async function rolesAction(request: Request, context: Readonly<RouterContextProvider>) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const url = new URL(request.url);
  const client = api(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const roleId = url.searchParams.get("role");

  if (intent === "delete") {
    if (!isUuid(roleId)) throw data("Bad request", { status: 400 });
    return deleteThenRedirect(context, {
      remove: async () => {
        const role = await client.call(rolesApi.role, { params: { id: roleId } });
        await client.call(rolesApi.delete, { params: { id: roleId } });
        return role.name;
      },
      toast: "settings.roles.deletedToast",
      to: rolesUrl(),
    });
  }

  const renaming = url.searchParams.get("panel") === "rename" && isUuid(roleId) ? roleId : null;
  const submission = renaming ? parseRoleNameForm(formData) : parseRoleForm(formData);
  if (intent === "dismiss") return dismissed("role", submission.payload);
  if (submission.status !== "success") return invalid("role", submission);
  try {
    const saved = renaming
      ? await client.call(rolesApi.rename, { params: { id: renaming }, body: submission.value })
      : await client.call(rolesApi.create, { body: submission.value });
    flash(context, {
      status: "success",
      message: renaming ? "settings.roles.renamedToast" : "settings.roles.createdToast",
      duration: 3000,
      params: { name: saved.name },
    });
    // A new role is given its permissions next.
    return redirect(renaming ? rolesUrl() : rolePermissionsUrl(saved.uuid));
  } catch (error) {
    return refused(error, renaming ? "PUT" : "POST", "role", submission);
  }
}

/** A role's permission matrix, changeable by those who may change the settings. */
export async function loadRolePermissions(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const matrix = await api(context).call(rolesApi.permissions, { params: { id } });
  return {
    title: roleName(matrix.role.name, getLocale(context)),
    matrix,
    canUpdate: hasPermission(user, "Update", SETTINGS_RESOURCE),
  };
}

export type RolePermissionsData = Awaited<ReturnType<typeof loadRolePermissions>>;
export type RolePermissionsActionResult = ActionResult<"permissions">;

/** Saves the whole matrix as ticked; the acting user's own permissions are read anew if their role was changed. */
export async function rolePermissionsAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const formData = await readForm(request);
  const submission = parsePermissionsForm(formData);
  if (formData.get("intent") === "dismiss") return dismissed("permissions", submission.payload);
  if (submission.status !== "success") return invalid("permissions", submission);
  try {
    const saved = await api(context).call(rolesApi.savePermissions, {
      params: { id },
      body: toMatrixInput(submission.value),
    });
    forgetUser(context);
    flash(context, {
      status: "success",
      message: "settings.roles.savedToast",
      duration: 3000,
      params: { name: roleName(saved.role.name, getLocale(context)) },
    });
  } catch (error) {
    return refused(error, "PUT", "permissions", submission);
  }
  return redirect(rolePermissionsUrl(id));
}
