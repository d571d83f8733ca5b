import type { FormBlockInput, FormDto, FormUpdate } from "../../../server/contract/forms.ts";

/** What the overview's switches change of a form. */
export type FormSwitches = Partial<Pick<FormDto, "open" | "acceptingResponse">>;

/**
 * The whole form as `PUT /api/forms/{id}` takes it, from the form as the API gave it, with the switches changed and
 * the version the user saw: the update replaces every field, so nothing may be left out. A question keeps its id (its
 * answers stay its own); an unmapped one its own options, a mapped one none (they are its field's).
 */
export function formUpdate(form: FormDto, version: number, changes: FormSwitches = {}): FormUpdate {
  const blocks: FormBlockInput[] = form.blocks.map((block) =>
    block.type === "TITLE"
      ? { id: block.id, type: "TITLE", heading: block.heading, paragraph: block.paragraph }
      : {
          id: block.id,
          type: "QUESTION",
          label: block.label,
          helpText: block.helpText,
          required: block.required,
          mergeWith: block.mergeWith,
          fieldType: block.fieldType,
          options: block.mergeWith ? [] : block.options.map((option) => option.value),
        },
  );
  return {
    title: form.title,
    description: form.description,
    submitLabelText: form.submitLabelText,
    submitLabelColorCode: form.submitLabelColorCode,
    submitButtonColorCode: form.submitButtonColorCode,
    thankYouPageTitle: form.thankYouPageTitle,
    thankYouPageParagraph: form.thankYouPageParagraph,
    open: changes.open ?? form.open,
    acceptingResponse: changes.acceptingResponse ?? form.acceptingResponse,
    accessibility: form.accessibility,
    visibility: form.visibility,
    groupIds: form.groups.map((group) => group.uuid),
    allowedSites: form.allowedSites,
    autoMerge: form.autoMerge,
    blocks,
    version,
  };
}
