import { useEffect, useState } from "react";
import { IconButton } from "../../components/button.tsx";
import { CheckIcon, CopyIcon } from "../../components/icons.tsx";
import { useTranslation } from "../../utils/translation.tsx";

const REVERT_MS = 1000;

/** Copies a value; its label says "Copied" for a second, then reverts. Needs JS, so it is hidden without. */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), REVERT_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated || !value) return null;
  const label = copied ? t("records.copied") : t("records.copy");
  return (
    <IconButton
      size="2xs"
      variant="ghost"
      aria-label={label}
      title={label}
      onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true))}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </IconButton>
  );
}
