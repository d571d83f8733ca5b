import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { checkPasswordPolicy } from "../auth/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import { type Actor, can, requirePermission, SETTINGS } from "../auth/permissions.ts";
import { apiErrorCodes } from "../contract/error-texts.ts";
import type { EmployeeChange, EmployeeListQuery, EmployeePage } from "../contract/iam.ts";
import { type IamException, iamTexts } from "../contract/iam-texts.ts";
import type { Employee, MeInfo } from "../contract/identity.ts";
import type { TransactionDto } from "../contract/records.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import { DEFAULT_TIME_ZONE } from "../contract/time-zones.ts";
import { listCustomEntities } from "../custom-entities/custom-entities.repository.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { entityNamesOf } from "../records/metadata.repository.ts";
import { toTransactionDto } from "../records/transactions.ts";
import { getSetting } from "../settings/settings.repository.ts";
import { ADMIN_ROLE_NAME } from "./roles.ts";
import * as repo from "./users.repository.ts";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The company's time zone, in `core.setting`; users without one of their own see times in it. */
export const COMPANY_TIME_ZONE = "time_zone";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.user);
}

function chosenLanguage(language: string | null): "en" | "nb" | null {
  return language === "nb" || language === "en" ? language : null;
}

export async function meInfo(db: Kysely<Database>, actor: Actor): Promise<MeInfo> {
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw notFound();
  const companyTimeZone = await getSetting<string>(db, COMPANY_TIME_ZONE);
  const permissions = [...actor.permissions, { name: "AppUserGuide", operation: "Read" }];
  if (actor.companyAdmin) permissions.push({ name: "CompanyAdmin", operation: "PerformAs" });
  return {
    uuid: user.id,
    userUuid: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    language: chosenLanguage(user.language),
    timeZone: user.time_zone ?? companyTimeZone ?? DEFAULT_TIME_ZONE,
    companyAdmin: actor.companyAdmin,
    permissions,
    customEntities: (await listCustomEntities(db))
      .filter((entity) => can(actor, "Read", entity.resource))
      .map((entity) => ({
        key: entity.table_key,
        ...entityNamesOf(entity),
        icon: entity.icon ?? "box",
      })),
  };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/**
 * Whether the actor is shown who holds which role (spec §6 "Who holds which role is not shown"): only those who may read
 * the settings, where roles are administered.
 */
export function seesRoles(actor: Actor): boolean {
  return can(actor, "Read", SETTINGS);
}

/** Who the user is and how to reach them: what both a user's and the signed-in user's own answer begin with. */
export function userContact(user: UserRow) {
  return {
    uuid: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    mobile: user.mobile,
  };
}

function toEmployee(viewer: Actor | null, user: UserRow, groups: { id: string; name: string }[]): Employee {
  return {
    ...userContact(user),
    language: chosenLanguage(user.language),
    status: user.status,
    ...((viewer === null || seesRoles(viewer)) && {
      role: { uuid: user.role_id, name: user.role_name },
      companyAdmin: user.company_admin,
    }),
    groups: groups.map((group) => ({ uuid: group.id, groupUuid: group.id, name: group.name })),
  };
}

/**
 * A user as `viewer` is shown them: with their role only to a viewer who may read the settings (null: the product
 * itself, inviting the first administrator).
 */
export async function getEmployee(db: Kysely<Database>, viewer: Actor | null, id: string): Promise<Employee> {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  return toEmployee(viewer, user, await repo.groupsOfUser(db, id));
}

/** A refusal of user, group or role administration, with the product's text for it. */
export function iamError(status: number, name: IamException): DomainError {
  return new DomainError(status, name, iamTexts[name]);
}

function invalidField(field: string, message: string, objectName = "employee"): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName },
  ]);
}

