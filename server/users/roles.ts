import { operations, resources } from "../contract/identity.ts";

type Grant = Record<string, readonly string[]>;

const crmEntities = ["Company", "Contact", "Inquiry", "Todo", "Note", "Document"] as const;
const all = (ops: readonly string[]) => Object.fromEntries(crmEntities.map((resource) => [resource, ops]));

/** The built-in role that administers the workspace: its holders are its administrators. */
export const ADMIN_ROLE_NAME = "Company administrator";

/** What the administrator role always keeps (refused otherwise): the settings, and the users. */
export const ADMIN_ROLE_KEEPS: Grant = {
  System_Settings: ["Read", "Update"],
  Users: operations,
};

/** The roles every workspace starts with. */
export const builtInRoles: { name: string; description: string; grants: Grant }[] = [
  {
    name: ADMIN_ROLE_NAME,
    description: "Everything, including settings and users.",
    grants: Object.fromEntries(resources.map((resource) => [resource, operations])),
  },
  {
    name: "Employee",
    description: "Works with the CRM records; no settings.",
    grants: {
      ...all(operations),
      CRM: ["Read"],
      Entity_Assignment: ["Read", "Create", "Delete"],
      Users: ["Read"],
      Advanced_Search_Personal: operations,
      Advanced_Search_Global: ["Read"],
      // Dashboards' widgets; which dashboards a user sees follows their groups.
      Widget: ["Read"],
    },
  },
  {
    name: "Read-only",
    description: "Sees the CRM records; changes nothing.",
    grants: {
      ...all(["Read"]),
      CRM: ["Read"],
      Entity_Assignment: ["Read"],
      Users: ["Read"],
      // Their own queries change no records: a read-only user keeps searches of their own.
      Advanced_Search_Personal: operations,
      Advanced_Search_Global: ["Read"],
      Widget: ["Read"],
    },
  },
];

export function permissionRows(roleId: string, grants: Grant) {
  return Object.entries(grants).flatMap(([resource, ops]) =>
    ops.map((operation) => ({ role_id: roleId, resource, operation })),
  );
}
