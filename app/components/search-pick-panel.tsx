import { Box, Stack } from "@chakra-ui/react";
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useHydrated } from "../utils/hydrated.ts";
import { FormField } from "./form-field.tsx";
import { FormPanel } from "./form-panel.tsx";
import { PlainSearchForm, SearchPick } from "./search-picker.tsx";

interface SearchPickPanelProps {
  title: string;
  testId: string;
  /** The panel's Conform form (see FormPanel). */
  form: FormMetadata<any, string[]>;
  /** The Save button's intent, which the page's action tells its forms apart by. */
  intent: string;
  closeTo: string;
  action: string;
  /** The panel's name in the URL, and more of the URL's state the plain search keeps. */
  panel: string;
  panelState?: Record<string, string>;
  label: string;
  /** The picked record's field. */
  meta: FieldMetadata<string>;
  /** The resource route the search dropdown asks (see SearchSelect). */
  source: string;
  search: { q: string; matches: { value: string; label: string }[] | null };
  /** How long typing pauses before the dropdown searches (users and groups: 500 ms, spec §9). */
  debounceMs?: number;
  /** More fields of the form (a link's role), and hidden values it posts. */
  children?: ReactNode;
  hidden?: Record<string, string>;
}

/**
 * A side panel that picks a record to link: with JavaScript a search dropdown; without, a search button reloads the
 * panel with the matches as radio buttons. The footer saves the form.
 */
export function SearchPickPanel({
  title,
  testId,
  form,
  intent,
  closeTo,
  action,
  panel,
  panelState,
  label,
  meta,
  source,
  search,
  debounceMs,
  children,
  hidden = {},
}: SearchPickPanelProps) {
  const hydrated = useHydrated();
  return (
    <FormPanel
      title={title}
      closeTo={closeTo}
      testId={testId}
      form={form}
      action={action}
      intent={intent}
      before={
        !hydrated && (
          <Box mb="4">
            <PlainSearchForm
              action={closeTo}
              panel={panel}
              hidden={panelState}
              label={label}
              q={search.q}
              searched={search.matches !== null}
            />
          </Box>
        )
      }
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="4">
        <FormField meta={meta} label={label} hideLabel={!hydrated}>
          <SearchPick
            hydrated={hydrated}
            name={meta.name}
            source={source}
            label={label}
            inputId={meta.id}
            describedBy={meta.errors ? meta.errorId : undefined}
            matches={search.matches}
            debounceMs={debounceMs}
          />
        </FormField>
        {children}
      </Stack>
    </FormPanel>
  );
}
