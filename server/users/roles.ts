import { operations, resources } from "../contract/identity.ts";

type Grant = Record<string, readonly string[]>;

const crmEntities = ["Company", "Contact", "Inquiry", "Todo", "Note", "Document"] as const;
const all = (ops: readonly string[]) => Object.fromEntries(crmEntities.map((resource) => [resource, ops]));

/** The roles every workspace starts with. */
export const builtInRoles: { name: string; description: string; grants: Grant }[] = [
  {
    name: "Company administrator",
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
    },
  },
  {
    name: "Read-only",
    description: "Sees the CRM records; changes nothing.",
    grants: { ...all(["Read"]), CRM: ["Read"], Entity_Assignment: ["Read"], Users: ["Read"] },
  },
];

export function permissionRows(roleId: string, grants: Grant) {
  return Object.entries(grants).flatMap(([resource, ops]) =>
    ops.map((operation) => ({ role_id: roleId, resource, operation })),
  );
}
