import { z } from "zod";
import type { ListParams } from "./records.service.ts";

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

const FILTER_PREFIX = "filter.";

export type ListFilterParams = Pick<ListParams, "sort" | "q" | "statusId" | "filters" | "openOnly" | "overdueOn">;

/** The list's search, filters and sort from a parsed query; `filter.{key}` parameters become the filters. */
export function listFiltersOf(query: {
  sort?: string;
  q?: string;
  statusId?: string;
  open?: "true" | "false";
  overdue?: string;
  [name: string]: unknown;
}): ListFilterParams {
  const filters = Object.fromEntries(
    Object.entries(query)
      .filter(([name, value]) => name.startsWith(FILTER_PREFIX) && typeof value === "string")
      .map(([name, value]) => [name.slice(FILTER_PREFIX.length), value as string]),
  );
  return {
    sort: query.sort,
    q: query.q,
    statusId: query.statusId,
    filters,
    openOnly: query.open === "true",
    overdueOn: query.overdue === "true" ? new Date().toISOString().slice(0, 10) : query.overdue,
  };
}
