import { Button } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "../../components/icons.tsx";
import { useHydrated } from "../../utils/hydrated.ts";
import { useTranslation } from "../../utils/translation.tsx";

const REVERT_MS = 1000;

/**
 * Copies a text to the clipboard, named for what it copies ("Copy link"); it says "Copied" for a second (spec §9).
 * It needs JavaScript, so it appears with it; without, the text is selected from its read-only box.
 */
export function CopyTextButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), REVERT_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      data-testid={testId}
      onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true))}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {copied ? t("common.copied") : label}
    </Button>
  );
}
