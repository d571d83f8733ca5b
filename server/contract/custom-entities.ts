import { z } from "zod";
import { customFieldInputSchema, fieldRuleTexts, KEY_MAX, normaliseKey } from "./custom-fields.ts";
import { maxLengthMessage, messages } from "./messages.ts";

/** The schema every custom entity's table lives in (spec §3). */
export const CUSTOM_SCHEMA = "custom_schema";

/** The icons a custom entity may show in the menu, by name. */
export const entityIcons = [
  "box",
  "briefcase",
  "calendar",
  "folder",
  "globe",
  "star",
  "tag",
  "truck",
  "building",
  "users",
  "note",
  "document",
  "inbox",
  "checklist",
] as const;
export type EntityIcon = (typeof entityIcons)[number];

/** The spec's texts (§8) for refusals of custom entity changes. */
export const entityTexts = {
  nameTaken: "apiErrors.EntityAlreadyExistingException",
  noFields: "apiErrors.NoColumnsRemainingException",
  hasData: "apiErrors.ColumnHasValueException",
} as const;

const label = z.string().trim().min(1, messages.required).max(255, messages.max255);

/** An entity's names and icon: what creating sets and renaming changes. */
export const entityNamesSchema = z.object({
  labelEn: label,
  labelNb: label,
  pluralEn: label,
  pluralNb: label,
  icon: z.enum(entityIcons, { error: messages.notAnOption }).default("box"),
});
export type EntityNames = z.infer<typeof entityNamesSchema>;

/** A new custom entity: its key (its table's name), names and icon, and its first fields (at least one). */
export const customEntityInputSchema = entityNamesSchema.extend({
  key: z
    .string()
    .transform(normaliseKey)
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .max(KEY_MAX, maxLengthMessage(KEY_MAX))
        .regex(/^([a-z][a-z0-9_]*)?$/, fieldRuleTexts.key),
    ),
  fields: z.array(customFieldInputSchema).max(50).default([]),
});
export type CustomEntityInput = z.infer<typeof customEntityInputSchema>;

export const customEntitySchema = z.object({
  key: z.string(),
  schemaKey: z.string(),
  tableKey: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  pluralEn: z.string(),
  pluralNb: z.string(),
  icon: z.string(),
  /** The permission resource that roles grant on its records. */
  resource: z.string(),
  customFields: z.number().int(),
  records: z.number().int(),
});
export type CustomEntity = z.infer<typeof customEntitySchema>;