const userExists = () => new DomainError(409, "EmployeeUserAlreadyActiveException", "User already exists");

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/** The administrator role's id: its holders, and company administrators, administer the workspace. */
export async function adminRoleId(db: Kysely<Database> | Transaction<Database>): Promise<string> {
  const role = await repo.findRoleByName(db, ADMIN_ROLE_NAME);
  if (!role) throw new Error(`the ${ADMIN_ROLE_NAME} role is missing`);
  return role.id;
}

/** Refuses a change that would leave the workspace without an active administrator. */
async function keepAnAdministrator(trx: Transaction<Database>, userId: string, adminRole: string) {
  if ((await repo.otherActiveAdministrators(trx, userId, adminRole)).length === 0) {
    throw iamError(409, "LastAdministratorException");
  }
}

function isActiveAdministrator(user: { status: string; company_admin: boolean; role_id: string }, adminRole: string) {
  return user.status === "active" && (user.company_admin || user.role_id === adminRole);
}

/** The role and groups a form names, checked: an unknown one is the form's error. */
async function checkRoleAndGroups(db: Transaction<Database>, roleUuid: string, groupUuids: readonly string[]) {
  const role = await repo.findRoleById(db, roleUuid);
  if (!role) throw invalidField("roleUuid", "Must be one of the options");
  const unique = [...new Set(groupUuids)];
  const groups = await repo.findGroupsByIds(db, unique);
  if (groups.length !== unique.length) throw invalidField("groupUuids", "Must be one of the options");
  return { role, groupIds: unique };
}

/**
 * Giving or taking the administrator role makes or unmakes an administrator: it needs Update on the system settings,
 * besides Update on users.
 */
function requireAdministration(actor: Actor, adminRole: string, fromRole: string | null, toRole: string) {
  if ((fromRole === adminRole) !== (toRole === adminRole)) {
    requirePermission(actor, "Update", SETTINGS);
  }
}

/**
 * A page of users for the settings: searched by name and email from 3 characters, by status, role (for those who see
 * roles) and group.
 */
export async function listEmployees(
  db: Kysely<Database>,
  actor: Actor,
  query: EmployeeListQuery,
): Promise<EmployeePage> {
  requirePermission(actor, "Read", "Users");
  // Who holds a role is not shown to those who may not see roles: nor is who does not.
  if (query.role !== undefined) requirePermission(actor, "Read", SETTINGS);
  const term = query.q?.trim() ?? "";
  const { rows, total } = await repo.listUsers(
    db,
    { term: term.length >= 3 ? term : null, status: query.status, roleId: query.role, groupId: query.group },
    query.page * query.size,
    query.size,
  );
  return {
    content: rows.map((row) => toEmployee(actor, row, row.groups)),
    totalElements: total,
    page: query.page,
    size: query.size,
  };
}

/**
 * Changes a user's names, language, role and groups at once, and audits what changed. The last active administrator
 * keeps the administrator role; the company administrator flag follows the role.
 */
export async function changeEmployee(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  input: EmployeeChange,
): Promise<Employee> {
  requirePermission(actor, "Update", "Users");
  await db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, id);
    if (!user) throw notFound();
    const { role, groupIds } = await checkRoleAndGroups(trx, input.roleUuid ?? user.role_id, input.groupUuids);
    const adminRole = await adminRoleId(trx);
    requireAdministration(actor, adminRole, user.role_id, role.id);
    if (isActiveAdministrator(user, adminRole) && role.id !== adminRole) await keepAnAdministrator(trx, id, adminRole);
    const before = await repo.userSnapshot(trx, id);
    await repo.updateUser(trx, id, {
      first_name: input.firstName,
      last_name: input.lastName,
      language: input.language,
      role_id: role.id,
      company_admin: role.id === adminRole,
    });
    await repo.setGroupsOfUser(trx, id, groupIds);
    await repo.auditUser(trx, actor.id, id, before ?? null, (await repo.userSnapshot(trx, id))!);
  });
  return getEmployee(db, actor, id);
}

/**
 * Deactivates a user: they cannot sign in, and every session, grant and token they hold is revoked at once, their
 * open invitation too. Nobody deactivates themself, and the last active administrator stays.
 */
