import type { Translations } from "./en.ts";

const nb: Translations = {
  app: {
    name: "Workspace",
    tagline: "Forretningsarbeidsflate for bedriftens ansatte",
    loading: "Laster...",
    skipToContent: "Hopp til innholdet",
  },
  nav: {
    label: "Hovedmeny",
    home: "Hjem",
  },
  preferences: {
    skin: "Utseende",
    switchToLight: "Bytt til lyst utseende",
    switchToDark: "Bytt til mørkt utseende",
    menuLayout: "Menyoppsett",
    switchToHorizontal: "Bruk vannrett meny",
    switchToVertical: "Bruk loddrett meny",
    language: "Språk",
    english: "English",
    norwegian: "Norsk",
  },
  auth: {
    signInTitle: "Logg inn i Workspace",
    signIn: "Logg inn",
    signOut: "Logg ut",
    signedInAs: "Innlogget som {{name}}",
    sessionExpired: "Økten din er avsluttet. Logg inn på nytt.",
    signInFailed: "Innloggingen ble ikke fullført. Prøv igjen.",
  },
  home: {
    title: "Velkommen til Workspace",
    greeting: "Velkommen, {{name}}",
    today: "I dag er det {{date}}.",
    apiDocs: "Dokumentasjon for leverandør-API",
  },
  errors: {
    notFoundTitle: "Fant ikke siden",
    notFoundText: "Siden du leter etter finnes ikke eller er flyttet.",
    backHome: "Tilbake til start",
    oops: "Oi! Noe gikk galt hos oss. Vi retter det så snart som mulig.",
    forbidden: "Oi! Du har ikke tilgang til denne siden.",
    status: "Feil {{status}}",
  },
};

export default nb;
