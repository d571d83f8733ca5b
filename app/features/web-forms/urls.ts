import { withQuery } from "../bulk-data/urls.ts";

/** The web forms' screens (spec §2). */
export const FORMS_PATH = "/forms";
export const CREATE_FORM_PATH = "/forms/create";

/** Rows per page of the list of forms. */
export const FORMS_PAGE_SIZE = 20;

export const formStatuses = ["open", "closed"] as const;
export type FormStatusFilter = (typeof formStatuses)[number];
export const acceptingFilters = ["true", "false"] as const;
export type AcceptingFilter = (typeof acceptingFilters)[number];

/** The list's URL state: its search, its two filters ("" for all) and its page from 1. */
export interface FormListParams {
  q: string;
  status: FormStatusFilter | "";
  accepting: AcceptingFilter | "";
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : "";

/** The list's state from its URL; anything else than the filters' values reads as "all". */
export function readFormListParams(url: URL): FormListParams {
  const page = Number(url.searchParams.get("page"));
  return {
    q: (url.searchParams.get("q") ?? "").trim(),
    status: oneOf(formStatuses, url.searchParams.get("status")),
    accepting: oneOf(acceptingFilters, url.searchParams.get("accepting")),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's URL with its state, without defaults; extra values (the "Go to" dialog's) after. */
export function formsUrl(state: Partial<FormListParams> & Record<string, string | number | undefined> = {}): string {
  const { q, status, accepting, page, ...rest } = state;
  return withQuery(FORMS_PATH, {
    q: q || undefined,
    status: status || undefined,
    accepting: accepting || undefined,
    page: page && page > 1 ? page : undefined,
    ...rest,
  });
}

/** A form's screen: its overview, its builder or its submissions, with the screen's URL state if any. */
export function formUrl(
  id: string,
  page: "view" | "edit" | "submissions",
  state: Record<string, string | undefined> = {},
): string {
  return withQuery(`${FORMS_PATH}/${encodeURIComponent(id)}/${page}`, state);
}

/** The form's public page, where visitors answer it (decision 047). */
export const publicFormPath = (publicId: string) => `/f/${encodeURIComponent(publicId)}`;
