import type { Kysely } from "kysely";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import type { PermissionMatrix, PermissionMatrixInput, RoleDto, RoleInput } from "../contract/iam.ts";
import { isBuiltInRoleName } from "../contract/iam-texts.ts";
import { type Operation, operations, resources } from "../contract/identity.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import { ADMIN_ROLE_KEEPS, ADMIN_ROLE_NAME } from "../users/roles.ts";
import { iamError } from "../users/users.service.ts";
import * as repo from "./roles.repository.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", "Role not found");
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23503";
}

type RoleRow = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

function toRole(row: RoleRow): RoleDto {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    builtIn: row.built_in,
    administrator: row.built_in && row.name === ADMIN_ROLE_NAME,
    users: Number(row.users ?? 0),
  };
}

/** The roles, with how many users hold each: for the settings, and for whoever invites or changes users. */
export async function listRoles(db: Kysely<Database>, actor: Actor): Promise<RoleDto[]> {
  if (!can(actor, "Read", "Users")) requirePermission(actor, "Read", SETTINGS);
  return (await repo.listRoles(db)).map(toRole);
}

export async function getRole(db: Kysely<Database>, actor: Actor, id: string): Promise<RoleDto> {
  if (!can(actor, "Read", "Users")) requirePermission(actor, "Read", SETTINGS);
  const role = await repo.findRole(db, id);
  if (!role) throw notFound();
  return toRole(role);
}

/** A name no other role has, in any case: the index has the last word when two are saved at once. */
async function nameWriting<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw iamError(409, "RoleAlreadyExistingException");
    throw error;
  }
}

/** A new role: without permissions, or with those of the role it copies. */
export async function createRole(db: Kysely<Database>, actor: Actor, input: RoleInput): Promise<RoleDto> {
  requirePermission(actor, "Update", SETTINGS);
  const id = await nameWriting(() =>
    db.transaction().execute(async (trx) => {
      // A built-in role's name in either language: two roles would read alike to someone.
      if (isBuiltInRoleName(input.name) || (await repo.roleNamed(trx, input.name))) {
        throw iamError(409, "RoleAlreadyExistingException");
      }
      let copied: { resource: string; operation: string }[] = [];
      if (input.copyFrom) {
        if (!(await repo.findRole(trx, input.copyFrom))) {
          throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
            { field: "copyFrom", defaultMessage: "Must be one of the options", objectName: "role" },
          ]);
        }
        copied = await repo.permissionsOf(trx, input.copyFrom);
      }
      const { id } = await repo.insertRole(trx, input.name);
      await repo.replacePermissions(trx, id, copied);
      return id;
    }),
  );
  return getRole(db, actor, id);
}

export async function renameRole(db: Kysely<Database>, actor: Actor, id: string, name: string): Promise<RoleDto> {
  requirePermission(actor, "Update", SETTINGS);
  await nameWriting(() =>
    db.transaction().execute(async (trx) => {
      const role = await repo.lockRole(trx, id);
      if (!role) throw notFound();
      // The product finds its built-in roles by name (the first administrator's, a new workspace's).
      if (role.built_in) throw iamError(409, "BuiltInRoleException");
      if (isBuiltInRoleName(name) || (await repo.roleNamed(trx, name, id))) {
        throw iamError(409, "RoleAlreadyExistingException");
      }
      await repo.renameRole(trx, id, name);
    }),
  );
  return getRole(db, actor, id);
}

/** Deletes a role that no user holds ("Role in use" otherwise); its permissions go with it. */
export async function deleteRole(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  try {
    await db.transaction().execute(async (trx) => {
      const role = await repo.lockRole(trx, id);
      if (!role) throw notFound();
      if (role.built_in) throw iamError(409, "BuiltInRoleException");
      if ((await repo.countHolders(trx, id)) > 0) throw iamError(409, "RoleInUseException");
      await repo.deleteRole(trx, id);
    });
  } catch (error) {
    // A user given the role while it was being deleted: the foreign key refuses the deletion.
    if (isForeignKeyViolation(error)) throw iamError(409, "RoleInUseException");
    throw error;
  }
}

/** Every resource a role may be granted: the contract's, then each custom entity's, with the entities' names. */
async function grantableResources(db: Kysely<Database>) {
  const entities = await repo.entityResources(db);
  const names = new Map(entities.map((entity) => [entity.resource, entity]));
  const features = resources.map((resource) => {
    const entity = names.get(resource);
    return {
      resource,
      kind: entity ? ("entity" as const) : ("feature" as const),
      custom: false,
      labelEn: entity?.plural_en ?? null,
      labelNb: entity?.plural_nb ?? null,
    };
  });
  const known = new Set<string>(resources);
  const custom = entities
    .filter((entity) => !entity.built_in && !known.has(entity.resource))
    .map((entity) => ({
      resource: entity.resource,
      kind: "entity" as const,
      custom: true,
      labelEn: entity.plural_en,
      labelNb: entity.plural_nb,
    }));
  // The built-in entities first, then the custom ones, then the features.
  return [...features.filter((r) => r.kind === "entity"), ...custom, ...features.filter((r) => r.kind === "feature")];
}

/** A role's permission matrix: every grantable resource with the operations the role has on it. */
export async function permissionMatrix(db: Kysely<Database>, actor: Actor, id: string): Promise<PermissionMatrix> {
  requirePermission(actor, "Read", SETTINGS);
  const role = await repo.findRole(db, id);
  if (!role) throw notFound();
  const granted = await repo.permissionsOf(db, id);
  const of = (resource: string) =>
    operations.filter((operation) => granted.some((p) => p.resource === resource && p.operation === operation));
  return {
    role: toRole(role),
    resources: (await grantableResources(db)).map((resource) => ({
      ...resource,
      operations: of(resource.resource),
    })),
  };
}

/**
 * Saves a role's whole matrix: a resource left out has no operations. Only grantable resources are taken, and the
 * administrator role keeps its access to the settings and the users.
 */
export async function savePermissionMatrix(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: PermissionMatrixInput,
): Promise<PermissionMatrix> {
  requirePermission(actor, "Update", SETTINGS);
  const grantable = new Set((await grantableResources(db)).map((resource) => resource.resource));
  const rows = new Map<string, { resource: string; operation: Operation }>();
  input.permissions.forEach((entry, index) => {
    if (!grantable.has(entry.resource)) {
      throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
        { field: `permissions.${index}.resource`, defaultMessage: "Must be one of the options", objectName: "role" },
      ]);
    }
    for (const operation of entry.operations) {
      rows.set(`${entry.resource}:${operation}`, { resource: entry.resource, operation });
    }
  });
  await db.transaction().execute(async (trx) => {
    const role = await repo.lockRole(trx, id);
    if (!role) throw notFound();
    if (role.built_in && role.name === ADMIN_ROLE_NAME) {
      const kept = Object.entries(ADMIN_ROLE_KEEPS).every(([resource, ops]) =>
        ops.every((operation) => rows.has(`${resource}:${operation}`)),
      );
      if (!kept) throw iamError(409, "AdministratorRoleException");
    }
    await repo.replacePermissions(trx, id, [...rows.values()]);
  });
  return permissionMatrix(db, actor, id);
}
