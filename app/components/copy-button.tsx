import { Button, IconButton } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useHydrated } from "../utils/hydrated.ts";
import { useTranslation } from "../utils/translation.tsx";
import { CheckIcon, CopyIcon } from "./icons.tsx";

const REVERT_MS = 1000;

/** Copies `value` to the clipboard on `copy()`; `copied` holds for a second after (spec §9). */
function useCopy(value: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), REVERT_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return { copied, copy: () => navigator.clipboard?.writeText(value).then(() => setCopied(true)) };
}

/**
 * A small copy icon beside a value (a record's field); it says "Copied" for a second. Copying needs JavaScript, so
 * it appears with it.
 */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(value);
  if (!hydrated) return null;
  const label = copied ? t("common.copied") : t("common.copy");
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} title={label} onClick={copy}>
      {copied ? <CheckIcon /> : <CopyIcon />}
    </IconButton>
  );
}

/**
 * A copy button named for what it copies ("Copy link"), for a page with several; it says "Copied" for a second. It
 * appears with JavaScript; without, the text is selected from its read-only box.
 */
export function CopyTextButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(value);
  if (!hydrated) return null;
  return (
    <Button size="sm" variant="outline" data-testid={testId} onClick={copy}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      {copied ? t("common.copied") : label}
    </Button>
  );
}
