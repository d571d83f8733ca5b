import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useTranslation } from "../utils/translation.tsx";

/** A search needs this many characters (spec §5). */
const SEARCH_MIN = 3;

/**
 * A list's search and filters: a plain GET form, so filtering works without JavaScript. Values that the form does not
 * show but the list keeps (its sort) travel in `keep`. The bar is on every list page, so its parts are plain elements
 * with classes from the stylesheet, as Chakra's Field, Input and NativeSelect render them. With `searchDelayMs`, and
 * JavaScript, the list also follows its search box as the user types: the search is sent once typing has paused that
 * long, when the box is empty or holds enough characters.
 */
export function FilterBar({
  action,
  keep = {},
  searchDelayMs,
  children,
}: {
  action: string;
  keep?: Record<string, string>;
  searchDelayMs?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchAsTyped = (event: FormEvent<HTMLFormElement>) => {
    const box = event.target;
    if (searchDelayMs === undefined || !(box instanceof HTMLInputElement) || box.type !== "search") return;
    const form = event.currentTarget;
    const length = box.value.trim().length;
    clearTimeout(timer.current);
    if (length > 0 && length < SEARCH_MIN) return;
    // Each pause replaces the last one's entry in the history, so Back leaves the list rather than each search.
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), searchDelayMs);
  };
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("list.filters")}
      onInput={searchAsTyped}
      onSubmit={() => clearTimeout(timer.current)}
    >
      <div className="ws-filters">
        {children}
        {Object.entries(keep)
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <button type="submit" className="chakra-button ws-button-outline">
          {t("list.search")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The list's search box. A search needs 3 characters (spec §5): shorter text is not sent as a search, and the bar
 * says so, on the page the server sends and while typing.
 */
export function SearchInput({
  name,
  defaultValue,
  minLength = SEARCH_MIN,
}: {
  name: string;
  defaultValue: string;
  minLength?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(defaultValue);
  const length = text.trim().length;
  const tooShort = length > 0 && length < minLength;
  const id = `filter-${name}`;
  return (
    <>
      <div data-scope="field" data-part="root" className="chakra-field__root ws-field-wide">
        <label data-scope="field" data-part="label" htmlFor={id} className="chakra-field__label ws-field-label-hidden">
          {t("list.search")}
        </label>
        <input
          id={id}
          data-scope="field"
          data-part="input"
          name={name}
          type="search"
          defaultValue={defaultValue}
          placeholder={t("list.searchPlaceholder")}
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          onInput={(event) => setText(event.currentTarget.value)}
          className="chakra-input ws-input"
        />
      </div>
      {tooShort && (
        <p id={`${id}-hint`} className="ws-search-hint" role="status" data-testid="search-hint">
          {t("list.searchTooShort")}
        </p>
      )}
    </>
  );
}

/** A labelled select of a list's filters; the label is for screen readers, the first option says what it filters. */
export function FilterSelect({
  name,
  label,
  defaultValue,
  options,
}: {
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string }[];
}) {
  const id = `filter-${name}`;
  return (
    <div data-scope="field" data-part="root" className="chakra-field__root ws-field">
      <label data-scope="field" data-part="label" htmlFor={id} className="chakra-field__label ws-field-label-hidden">
        {label}
      </label>
      <div className="chakra-native-select__root ws-select">
        <select
          id={id}
          data-scope="field"
          data-part="select"
          name={name}
          defaultValue={defaultValue}
          className="chakra-native-select__field ws-select-field"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div className="chakra-native-select__indicator ws-select-indicator">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="ws-select-chevron">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
    </div>
  );
}

/** A from or to date of a list's range filter, with its label shown: a date input has no room for a placeholder. */
export function FilterDate({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  const id = `filter-${name}`;
  return (
    <div data-scope="field" data-part="root" className="chakra-field__root ws-field">
      <label data-scope="field" data-part="label" htmlFor={id} className="chakra-field__label ws-field-label">
        {label}
      </label>
      <input
        id={id}
        data-scope="field"
        data-part="input"
        name={name}
        type="date"
        defaultValue={defaultValue}
        className="chakra-input ws-input"
      />
    </div>
  );
}

/** Why the filters were not applied as given (a range that ends before it starts). */
export function FilterError({ children }: { children: ReactNode }) {
  return (
    <p className="ws-filter-error" role="alert" data-testid="filter-error">
      {children}
    </p>
  );
}

/**
 * One-click filters ("Assigned to me", "Overdue"): links that switch a filter on or off, so they work without
 * JavaScript; one that is on says so to assistive technology too.
 */
export function QuickFilters({ label, items }: { label: string; items: { label: string; to: string; on: boolean }[] }) {
  return (
    <nav aria-label={label} className="chakra-stack ws-quick-filters">
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          aria-current={item.on ? "true" : undefined}
          className={`chakra-button ${item.on ? "ws-toggle-on" : "ws-toggle"}`}
        >
          {item.on ? `✓ ${item.label}` : item.label}
        </Link>
      ))}
    </nav>
  );
}
