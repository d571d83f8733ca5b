import { withQuery } from "../bulk-data/urls.ts";

/** Submissions per page of a form's list. */
export const SUBMISSIONS_PAGE_SIZE = 25;

/** A form's submissions (`/forms/{id}/submissions`), searched and paged; defaults left out. */
export function submissionsUrl(
  formId: string,
  state: { q?: string; page?: number; goto?: string; panel?: string } = {},
): string {
  return withQuery(`/forms/${formId}/submissions`, {
    q: state.q,
    page: state.page && state.page > 1 ? state.page : undefined,
    goto: state.goto,
    panel: state.panel,
  });
}

/** One submission with its merge review. */
export function submissionUrl(formId: string, submissionId: string): string {
  return `/forms/${formId}/submissions/${submissionId}`;
}
