import { z } from "zod";
import { fieldTypes } from "./fields.ts";

export { everyFieldOnceMessage } from "./settings-texts.ts";

/** One field of an entity in its place (spec §7 entity order): what the field management screen shows of it. */
export const entityOrderFieldSchema = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.enum(fieldTypes),
  /** A standard field: the product's own, which cannot be edited or deactivated. */
  builtIn: z.boolean(),
  customField: z.boolean(),
  required: z.boolean(),
  unique: z.boolean(),
  hidden: z.boolean(),
  active: z.boolean(),
  /** A new record gets a value when none is given (a required field may be hidden only then). */
  hasDefault: z.boolean(),
  /** Its place among the entity's fields, from 0. */
  position: z.number().int(),
});
export type EntityOrderField = z.infer<typeof entityOrderFieldSchema>;

/** The entity's field keys in their new order: every field of the entity, each once. */
export const entityOrderInputSchema = z.object({
  keys: z.array(z.string().min(1).max(64)).min(1).max(2000),
});
export type EntityOrderInput = z.infer<typeof entityOrderInputSchema>;
