import { Box, Input, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/button.tsx";
import { HStack, Stack } from "../../components/layout.tsx";
import { useTranslation } from "../../utils/translation.tsx";

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 1000;

interface Option {
  uuid: string;
  name: string;
}

/**
 * Pick one record by typing: under 3 characters clears the list, from 3 a search runs after
 * 1 s idle; Enter or leaving the field picks the highlighted match, which locks the field
 * until cleared. The choice travels in a hidden input named `name`.
 */
export function SearchDropdown({
  name,
  table,
  label,
  initial,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: {
  name: string;
  table: string;
  label: string;
  initial?: Option;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ results: Option[] }>();
  const [text, setText] = useState(initial?.name ?? "");
  const [chosen, setChosen] = useState<Option | undefined>(initial);
  const [highlighted, setHighlighted] = useState(0);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const results = open && text.trim().length >= SEARCH_MIN_LENGTH ? (fetcher.data?.results ?? []) : [];

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    setText(value);
    setHighlighted(0);
    clearTimeout(timer.current);
    if (value.trim().length < SEARCH_MIN_LENGTH) {
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = setTimeout(() => {
      fetcher.load(`/resources/record-search?table=${table}&q=${encodeURIComponent(value.trim())}`);
    }, debounceMs);
  };

  const pick = (option: Option | undefined) => {
    if (!option) return;
    setChosen(option);
    setText(option.name);
    setOpen(false);
  };

  if (chosen) {
    return (
      <HStack>
        <input type="hidden" name={name} value={chosen.uuid} />
        <Input value={chosen.name} readOnly aria-label={label} data-testid="dropdown-locked" />
        <Button
          variant="outline"
          onClick={() => {
            setChosen(undefined);
            setText("");
          }}
        >
          {t("links.clear")}
        </Button>
      </HStack>
    );
  }

  const loading = fetcher.state !== "idle";
  return (
    <Box position="relative">
      <Input
        value={text}
        aria-label={label}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
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
          {!loading && fetcher.data && results.length === 0 && (
            <Text px="3" py="2" color="fg.muted">
              {t("links.noResults")}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
