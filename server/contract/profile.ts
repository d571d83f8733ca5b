import { z } from "zod";
import { messages } from "./messages.ts";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_KB,
  passwordMessages,
  profileImageTypes,
  profileTexts,
} from "./profile-texts.ts";

export { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_KB, profileImageTypes, profileTexts };

/**
 * A mobile number as people write it: digits with spaces, dashes, dots or brackets between them, an optional leading
 * +, and from 5 to 20 digits in all.
 */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(text) || !/^\+?[(]?[0-9]/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 20;
}

/** `PUT /api/me/profile`: the signed-in user's names and mobile (empty: none). */
export const profileInputSchema = z.object({
  firstName: z.string({ error: messages.required }).trim().min(1, messages.required).max(255, messages.max255),
  lastName: z.string({ error: messages.required }).trim().min(1, messages.required).max(255, messages.max255),
  mobile: z
    .string()
    .trim()
    .max(255, messages.max255)
    .refine((text) => text === "" || isPhoneNumber(text), profileTexts.invalidMobile)
    .nullish()
    .transform((text) => text || null),
});
export type ProfileInput = z.output<typeof profileInputSchema>;

/** `GET /api/me/profile`: the signed-in user as their profile pages show them. */
export const profileSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  role: z.object({ uuid: z.string(), name: z.string() }),
  companyAdmin: z.boolean(),
  groups: z.array(z.object({ uuid: z.string(), name: z.string() })),
  /**
   * Every entity's resource (built-in and custom) with its names, so that the page listing the user's permissions
   * names each entity in the user's language rather than by its key.
   */
  entities: z.array(z.object({ resource: z.string(), labelEn: z.string(), labelNb: z.string() })),
  /** The profile image; `version` changes with it, so a page may keep the image as long as it names this. */
  image: z.object({ version: z.string(), mime: z.enum(profileImageTypes), size: z.number().int() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const newPassword = z
  .string({ error: messages.required })
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);

/**
 * `PUT /api/me/password`: the current password and the new one. The new one's lengths are checked here; whether it
 * is too easy to guess needs large dictionaries, and only the server checks it (server/auth/password-policy.ts).
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: messages.required }).min(1, messages.required).max(1000),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the API's fields and the new password typed again. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ repeatPassword: z.string({ error: messages.required }).min(1, messages.required).max(1000) })
  .refine((form) => form.newPassword === form.repeatPassword, {
    message: profileTexts.passwordsDiffer,
    path: ["repeatPassword"],
  });
