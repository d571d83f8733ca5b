import type { WebFormsTexts } from "./web-forms.en.ts";

/** The web forms' staff screens in Norwegian (see ./web-forms.en.ts). */
const webFormsNb: WebFormsTexts = {
  webForms: {
    title: "Skjemaer",
    list: {
      title: "Skjemaer",
    },
    view: {
      title: "Skjema",
    },
    builder: {
      createTitle: "Nytt skjema",
    },
    submissions: {
      title: "Svar",
    },
  },
};

export default webFormsNb;
