import i18next from "i18next";
import { pageTextsEnglish, pageTextsNorwegian } from "./auth/page-texts.ts";
import type { FieldError } from "./contract/errors.ts";
import { messageCatalogueEnglish } from "./contract/message-catalogue.ts";
import { readMessageCode } from "./contract/message-code.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./contract/profile-texts.ts";

export type ServerLanguage = "en" | "nb";

/**
 * The API's texts: one i18next instance, the same library and catalogue format as the web app's. English holds every
 * message code (the API answers in English); Norwegian holds what the API itself shows people in their language (its
 * sign-in and invitation pages, the headings of the files it writes), and falls back to English.
 */
const texts = i18next.createInstance();
void texts.init({
  lng: "en",
  fallbackLng: "en",
  supportedLngs: ["en", "nb"],
  resources: {
    en: {
      translation: {
        ...messageCatalogueEnglish,
        pages: pageTextsEnglish,
        files: { errors: "errors", importTemplate: "import template" },
      },
    },
    nb: {
      translation: {
        validation: { required: "Påkrevd" },
        profile: {
          messages: {
            tooShort: `Minst ${PASSWORD_MIN_LENGTH} tegn`,
            tooLong: `Høyst ${PASSWORD_MAX_LENGTH} tegn`,
            tooGuessable: "Dette passordet er for vanlig eller lett å gjette",
          },
        },
        apiErrors: { InvalidInvitationException: "Denne invitasjonslenken er ugyldig eller utløpt." },
        bulk: { messages: { errorColumn: "Feil" } },
        pages: pageTextsNorwegian,
        files: { errors: "feil", importTemplate: "importmal" },
      },
    },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** A text of the API's own (its pages, its files' headings) in a language. */
export function serverText(language: ServerLanguage, key: string, values?: Record<string, string | number>): string {
  return texts.t(key, { ...values, lng: language });
}

/** A message (a code, or a plain text shown as it is) in a language. */
export function messageText(language: ServerLanguage, message: string): string {
  const code = readMessageCode(message);
  return code && texts.exists(code.key) ? texts.t(code.key, { ...code.values, lng: language }) : message;
}

export interface DescribedMessage {
  /** The English text, as the API answers it. */
  text: string;
  /** The message's key and values, when it has a code in the catalogue. */
  code?: string;
  params?: Record<string, string>;
}

/**
 * A message as the API answers it: a code of the catalogue gives its English text, its key and values; any other
 * text (a library's own message) is answered as it is, without a code.
 */
export function describeMessage(message: string): DescribedMessage {
  const code = readMessageCode(message);
  if (!code || !texts.exists(code.key)) return { text: message };
  return {
    text: texts.t(code.key, { ...code.values, lng: "en" }),
    code: code.key,
    ...(code.values ? { params: code.values } : {}),
  };
}

/** A field error as the API answers it: its message's English text, with the code and values when it has them. */
export function describeFieldError(error: FieldError): FieldError {
  const described = describeMessage(error.defaultMessage);
  return {
    field: error.field,
    defaultMessage: described.text,
    objectName: error.objectName,
    ...(described.code ? { code: described.code } : {}),
    ...(described.params ? { params: described.params } : {}),
  };
}
