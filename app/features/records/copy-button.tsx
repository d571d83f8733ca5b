import { useEffect, useState } from "react";
import { IconButton } from "../../components/button.tsx";
import { Icon, type IconProps } from "../../components/icons.tsx";
import { useTranslation } from "../../utils/translation.tsx";

const REVERT_MS = 1000;

// Only this button shows them, so they load with it rather than with every page.
function CopyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </Icon>
  );
}

function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  );
}

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
