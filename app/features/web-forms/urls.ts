/** The web forms' screens (spec §2). */
export const FORMS_PATH = "/forms";
export const CREATE_FORM_PATH = "/forms/create";

/** A form's screen: its overview, its builder or its submissions. */
export function formUrl(id: string, page: "view" | "edit" | "submissions"): string {
  return `${FORMS_PATH}/${encodeURIComponent(id)}/${page}`;
}
