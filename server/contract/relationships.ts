import { z } from "zod";
import { messages } from "./messages.ts";
import { entityHeadingShape, requiredNameSchema } from "./names.ts";

/** Spec §3: one-to-one, one-to-many, many-to-one, many-to-many. */
export const relationshipTypes = ["1to1", "1toN", "Nto1", "NtoM"] as const;
export type RelationshipType = (typeof relationshipTypes)[number];

/** The codes of the spec's texts (§8). */
export const relationshipTexts = {
  inUse: "apiErrors.CrmRelationshipIsCurrentlyUsingException",
  repeated: "apiErrors.DataAlreadyConnectedException",
  otherPartner: "apiErrors.AnotherConnectionAlreadyExistingException",
} as const;

const label = requiredNameSchema;
const optionalName = z.string().trim().max(255, messages.max255).default("");
const entityKey = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, messages.notAnOption);

/** What an administrator may change on a relationship: its words, who sees it, whether it is a favorite. */
export const relationshipChangeSchema = z.object({
  label1En: label,
  label1Nb: label,
  label2En: label,
  label2Nb: label,
  name1En: optionalName,
  name1Nb: optionalName,
  name2En: optionalName,
  name2Nb: optionalName,
  visible1: z.boolean().default(true),
  visible2: z.boolean().default(true),
  visibleGroups1: z.array(z.uuid()).max(100).default([]),
  visibleGroups2: z.array(z.uuid()).max(100).default([]),
  favorite: z.boolean().default(false),
});
export type RelationshipChange = z.infer<typeof relationshipChangeSchema>;

/** A new relationship: its two entities (side 1 and side 2) and its type, then what may change later. */
export const relationshipInputSchema = relationshipChangeSchema.extend({
  schema1: entityKey,
  key1: entityKey,
  schema2: entityKey,
  key2: entityKey,
  type: z.enum(relationshipTypes, { error: messages.notAnOption }),
});
export type RelationshipInput = z.infer<typeof relationshipInputSchema>;

export const relationshipSchema = z.object({
  id: z.string(),
  linkSchema: z.string(),
  linkTable: z.string(),
  schema1: z.string(),
  key1: z.string(),
  schema2: z.string(),
  key2: z.string(),
  label1En: z.string(),
  label1Nb: z.string(),
  label2En: z.string(),
  label2Nb: z.string(),
  name1En: z.string(),
  name1Nb: z.string(),
  name2En: z.string(),
  name2Nb: z.string(),
  visible1: z.boolean(),
  visible2: z.boolean(),
  visibleGroups1: z.array(z.string()),
  visibleGroups2: z.array(z.string()),
  type: z.enum(relationshipTypes),
  builtIn: z.boolean(),
  favorite: z.boolean(),
  /** Whether a link names a role (the company–contact link's, always required). */
  hasRole: z.boolean(),
  links: z.number().int(),
});
export type RelationshipDto = z.infer<typeof relationshipSchema>;

/** A record's links through one relationship, seen from the record's side (`GET /api/data/connections/…`). */
export const recordConnectionSchema = z.object({
  relationshipId: z.string(),
  linkSchema: z.string(),
  linkTable: z.string(),
  side: z.union([z.literal(1), z.literal(2)]),
  labelEn: z.string(),
  labelNb: z.string(),
  nameEn: z.string(),
  nameNb: z.string(),
  type: z.string(),
  favorite: z.boolean(),
  roleOptions: z.array(z.object({ value: z.string(), labelEn: z.string(), labelNb: z.string() })).nullable(),
  single: z.boolean(),
  canLink: z.boolean(),
  other: z.object(entityHeadingShape),
  totalElements: z.number().int(),
  content: z.array(
    z.object({ linkId: z.string(), role: z.string().nullable(), uuid: z.string(), rowName: z.string() }),
  ),
});

export const recordConnectionsSchema = z.array(recordConnectionSchema);
export type RecordConnection = z.infer<typeof recordConnectionSchema>;
