/**
 * The web forms' staff screens (/forms and below): a part of its own, which only those routes load in the browser
 * (app/utils/text-parts.ts). The public form page's few texts stay in the core (`forms.public`).
 */
const webFormsEn = {
  webForms: {
    title: "Forms",
    // The list of forms (/forms).
    list: {
      title: "Forms",
    },
    // One form's overview (/forms/{id}/view).
    view: {
      title: "Form",
    },
    // The builder (/forms/create, /forms/{id}/edit).
    builder: {
      createTitle: "New form",
    },
    // The submissions (/forms/{id}/submissions).
    submissions: {
      title: "Submissions",
      pageTitle: "Submissions: {{form}}",
      submitted: "Submitted",
      answers: "Answers",
      state: "State",
      states: { pending: "Pending", merged: "Merged", dismissed: "Dismissed" },
      view: "View",
      viewSubmission: "View the submission of {{date}}",
      empty: "No submissions yet",
      emptyText: "Answers to this form are listed here as they arrive.",
      noMatches: "No submissions match the search",
      export: "Export",
      exportTitle: "Export the submissions",
      exportHint: "One column per question, with when each was submitted and its merge state.",
      // One submission (/forms/{id}/submissions/{submissionId}).
      submissionTitle: "Submission of {{date}}",
      question: "Question",
      answer: "Answer",
      merge: {
        title: "Merge into contacts and companies",
        nothing: "No question of this form goes to a contact or a company: there is nothing to merge.",
        entities: { contact: "Contact", company: "Company" },
        matched: "Matches the existing record {{name}}.",
        noMatch: "No existing record matches.",
        action: "What to do",
        actions: { create: "Create new", update: "Update existing", skip: "Skip" },
        field: "Field",
        submittedValue: "Submitted",
        existingValue: "Existing",
        take: "Take the submitted value",
        fills: "Filled in: the record has no value",
        same: "Same value",
        mergeButton: "Merge",
        dismissButton: "Dismiss",
        mergedToast: "The submission was merged",
        dismissedToast: "The submission was dismissed",
        mergedBy: "Merged by {{name}} on {{date}}",
        dismissedNote: "This submission was dismissed. It can still be merged.",
        openContact: "Open the contact",
        openCompany: "Open the company",
      },
    },
  },
};

export type WebFormsTexts = typeof webFormsEn;
export default webFormsEn;
