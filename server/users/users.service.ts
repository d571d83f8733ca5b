import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { checkPasswordPolicy } from "../auth/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Employee, MeInfo, Permission } from "../contract/identity.ts";
import { DEFAULT_TIME_ZONE } from "../contract/time-zones.ts";
import { listCustomEntities } from "../custom-entities/custom-entities.repository.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { getSetting } from "../settings/settings.repository.ts";
import * as repo from "./users.repository.ts";

export interface Actor {
  id: string;
  companyAdmin: boolean;
  permissions: Permission[];
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The company's time zone, in `core.setting`; users without one of their own see times in it. */
export const COMPANY_TIME_ZONE = "time_zone";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", "User not found");
}

export async function loadActor(
  db: Kysely<Database>,
  userId: string,
): Promise<(Actor & { status: string }) | undefined> {
  const user = await repo.findActor(db, userId);
  if (!user) return undefined;
  return {
    id: user.id,
    status: user.status,
    companyAdmin: user.company_admin,
    permissions: user.permissions.map((row) => ({ name: row.resource, operation: row.operation })),
  };
}

export function can(actor: Actor, operation: string, resource: string): boolean {
  return actor.companyAdmin || actor.permissions.some((p) => p.name === resource && p.operation === operation);
}

export function requirePermission(actor: Actor, operation: string, resource: string): void {
  if (!can(actor, operation, resource)) {
    throw new DomainError(403, "AccessDeniedException", "Operation not permitted");
  }
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
        labelEn: entity.label_en,
        labelNb: entity.label_nb,
        pluralEn: entity.plural_en,
        pluralNb: entity.plural_nb,
        icon: entity.icon ?? "box",
      })),
  };
}

export async function getEmployee(db: Kysely<Database>, id: string): Promise<Employee> {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  const groups = await repo.groupsOfUser(db, id);
  return {
    uuid: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    mobile: user.mobile,
    language: chosenLanguage(user.language),
    status: user.status,
    role: { uuid: user.role_id, name: user.role_name },
    companyAdmin: user.company_admin,
    groups: groups.map((group) => ({ uuid: group.id, groupUuid: group.id, name: group.name })),
  };
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

export async function createEmployee(
  db: Kysely<Database>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    mobile?: string;
    language?: "en" | "nb";
    roleUuid: string;
    companyAdmin: boolean;
  },
  settings: InvitationSettings,
): Promise<Employee> {
  if (await repo.emailExists(db, input.email)) {
    throw new DomainError(409, "EmployeeUserAlreadyActiveException", "User already exists");
  }
  const role = await repo.findRoleById(db, input.roleUuid);
  if (!role) {
    throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
      { field: "roleUuid", defaultMessage: "Required", objectName: "employee" },
    ]);
  }
  const { id } = await repo.insertUser(db, {
    email: input.email.trim(),
    first_name: input.firstName,
    last_name: input.lastName,
    mobile: input.mobile || null,
    language: input.language ?? null,
    role_id: role.id,
    company_admin: input.companyAdmin,
    status: "invited",
  });
  await sendInvitation(db, id, settings);
  return getEmployee(db, id);
}

export async function resendInvitation(db: Kysely<Database>, id: string, settings: InvitationSettings) {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound();
  if (user.status !== "invited") {
    throw new DomainError(409, "EmployeeUserAlreadyActiveException", "User already exists");
  }
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
    new DomainError(400, "InvalidInvitationException", "This invitation link is invalid or has expired.");
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
    await repo.activateUser(trx, invitation.user_id, passwordHash);
  });
}
