import { z } from "zod";
import { fieldDefinitionSchema } from "./fields.ts";
import { entityHeadingShape } from "./names.ts";

export const connectionSchema = z.object({
  schemaKey: z.string(),
  tableKey: z.string(),
  rowName: z.string(),
  uuidKey: z.string(),
});

/** One record of any entity, as the generic resource service returns it. */
export const recordSchema = z.object({
  uuid: z.string(),
  statusId: z.string().nullable(),
  rowName: z.string(),
  values: z.record(z.string(), z.unknown()),
  connections: z.array(connectionSchema),
  favoriteConnections: z.array(connectionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecordDto = z.infer<typeof recordSchema>;

export const recordPageSchema = z.object({
  content: z.array(recordSchema),
  totalElements: z.number().int(),
  /** False when a search or filter has more matches than it counted (totalElements). */
  totalExact: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/**
 * What narrows and orders a list, as a query string carries it: the list itself (GET /api/{schema}/{entity}) and an
 * export of "what the list shows" (PUT …/initiate_export) read it alike, so both accept and refuse the same values.
 */
export const listFilterQuery = {
  sort: z.string().max(100).optional(),
  q: z.string().max(255).optional(),
  statusId: z.string().max(64).optional(),
  open: z.enum(["true", "false"]).optional(),
  /** Overdue on the given date (the user's today), or on today's date in UTC for "true". */
  overdue: z.string().max(20).optional(),
};

/** The fields a list shows, or an export holds: keys, comma-separated. */
export const fieldKeysQuery = z
  .string()
  .max(2000)
  .transform((text) =>
    text
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean),
  )
  .optional();

export const recordInputSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  statusId: z.string().max(64).nullish(),
});

export const metaStatusSchema = z.object({
  metaStatusId: z.string(),
  metaStatusName: z.string(),
  key: z.string(),
  nameEn: z.string(),
  nameNb: z.string(),
  isDefault: z.boolean(),
  /** status, priority, category or source. */
  kind: z.string(),
  /** Its place in the order; a priority's rank (0 first). */
  rank: z.number().int(),
  /** A status that ends the work: its items are no longer open. */
  closed: z.boolean(),
  colour: z.string().nullable(),
});
export type MetaStatus = z.infer<typeof metaStatusSchema>;

export const entityInfoSchema = z.object({
  ...entityHeadingShape,
  resource: z.string(),
  fields: z.array(fieldDefinitionSchema),
});
export type EntityInfo = z.infer<typeof entityInfoSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  action: z.enum(["create", "update", "delete", "link", "unlink"]),
  at: z.string(),
  actor: z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  changes: z.array(z.object({ key: z.string(), before: z.unknown(), after: z.unknown() })),
  /** Where the change came from when not from a record screen: a web form's submission merged into the record. */
  source: z
    .object({ type: z.literal("form"), uuid: z.string(), name: z.string() })
    .nullable()
    .optional(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z.object({
  content: z.array(transactionSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** A record of any entity, as calls that reach across entities name one (assignments, note attachments). */
export const entityRefSchema = z.object({
  schemaKey: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
  tableKey: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
  uuidKey: z.string().max(64),
});
export type EntityRef = z.infer<typeof entityRefSchema>;

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;
export const HISTORY_SIZE_DEFAULT = 25;
export const SEARCH_MIN_LENGTH = 3;
