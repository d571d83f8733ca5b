import type { Kysely } from "kysely";
import { accountLockedFor, recordLoginAttempt } from "../auth/login-attempts.repository.ts";
import { checkPasswordPolicy } from "../auth/password-policy.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { type Actor, can } from "../auth/permissions.ts";
import { revokeOtherSignIns } from "../auth/sign-ins.repository.ts";
import {
  type ChangePasswordInput,
  PROFILE_IMAGE_MAX_BYTES,
  type Profile,
  type ProfileInput,
  profileImageTypes,
  profileTexts,
} from "../contract/profile.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { checkImageType } from "../files/file-types.ts";
import type { ReceivedUpload, UploadReader } from "../files/uploads.ts";
import { DomainError } from "../http/errors.ts";
import { entityResources } from "../roles/roles.repository.ts";
import * as repo from "./users.repository.ts";
import { userContact } from "./users.service.ts";

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", notFoundTexts.user);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", [
    { field, defaultMessage: message, objectName: "profile" },
  ]);
}

/** The signed-in user's own profile: every call here acts on the actor alone, never on an id from the request. */
export async function profile(db: Kysely<Database>, actor: Actor): Promise<Profile> {
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw notFound();
  const [groups, image, entities] = await Promise.all([
    repo.groupsOfUser(db, actor.id),
    repo.findProfileImage(db, actor.id),
    entityResources(db),
  ]);
  return {
    ...userContact(user),
    role: { uuid: user.role_id, name: user.role_name },
    companyAdmin: user.company_admin,
    groups: groups.map((group) => ({ uuid: group.id, name: group.name })),
    entities: entities.map((entity) => ({
      resource: entity.resource,
      labelEn: entity.plural_en,
      labelNb: entity.plural_nb,
    })),
    image:
      image?.image_key && image.image_mime
        ? {
            version: image.image_key.slice(0, 16),
            mime: image.image_mime as (typeof profileImageTypes)[number],
            size: image.image_size ?? 0,
          }
        : null,
  };
}

export async function saveProfile(db: Kysely<Database>, actor: Actor, input: ProfileInput): Promise<Profile> {
  await repo.updateProfile(db, actor.id, {
    first_name: input.firstName,
    last_name: input.lastName,
    mobile: input.mobile,
  });
  return profile(db, actor);
}

/**
 * Stores an uploaded profile image, streamed and checked by its content (PNG, JPEG or WebP, at most 800 kB), in place
 * of the one before (whose file the storage's sweep removes later, unless someone else's image is the same bytes).
 */
export async function uploadProfileImage(db: Kysely<Database>, actor: Actor, read: UploadReader): Promise<Profile> {
  let upload: ReceivedUpload;
  try {
    upload = await read(PROFILE_IMAGE_MAX_BYTES, (filePath) =>
      checkImageType(filePath, profileImageTypes, profileTexts.imageType),
    );
  } catch (error) {
    if (error instanceof DomainError && error.status === 413) {
      throw new DomainError(413, "MaxUploadSizeExceededException", profileTexts.imageTooLarge, [
        { field: "file", defaultMessage: profileTexts.imageTooLarge, objectName: "profileImage" },
      ]);
    }
    if (error instanceof DomainError && error.status === 415) {
      throw new DomainError(415, "HttpMediaTypeNotSupportedException", profileTexts.imageType, [
        { field: "file", defaultMessage: profileTexts.imageType, objectName: "profileImage" },
      ]);
    }
    throw error;
  }
  await repo.setProfileImage(db, actor.id, { key: upload.key, mime: upload.mime, size: upload.size });
  return profile(db, actor);
}

export async function removeProfileImage(db: Kysely<Database>, actor: Actor): Promise<void> {
  await repo.setProfileImage(db, actor.id, null);
}

/**
 * A user's profile image: one's own, or anyone's for those who may read the users. Another user's image is not found
 * to anyone else, as the user is.
 */
export async function profileImageFile(db: Kysely<Database>, actor: Actor, userId: string) {
  if (userId !== actor.id && !can(actor, "Read", "Users")) throw notFound();
  const image = await repo.findProfileImage(db, userId);
  if (!image?.image_key || !image.image_mime) {
    throw new DomainError(404, "NotFoundException", "The user has no profile image");
  }
  return { key: image.image_key, mime: image.image_mime, size: image.image_size ?? 0 };
}

/**
 * Changes the signed-in user's password: the current one must be given and right, the new one passes the same policy
 * as an invitation's. Wrong current passwords count as failed sign-ins of the account, and lock it as those do. On
 * success every other sign-in of the user ends; the one that asked (its grant) goes on.
 */
export async function changePassword(
  db: Kysely<Database>,
  actor: Actor,
  grantId: string | undefined,
  input: ChangePasswordInput,
  ip: string,
): Promise<void> {
  const user = await repo.findUserById(db, actor.id);
  const storedHash = await repo.findPasswordHash(db, actor.id);
  if (!user || !storedHash) throw notFound();
  if (await accountLockedFor(db, user.email, ip)) {
    throw new DomainError(429, "TooManyRequestsException", profileTexts.tooManyAttempts);
  }
  if (!(await verifyPassword(input.currentPassword, storedHash))) {
    await recordLoginAttempt(db, user.email, ip, false);
    throw invalid("currentPassword", profileTexts.wrongPassword);
  }
  if (input.newPassword === input.currentPassword) throw invalid("newPassword", profileTexts.samePassword);
  const problem = await checkPasswordPolicy(input.newPassword, [user.email, user.first_name, user.last_name]);
  if (problem) throw invalid("newPassword", problem);
  await repo.setPasswordHash(db, actor.id, await hashPassword(input.newPassword));
  // A token without a grant (none is issued so) keeps no sign-in.
  await revokeOtherSignIns(db, actor.id, grantId ?? "");
}
