import { HStack, Input, Stack } from "@chakra-ui/react";
import { Form } from "react-router";
import { useTranslation } from "../utils/translation.tsx";
import { ChoiceList } from "./choice-list.tsx";
import { SubmitButton } from "./form-field.tsx";
import { SearchSelect } from "./search-select.tsx";

/**
 * The search of a panel that picks one record, without JavaScript: a GET form that reloads the panel (`panel`) with the
 * matches of `q`. It stands apart from the panel's own form, as forms cannot nest.
 */
export function PlainSearchForm({
  action,
  panel,
  label,
  q,
  searched,
  hidden = {},
}: {
  action: string;
  panel: string;
  /** More of the page's state the search keeps (which relationship the panel links through). */
  hidden?: Record<string, string>;
  label: string;
  q: string;
  /** Matches are shown: the search box need not take the focus. */
  searched: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={action}>
      <input type="hidden" name="panel" value={panel} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <HStack w="full" align="end">
        <Stack gap="1.5" flex="1">
          <label htmlFor={`${panel}-search`}>{label}</label>
          <Input id={`${panel}-search`} name="q" defaultValue={q} autoFocus={!searched} />
        </Stack>
        <SubmitButton variant="outline" colorPalette="gray">
          {t("common.search")}
        </SubmitButton>
      </HStack>
    </Form>
  );
}

/**
 * The picked record's field in the panel's form: a search dropdown with JavaScript, the plain search's matches as
 * radio buttons without.
 */
export function SearchPick({
  hydrated,
  name,
  source,
  label,
  inputId,
  describedBy,
  matches,
  debounceMs,
}: {
  hydrated: boolean;
  name: string;
  /** The resource route that searches (see SearchSelect). */
  source: string;
  label: string;
  inputId?: string;
  describedBy?: string;
  /** The plain search's matches; null before a search. */
  matches: { value: string; label: string }[] | null;
  /** How long typing pauses before the dropdown searches (SearchSelect's default when left out). */
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  if (hydrated) {
    return (
      <SearchSelect
        name={name}
        source={source}
        label={label}
        inputId={inputId}
        describedBy={describedBy}
        debounceMs={debounceMs}
      />
    );
  }
  return matches && <ChoiceList name={name} label={t("common.choose")} options={matches} describedBy={describedBy} />;
}
