import { ownValue } from "../contract/fields.ts";
import type { TransactionDto } from "../contract/records.ts";

/** A history entry as the calls give it: who, when, and each changed key's value before and after. */
export function toTransactionDto(row: {
  id: unknown;
  action: string;
  at: Date | string;
  before: unknown;
  after: unknown;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
}): TransactionDto {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return {
    id: String(row.id),
    action: row.action as TransactionDto["action"],
    at: new Date(row.at).toISOString(),
    actor: row.actor_id ? { uuid: row.actor_id, firstName: row.first_name ?? "", lastName: row.last_name ?? "" } : null,
    changes: keys.map((key) => ({ key, before: ownValue(before, key) ?? null, after: ownValue(after, key) ?? null })),
  };
}
