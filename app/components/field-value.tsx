import { Link } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldDefinition } from "../../server/contract/fields.ts";
import { CopyButton } from "./copy-button.tsx";
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
