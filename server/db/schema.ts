import type { Generated } from "kysely";

export interface WorkspaceTable {
  id: Generated<number>;
  name: string;
  demo: boolean;
  created_at: Generated<Date>;
}

/** Every table the provider API reads or writes, keyed as Kysely addresses them ("schema.table"). */
export interface Database {
  "core.workspace": WorkspaceTable;
}
