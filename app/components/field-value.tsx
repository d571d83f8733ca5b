import { IconButton, Link } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import type { FieldDefinition } from "../../server/contract/fields.ts";
import { useTranslation } from "../utils/translation.tsx";
import { CheckIcon, CopyIcon } from "./icons.tsx";
import { type ValueSettings, valueHref, valueText } from "./value-text.ts";

export type { ValueSettings };
export { valueText };

/**
 * A field's value on a record page, with a copy button (spec §2); an email address, a phone number or a website is a
 * link. An empty value shows a dash.
 */
export function FieldValue({
  field,
  value,
  settings,
  copy = true,
}: {
  field: FieldDefinition;
  value: unknown;
  settings: ValueSettings;
  copy?: boolean;
}) {
  const text = valueText(field, value, settings);
  const href = valueHref(field, value);
  let shown: ReactNode = text || "—";
  if (href) {
    shown = (
      <Link
        href={href}
        colorPalette="teal"
        color="colorPalette.fg"
        {...(field.type === "Url" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {text}
      </Link>
    );
  }
  return (
    <>
      <span style={{ whiteSpace: "pre-line", wordBreak: "break-word" }} data-testid="value">
        {shown}
      </span>
      {copy && text && <CopyButton value={text} />}
    </>
  );
}

const REVERT_MS = 1000;

/** Copies a value; its label says "Copied" for a second, then reverts (spec §9). Needs JavaScript, so it waits for it. */
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
  if (!hydrated) return null;
  const label = copied ? t("common.copied") : t("common.copy");
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