export async function deactivateEmployee(db: Kysely<Database>, actor: Actor, id: string): Promise<Employee> {
  requirePermission(actor, "Update", "Users");
  if (id === actor.id) throw iamError(409, "SelfDeactivationException");
  await db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, id);
    if (!user) throw notFound();
    if (user.status === "deactivated") return;
    const adminRole = await adminRoleId(trx);
    if (isActiveAdministrator(user, adminRole)) await keepAnAdministrator(trx, id, adminRole);
    const before = await repo.userSnapshot(trx, id);
    await repo.setStatus(trx, id, "deactivated");
    await repo.revokeOpenInvitations(trx, id);
    await repo.revokeGrantsOf(trx, id);
    await repo.auditUser(trx, actor.id, id, before ?? null, (await repo.userSnapshot(trx, id))!);
  });
  return getEmployee(db, actor, id);
}

/** Reactivates a user: active again if they had chosen a password, otherwise invited (and a new invitation is theirs to send). */
export async function reactivateEmployee(db: Kysely<Database>, actor: Actor, id: string): Promise<Employee> {
  requirePermission(actor, "Update", "Users");
  await db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, id);
    if (!user) throw notFound();
    if (user.status !== "deactivated") return;
    const before = await repo.userSnapshot(trx, id);
    await repo.setStatus(trx, id, user.password_hash ? "active" : "invited");
    await repo.auditUser(trx, actor.id, id, before ?? null, (await repo.userSnapshot(trx, id))!);
  });
  return getEmployee(db, actor, id);
}

/** A user's history: changes to who they are, their role (for those who see roles), groups and status, newest first. */
export async function employeeHistory(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  page: number,
  size: number,
): Promise<{ content: TransactionDto[]; totalElements: number; page: number; size: number }> {
  requirePermission(actor, "Read", "Users");
  if (!(await repo.findUserById(db, id))) throw notFound();
  const { content, total } = await repo.listUserTransactions(db, id, page * size, size);
  const entries = content.map((row) => toTransactionDto(row));
  // A change of role is left out of the entry for those who may not see roles; the entry's other changes stay.
  const shown = seesRoles(actor)
    ? entries
    : entries.map((entry) => ({ ...entry, changes: entry.changes.filter((change) => change.key !== "role") }));
  return { content: shown, totalElements: total, page, size };
}

export interface InvitationSettings {
  appUrl: string;
  publicApiUrl: string;
  ttlHours: number;
  mailer: Mailer;
  /** Tells where an invitation link is when no mail transport delivers it. */
  log: (link: string, email: string) => void;
}

/** Issues a new single-use invitation (older ones stop working) and mails its link. */
export async function sendInvitation(db: Kysely<Database>, userId: string, settings: InvitationSettings) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound();
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await repo.revokeOpenInvitations(trx, userId);
    await repo.insertInvitation(trx, userId, hashToken(token), new Date(Date.now() + settings.ttlHours * 3600_000));
  });
  const link = `${settings.publicApiUrl}/jwt/register?token=${encodeURIComponent(token)}`;
  const norwegian = user.language === "nb";
  await settings.mailer.send({
    to: user.email,
    subject: norwegian ? "Du er invitert til Workspace" : "You are invited to Workspace",
    text: norwegian
      ? `Hei ${user.first_name},\n\nDu er invitert til Workspace. Velg passord her (lenken virker i ${settings.ttlHours} timer):\n${link}\n\nDeretter logger du inn på ${settings.appUrl}\n`
      : `Hi ${user.first_name},\n\nYou are invited to Workspace. Choose your password here (the link works for ${settings.ttlHours} hours):\n${link}\n\nThen sign in at ${settings.appUrl}\n`,
  });
  // Without a mail transport the message only lands in the local outbox; the link in the log is then the quickest
  // way to it. With one, the link (a credential) goes to the invitee alone.
  if (!settings.mailer.delivers) settings.log(link, user.email);
  return token;
}

