import { z } from "zod";
import { customFieldInputSchema, normalisedKeySchema, normaliseKey } from "./custom-fields.ts";
import { messages } from "./messages.ts";
import { entityHeadingShape, requiredNameSchema } from "./names.ts";

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

/** An entity's names and icon: what creating sets and renaming changes. */
export const entityNamesSchema = z.object({
  labelEn: requiredNameSchema,
  labelNb: requiredNameSchema,
  pluralEn: requiredNameSchema,
  pluralNb: requiredNameSchema,
  icon: z.enum(entityIcons, { error: messages.notAnOption }).default("box"),
});
export type EntityNames = z.infer<typeof entityNamesSchema>;

/** A new custom entity: its key (its table's name), names and icon, and its first fields (at least one). */
export const customEntityInputSchema = entityNamesSchema.extend({
  key: z.string().transform(normaliseKey).pipe(normalisedKeySchema),
  fields: z.array(customFieldInputSchema).max(50).default([]),
});
export type CustomEntityInput = z.infer<typeof customEntityInputSchema>;

export const customEntitySchema = z.object({
  key: z.string(),
  ...entityHeadingShape,
  icon: z.string(),
  /** The permission resource that roles grant on its records. */
  resource: z.string(),
  customFields: z.number().int(),
  records: z.number().int(),
});
export type CustomEntity = z.infer<typeof customEntitySchema>;
