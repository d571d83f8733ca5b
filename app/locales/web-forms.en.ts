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
    },
  },
};

export type WebFormsTexts = typeof webFormsEn;
export default webFormsEn;
