import { advancedSearchEnglish } from "./advanced-search-texts.ts";
import { bulkDataEnglish } from "./bulk-data-texts.ts";
import { dashboardEnglish } from "./dashboard-texts.ts";
import { apiErrorEnglish } from "./error-texts.ts";
import { formEnglish } from "./form-texts.ts";
import { validationEnglish } from "./messages.ts";
import { notificationEnglish } from "./notification-texts.ts";
import { passwordEnglish, profileEnglish } from "./profile-texts.ts";
import { entityOrderEnglish, notFoundEnglish, settingsMessagesEnglish } from "./settings-texts.ts";
import { shortcutEnglish } from "./shortcut-texts.ts";

/**
 * Every message code the API and the shared schemas may give, with its English text: the one English wording of
 * each, which the API answers and the web app's English locale shows. The web app's locales hold the same keys in
 * each language (app/locales/locales.test.ts checks them).
 */
export const messageCatalogueEnglish = {
  validation: validationEnglish,
  apiErrors: apiErrorEnglish,
  notFound: notFoundEnglish,
  bulk: { messages: bulkDataEnglish },
  searchMessages: advancedSearchEnglish,
  dashboardMessages: dashboardEnglish,
  profile: { messages: { ...profileEnglish, ...passwordEnglish } },
  shortcuts: { messages: shortcutEnglish },
  forms: { messages: formEnglish },
  notifications: { messages: notificationEnglish },
  settings: settingsMessagesEnglish,
  entityOrder: entityOrderEnglish,
} as const;
