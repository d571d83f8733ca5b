import { z } from "zod";
import { messages, validationCodes } from "./messages.ts";
import { entityNamesShape } from "./names.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from "./profile-texts.ts";
import { isTimeZone } from "./time-zones.ts";
import { userStatuses } from "./user-statuses.ts";

export const languageSchema = z.enum(["en", "nb"]);

export const timeZoneSchema = z.string().max(64).refine(isTimeZone, validationCodes.timeZone);

export const operations = ["Create", "Read", "Update", "Delete"] as const;

/**
 * Resources that roles grant operations on (spec §6), besides each custom entity's key: the built-in entities', then
 * the product's features.
 */
export const resources = [
  "Company",
  "Contact",
  "Inquiry",
  "Todo",
  "Note",
  "Document",
  "CRM",
  "Entity_Assignment",
  "System_Settings",
  "Users",
  "Advanced_Search_Global",
  "Advanced_Search_Personal",
  "Import",
  "Export",
  "Document_Template",
  "Widget",
  "Datasource",
  "Form",
] as const;
export type Resource = (typeof resources)[number];
export type Operation = (typeof operations)[number];

export const permissionSchema = z.object({ name: z.string(), operation: z.string() });
export type Permission = z.infer<typeof permissionSchema>;

/** GET /api/me/info */
export const meInfoSchema = z.object({
  uuid: z.string(),
  userUuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The user's chosen language; null until they choose, and the browser's language is used. */
  language: languageSchema.nullable(),
  /** The zone times are shown in: the user's, else the company's. */
  timeZone: z.string(),
  companyAdmin: z.boolean(),
  permissions: z.array(permissionSchema),
  /** The custom entities whose records the user may read: the menu's entries. */
  customEntities: z.array(
    z.object({
      key: z.string(),
      ...entityNamesShape,
      icon: z.string(),
    }),
  ),
});
export type MeInfo = z.infer<typeof meInfoSchema>;

/** GET /api/me/fields: the signed-in user's own profile fields. */
export const meFieldsSchema = z.array(
  z.object({ key: z.string(), label: z.string(), type: z.string(), value: z.string().nullable() }),
);

/** GET /api/documents/signature/enable */
export const signatureEnabledSchema = z.object({ enabled: z.boolean() });

export const employeeSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  language: languageSchema.nullable(),
  status: z.enum(userStatuses),
  /**
   * Who holds which role is shown only to those who may read the settings (spec §6 "Who holds which role is not
   * shown"): to others a user comes without their role and administrator flag.
   */
  role: z.object({ uuid: z.string(), name: z.string() }).optional(),
  companyAdmin: z.boolean().optional(),
  groups: z.array(z.object({ uuid: z.string(), groupUuid: z.string(), name: z.string() })),
});
export type Employee = z.infer<typeof employeeSchema>;

export const createEmployeeSchema = z.object({
  email: z.email(messages.invalidEmail).max(255, messages.max255),
  firstName: z.string().trim().min(1, "Required").max(255, "Max 255 limit"),
  lastName: z.string().trim().min(1, "Required").max(255, "Max 255 limit"),
  mobile: z.string().trim().max(255, "Max 255 limit").optional(),
  /** The invitation mail's language, and the user's until they choose; none follows their browser. */
  language: languageSchema.optional(),
  roleUuid: z.uuid(),
  companyAdmin: z.boolean().default(false),
  groupUuids: z.array(z.uuid()).max(100).default([]),
});

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages };

/** Lengths only: the guessability check needs large dictionaries and runs on the server. */
export const registerSchema = z.object({
  token: z.string().min(1, "Required"),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
    .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
});

/** The web app's own OAuth client. */
export const WEB_CLIENT_ID = "workspace-web";
export const API_SCOPE = "api";
