import { z } from "zod";
import { messages } from "./messages.ts";
import { entityHeadingShape, requiredNameSchema } from "./names.ts";
import { metaStatusSchema } from "./records.ts";

export const metaStatusKindSchema = z.enum(["status", "priority", "category", "source"]);
export type MetaStatusKindOrStatus = z.infer<typeof metaStatusKindSchema>;

/**
 * The codes of the product's own texts (the specification has none) for a colour that is not `#` and six hex digits,
 * and for a default that is switched off: new records would get a status nobody may choose.
 */
export { DEFAULT_MUST_BE_ACTIVE, INVALID_COLOUR } from "./settings-texts.ts";

import { DEFAULT_MUST_BE_ACTIVE, INVALID_COLOUR } from "./settings-texts.ts";

/** What an administrator sets on a status, priority, category or source; the settings form uses the same schema. */
export const metaStatusInputSchema = z
  .object({
    nameEn: requiredNameSchema,
    nameNb: requiredNameSchema,
    colour: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, INVALID_COLOUR)
      .nullish()
      .or(z.literal("").transform(() => null)),
    /** Its place in the order (a priority's rank, 0 first); a new one goes last without it. */
    rank: z.number().int(messages.notANumber).min(0).max(9999).optional(),
    isDefault: z.boolean().default(false),
    active: z.boolean().default(true),
    /** A status that ends the work (its items are no longer open); statuses only. */
    closed: z.boolean().default(false),
  })
  .refine((input) => input.active || !input.isDefault, { path: ["active"], message: DEFAULT_MUST_BE_ACTIVE });
export type MetaStatusInput = z.infer<typeof metaStatusInputSchema>;

/** One entry of the settings list: inactive ones too, with the entity it belongs to. */
export const metaStatusSettingSchema = metaStatusSchema.extend({
  schemaKey: z.string(),
  tableKey: z.string(),
  active: z.boolean(),
});
export type MetaStatusSetting = z.infer<typeof metaStatusSettingSchema>;

/** An entity that has a kind: the settings offer its statuses (or priorities, categories, sources). */
export const metaStatusEntitySchema = z.object({
  ...entityHeadingShape,
  builtIn: z.boolean(),
});
export type MetaStatusEntity = z.infer<typeof metaStatusEntitySchema>;

export { CANNOT_DELETE_META_STATUS, VALUE_IN_USE } from "./meta-status-texts.ts";
