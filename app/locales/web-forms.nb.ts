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
      pageTitle: "Svar: {{form}}",
      submitted: "Sendt",
      answers: "Svar",
      state: "Tilstand",
      states: { pending: "Venter", merged: "Slått sammen", dismissed: "Avvist" },
      view: "Vis",
      viewSubmission: "Vis svaret fra {{date}}",
      empty: "Ingen svar ennå",
      emptyText: "Svar på dette skjemaet vises her etter hvert som de kommer inn.",
      noMatches: "Ingen svar passer søket",
      export: "Eksporter",
      exportTitle: "Eksporter svarene",
      exportHint: "Én kolonne per spørsmål, med når hvert svar ble sendt og om det er slått sammen.",
      submissionTitle: "Svar fra {{date}}",
      question: "Spørsmål",
      answer: "Svar",
      merge: {
        title: "Slå sammen med kontakter og firmaer",
        nothing: "Ingen spørsmål i dette skjemaet går til en kontakt eller et firma: det er ingenting å slå sammen.",
        entities: { contact: "Kontakt", company: "Firma" },
        matched: "Passer med den eksisterende oppføringen {{name}}.",
        noMatch: "Ingen eksisterende oppføring passer.",
        action: "Hva som skal gjøres",
        actions: { create: "Opprett ny", update: "Oppdater eksisterende", skip: "Hopp over" },
        field: "Felt",
        submittedValue: "Sendt inn",
        existingValue: "Eksisterende",
        take: "Bruk verdien som ble sendt inn",
        fills: "Fylles ut: oppføringen har ingen verdi",
        same: "Samme verdi",
        mergeButton: "Slå sammen",
        dismissButton: "Avvis",
        mergedToast: "Svaret ble slått sammen",
        dismissedToast: "Svaret ble avvist",
        mergedBy: "Slått sammen av {{name}} {{date}}",
        dismissedNote: "Dette svaret er avvist. Det kan fortsatt slås sammen.",
        openContact: "Åpne kontakten",
        openCompany: "Åpne firmaet",
      },
    },
  },
};

export default webFormsNb;
