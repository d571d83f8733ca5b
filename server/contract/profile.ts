import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from "./identity.ts";
import { messages } from "./messages.ts";

/** The specification's limit for a profile image (spec §5, §9: 800 kB). */
export const PROFILE_IMAGE_MAX_KB = 800;
export const PROFILE_IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_KB * 1024;

/** The image types a profile image may be, by content. SVG is not one: it may carry script. */
export const profileImageTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/** The product's own texts for the profile's rules; the web app shows them in the page's language. */
export const profileTexts = {
  imageType: "The profile image must be a PNG, JPEG or WebP image",
  imageTooLarge: `The profile image must not exceed ${PROFILE_IMAGE_MAX_KB} kB`,
  invalidMobile: "Must be a phone number",
  wrongPassword: "The current password is not correct",
  samePassword: "The new password must differ from the current one",
  passwordsDiffer: "The passwords do not match",
  tooManyAttempts: "Too many wrong passwords. Try again later.",
} as const;

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
