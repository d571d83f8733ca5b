import type { MetaStatus, RecordDto } from "../../../server/contract/records.ts";

/** Past its due date and not in a closed status (the user's today, "YYYY-MM-DD"). */
export function isOverdue(item: Pick<RecordDto, "values" | "statusId">, statuses: MetaStatus[], today: string) {
  const due = item.values.due_date;
  const closed = statuses.some((status) => status.metaStatusId === item.statusId && status.closed);
  return typeof due === "string" && due < today && !closed;
}
