import type { EntityRef } from "../contract/records.ts";

/** The record a route's path names (`…/:schema/:table/:id`), as the services take one. */
export function recordOfPath({ schema, table, id }: { schema: string; table: string; id: string }): EntityRef {
  return { schemaKey: schema, tableKey: table, uuidKey: id };
}