/**
 * Invites a user by mail. An address that is active already answers "User already exists"; one that is invited and
 * has not answered yet is invited again, with the details given now (the earlier link stops working).
 */
export async function createEmployee(
  db: Kysely<Database>,
  actor: Actor | null,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    mobile?: string;
    language?: "en" | "nb";
    roleUuid: string;
    companyAdmin: boolean;
    groupUuids?: string[];
  },
  settings: InvitationSettings,
): Promise<{ employee: Employee; created: boolean }> {
  const email = input.email.trim();
  let created = false;
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const existing = await repo.findUserForLogin(trx, email);
      if (existing?.status === "active") throw userExists();
      if (existing?.status === "deactivated") throw iamError(409, "EmployeeUserDeactivatedException");
      const { role, groupIds } = await checkRoleAndGroups(trx, input.roleUuid, input.groupUuids ?? []);
      const adminRole = await adminRoleId(trx);
      if (actor) requireAdministration(actor, adminRole, null, role.id);
      const values = {
        first_name: input.firstName,
        last_name: input.lastName,
        language: input.language ?? null,
        role_id: role.id,
        company_admin: input.companyAdmin || role.id === adminRole,
      };
      if (existing) {
        const before = await repo.userSnapshot(trx, existing.id);
        await repo.updateUser(trx, existing.id, { ...values, mobile: input.mobile || null });
        await repo.setGroupsOfUser(trx, existing.id, groupIds);
        await repo.auditUser(
          trx,
          actor?.id ?? null,
          existing.id,
          before ?? null,
          (await repo.userSnapshot(trx, existing.id))!,
        );
        return existing.id;
      }
      const { id } = await repo.insertUser(trx, {
        ...values,
        email,
        mobile: input.mobile || null,
        status: "invited",
      });
      await repo.setGroupsOfUser(trx, id, groupIds);
      await repo.auditUser(trx, actor?.id ?? null, id, null, (await repo.userSnapshot(trx, id))!);
      created = true;
      return id;
    });
  } catch (error) {
    // The same address invited twice at once: the index lets one through.
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
  await sendInvitation(db, id, settings);
  return { employee: await getEmployee(db, actor, id), created };
}

export async function resendInvitation(db: Kysely<Database>, id: string, settings: InvitationSettings) {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  if (user.status === "deactivated") throw iamError(409, "EmployeeUserDeactivatedException");
  if (user.status !== "invited") throw userExists();
  await sendInvitation(db, id, settings);
}

/** Accepts an invitation: sets the password and activates the user, once. */
export async function register(
  db: Kysely<Database>,
  token: string,
  password: string,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<void> {
  const invalidInvitation = () =>
    new DomainError(400, "InvalidInvitationException", apiErrorCodes.InvalidInvitationException);
  const tokenHash = hashToken(token);
  // The strength check and the hash each cost tens of milliseconds of CPU: spend them only on a live invitation.
  const invitation = await repo.findUsableInvitation(db, tokenHash);
  if (!invitation) throw invalidInvitation();
  const invitee = await repo.findUserById(db, invitation.user_id);
  const problem = await checkPasswordPolicy(
    password,
    invitee ? [invitee.email, invitee.first_name, invitee.last_name] : [],
  );
  if (problem) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "password", defaultMessage: problem, objectName: "register" },
    ]);
  }
  const passwordHash = await hash(password);
  await db.transaction().execute(async (trx) => {
    // Locks the row and checks again, so only one of two concurrent uses of the link gets through.
    const invitation = await repo.findUsableInvitation(trx, tokenHash);
    if (!invitation) throw invalidInvitation();
    await repo.markInvitationUsed(trx, invitation.id);
    const before = await repo.userSnapshot(trx, invitation.user_id);
    await repo.activateUser(trx, invitation.user_id, passwordHash);
    const after = await repo.userSnapshot(trx, invitation.user_id);
    if (after) await repo.auditUser(trx, invitation.user_id, invitation.user_id, before ?? null, after);
  });
}
