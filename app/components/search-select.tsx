import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../utils/translation.tsx";

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 1000;

export interface SearchOption {
  uuid: string;
  name: string;
}

/** What a search resource answers: the matches, and the text they match, so an answer to older text is never shown. */
export interface SearchAnswer {
  q: string;
  results: SearchOption[];
}

/**
 * Picks one item by typing (spec §2 search dropdown): under 3 characters clears the list, from 3 a search runs after
 * `debounceMs` idle; Enter or leaving the field picks the highlighted match, which locks the field until it is
 * cleared. Matches shown are always those of the text in the box: until the answer for it arrives, there are none to
 * pick. The choice travels in a hidden input named `name`. It needs JavaScript; pages offer a plain search form
 * without it.
 */
export function SearchSelect({
  name,
  source,
  label,
  inputId,
  describedBy,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: {
  name: string;
  /** The resource route that searches, given `q`: "/resources/record-search?table=contact". */
  source: string;
  label: string;
  inputId?: string;
  describedBy?: string;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SearchAnswer>();
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<SearchOption | undefined>();
  const [highlighted, setHighlighted] = useState(0);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const query = text.trim();
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const answer = fetcher.data?.q === query ? fetcher.data : undefined;
  const results = searching && answer ? answer.results : [];

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    setText(value);
    setHighlighted(0);
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed.length < SEARCH_MIN_LENGTH) return;
    timer.current = setTimeout(() => {
      const separator = source.includes("?") ? "&" : "?";
      fetcher.load(`${source}${separator}q=${encodeURIComponent(trimmed)}`);
    }, debounceMs);
  };

  const pick = (option: SearchOption | undefined) => {
    if (!option) return;
    setChosen(option);
    setText(option.name);
  };

  if (chosen) {
    return (
      <HStack w="full">
        <input type="hidden" name={name} value={chosen.uuid} />
        <Input id={inputId} value={chosen.name} readOnly aria-label={label} data-testid="dropdown-locked" />
        <Button
          variant="outline"
          onClick={() => {
            setChosen(undefined);
            setText("");
          }}
        >
          {t("common.clear")}
        </Button>
      </HStack>
    );
  }

  const open = searching && (answer !== undefined || fetcher.state !== "idle");
  return (
    <Box position="relative" w="full">
      <Input
        id={inputId}
        value={text}
        aria-label={label}
        aria-describedby={describedBy}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results[highlighted] ? `${listId}-${highlighted}` : undefined}
        autoComplete="off"
        onChange={(event) => search(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") setHighlighted((i) => Math.min(i + 1, results.length - 1));
          if (event.key === "ArrowUp") setHighlighted((i) => Math.max(i - 1, 0));
          if (event.key === "Enter") {
            event.preventDefault();
            pick(results[highlighted]);
          }
        }}
        onBlur={() => pick(results[highlighted])}
      />
      {open && (
        <Stack
          id={listId}
          role="listbox"
          aria-label={label}
          position="absolute"
          zIndex="dropdown"
          w="full"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          maxH="60"
          overflowY="auto"
          gap="0"
        >
          {results.map((option, index) => (
            <Box
              key={option.uuid}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              px="3"
              py="2"
              cursor="pointer"
              bg={index === highlighted ? "bg.muted" : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {option.name}
            </Box>
          ))}
          {answer && results.length === 0 && (
            <Text px="3" py="2" color="fg.muted">
              {t("common.noResults")}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
