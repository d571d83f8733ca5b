import type { Kysely, Transaction } from "kysely";
import type { WorkItemDefaults } from "../contract/work-items.ts";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "./metadata.repository.ts";

/** One change of one record, inside the change's transaction: a hook's writes commit or roll back with it. */
export interface RecordEvent {
  trx: Transaction<Database>;
  entity: EntityMetadata;
  id: string;
  /** The record's name (its name fields), as histories show it. */
  name: string;
  actorId: string;
  /** The record's values before the change (update, delete) and after it (create, update). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type Hook = (event: RecordEvent) => Promise<void>;

/**
 * What a domain adds to the generic record path for the entities it has special rules for. The record engine knows
 * no domain: domains register their hooks when the app is built, so the imports run one way (domains → records).
 */
export interface RecordHooks {
  /** Which entities the hooks are for; every entity when left out. */
  appliesTo?: (entity: Pick<EntityMetadata, "schemaKey" | "tableKey">) => boolean;
  afterCreate?: Hook;
  /** Runs before the row changes (`after` holds the values to write); throwing refuses the change. */
  beforeUpdate?: Hook;
  afterUpdate?: Hook;
  /** Runs before the row goes; throwing stops the delete, and the transaction rolls back. */
  beforeDelete?: Hook;
  afterDelete?: Hook;
  /** Who new records go to when their creator leaves the assignee or the group out (forms' and imports' defaults). */
  assignmentDefaults?: (db: Kysely<Database>, entity: EntityMetadata) => Promise<WorkItemDefaults>;
}

export type RecordStage = "afterCreate" | "beforeUpdate" | "afterUpdate" | "beforeDelete" | "afterDelete";

const registered = new Map<string, RecordHooks>();

/**
 * Registers a domain's hooks under its name; hooks run in the order their names were first registered. Registering a
 * name again replaces its hooks in place, so building the app twice in one process (tests) runs them once.
 */
export function registerRecordHooks(name: string, hooks: RecordHooks): void {
  registered.set(name, hooks);
}

/** Takes a domain's hooks away again (tests that register hooks of their own). */
export function unregisterRecordHooks(name: string): void {
  registered.delete(name);
}

function hooksFor(entity: Pick<EntityMetadata, "schemaKey" | "tableKey">): RecordHooks[] {
  return [...registered.values()].filter((hooks) => !hooks.appliesTo || hooks.appliesTo(entity));
}

/** Runs the stage's hooks of the event's entity one after another; the first that throws stops the rest. */
export async function runRecordHooks(stage: RecordStage, event: RecordEvent): Promise<void> {
  for (const hooks of hooksFor(event.entity)) await hooks[stage]?.(event);
}

const noAssignment: WorkItemDefaults = { assignedUserId: null, groupId: null };

/** The assignee and group new records of the entity go to: the first hook's that gives them, else none. */
export async function assignmentDefaultsOf(db: Kysely<Database>, entity: EntityMetadata): Promise<WorkItemDefaults> {
  const hooks = hooksFor(entity).find((candidate) => candidate.assignmentDefaults);
  return hooks?.assignmentDefaults ? hooks.assignmentDefaults(db, entity) : noAssignment;
}
