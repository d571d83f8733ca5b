import { messageCodes } from "./message-code.ts";

/**
 * The profile's and the password policy's limits and texts, apart from any schema, so that the web app can show them
 * in the page's language without loading Zod.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** The server's password policy's texts in English, by their keys (`profile.messages.<name>`). */
export const passwordEnglish = {
  tooShort: `At least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `At most ${PASSWORD_MAX_LENGTH} characters`,
  tooGuessable: "This password is too common or easy to guess",
} as const;

/** The specification's limit for a profile image (spec §5, §9: 800 kB). */
export const PROFILE_IMAGE_MAX_KB = 800;
export const PROFILE_IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_KB * 1024;

/** The image types a profile image may be, by content. SVG is not one: it may carry script. */
export const profileImageTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/** The product's own texts for the profile's rules in English, by their keys (`profile.messages.<name>`). */
export const profileEnglish = {
  imageType: "The profile image must be a PNG, JPEG or WebP image",
  imageTooLarge: `The profile image must not exceed ${PROFILE_IMAGE_MAX_KB} kB`,
  invalidMobile: "Must be a phone number",
  wrongPassword: "The current password is not correct",
  samePassword: "The new password must differ from the current one",
  passwordsDiffer: "The passwords do not match",
  tooManyAttempts: "Too many wrong passwords. Try again later.",
} as const;

/** The codes of the password policy's and the profile's messages. */
export const passwordMessages = messageCodes("profile.messages", passwordEnglish);
export const profileTexts = messageCodes("profile.messages", profileEnglish);
