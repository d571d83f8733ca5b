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
 * Plain forms: they work before (and without) JavaScript; with it the skin switches in place. The shell shows them on
 * every page, so they are plain elements with classes from the stylesheet (app/styles/static-classes.tsx).
 */
export function SkinSwitch({ skin }: { skin: Skin }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const returnTo = useReturnTo();
  const next: Skin = skin === "dark" ? "light" : "dark";
  const label = next === "light" ? t("preferences.switchToLight") : t("preferences.switchToDark");
  return (
    <fetcher.Form method="post" action={PREFERENCES_ACTION}>
      <input type="hidden" name="intent" value="skin" />
      <input type="hidden" name="value" value={next} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        data-testid="skin-switch"
        className="chakra-button ws-icon-button"
      >
        {next === "light" ? <SunIcon /> : <MoonIcon />}
      </button>
    </fetcher.Form>
  );
}

export function MenuLayoutSwitch({ menuLayout }: { menuLayout: MenuLayout }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const returnTo = useReturnTo();
  const next: MenuLayout = menuLayout === "vertical" ? "horizontal" : "vertical";
  const label = next === "horizontal" ? t("preferences.switchToHorizontal") : t("preferences.switchToVertical");
  return (
    <fetcher.Form method="post" action={PREFERENCES_ACTION}>
      <input type="hidden" name="intent" value="menuLayout" />
      <input type="hidden" name="value" value={next} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button type="submit" aria-label={label} title={label} className="chakra-button ws-icon-button">
        {next === "horizontal" ? <RowsIcon /> : <ColumnsIcon />}
      </button>
    </fetcher.Form>
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
