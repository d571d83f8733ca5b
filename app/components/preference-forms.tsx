import type { ReactNode } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import type { Language } from "../utils/i18n.ts";
import type { MenuLayout, Skin } from "../utils/preferences.ts";
import { useTranslation } from "../utils/translation.tsx";
import { ColumnsIcon, MoonIcon, RowsIcon, SunIcon } from "./icons.tsx";

const PREFERENCES_ACTION = "/resources/preferences";

function useReturnTo() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * A button that switches one preference to its other value. A plain form: it works before (and without) JavaScript;
 * with it the preference switches in place. The shell shows these on every page, so they are plain elements with
 * classes from the stylesheet (app/styles/static-classes/static-classes.tsx).
 */
function PreferenceToggle({
  intent,
  value,
  label,
  icon,
  testId,
}: {
  intent: "skin" | "menuLayout";
  /** The value it switches to. */
  value: string;
  label: string;
  icon: ReactNode;
  testId?: string;
}) {
  const fetcher = useFetcher();
  const returnTo = useReturnTo();
  return (
    <fetcher.Form method="post" action={PREFERENCES_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="value" value={value} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        data-testid={testId}
        className="chakra-button ws-icon-button"
      >
        {icon}
      </button>
    </fetcher.Form>
  );
}

export function SkinSwitch({ skin }: { skin: Skin }) {
  const { t } = useTranslation();
  const next: Skin = skin === "dark" ? "light" : "dark";
  return (
    <PreferenceToggle
      intent="skin"
      value={next}
      label={next === "light" ? t("preferences.switchToLight") : t("preferences.switchToDark")}
      icon={next === "light" ? <SunIcon /> : <MoonIcon />}
      testId="skin-switch"
    />
  );
}

export function MenuLayoutSwitch({ menuLayout }: { menuLayout: MenuLayout }) {
  const { t } = useTranslation();
  const next: MenuLayout = menuLayout === "vertical" ? "horizontal" : "vertical";
  return (
    <PreferenceToggle
      intent="menuLayout"
      value={next}
      label={next === "horizontal" ? t("preferences.switchToHorizontal") : t("preferences.switchToVertical")}
      icon={next === "horizontal" ? <RowsIcon /> : <ColumnsIcon />}
    />
  );
}

const languageChoices: { value: Language; label: string }[] = [
  { value: "en", label: "EN" },
  { value: "nb", label: "NB" },
];

/** A full reload on purpose: every text on the page changes language at once. */
export function LanguageSwitch({ locale }: { locale: Language }) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  return (
    <Form method="post" action={PREFERENCES_ACTION} reloadDocument aria-label={t("preferences.language")}>
      <input type="hidden" name="intent" value="language" />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {/* biome-ignore lint/a11y/useSemanticElements: Chakra's HStack, as a group; its styles are for a div, not a fieldset. */}
      <div className="chakra-stack ws-language-group" role="group" aria-label={t("preferences.language")}>
        {languageChoices.map((choice) => (
          <button
            key={choice.value}
            type="submit"
            name="value"
            value={choice.value}
            aria-pressed={choice.value === locale}
            title={choice.value === "en" ? t("preferences.english") : t("preferences.norwegian")}
            className={`chakra-button ${choice.value === locale ? "ws-button-xs-solid" : "ws-button-xs-ghost"}`}
          >
            <span lang={choice.value}>{choice.label}</span>
          </button>
        ))}
      </div>
    </Form>
  );
}
