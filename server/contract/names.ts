import { z } from "zod";
import { messages } from "./messages.ts";

/** A name or label an administrator writes (an entity's, a status's, a group's): required, at most 255 characters. */
export const requiredNameSchema = z.string().trim().min(1, messages.required).max(255, messages.max255);

/** An entity's names in both languages, one and many, as answers show them. */
export const entityNamesShape = {
  labelEn: z.string(),
  labelNb: z.string(),
  pluralEn: z.string(),
  pluralNb: z.string(),
};
export type EntityNames = z.infer<z.ZodObject<typeof entityNamesShape>>;

/** An entity as lists of entities show it: the schema and table that name it, then its names. */
export const entityHeadingShape = {
  schemaKey: z.string(),
  tableKey: z.string(),
  ...entityNamesShape,
};
export type EntityHeading = z.infer<z.ZodObject<typeof entityHeadingShape>>;
