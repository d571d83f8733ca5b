import { Button } from "@chakra-ui/react";
import { Form } from "react-router";
import { useTranslation } from "../utils/translation.tsx";

/**
 * A row's Remove that takes effect at once (a link, an attached item): a plain form posting its `intent` with the row's
 * hidden fields, so it works without JavaScript, and one small button named for the row (`label`).
 */
export function RemoveRowButton({
  action,
  intent,
  hidden,
  label,
}: {
  action: string;
  intent: string;
  hidden: Record<string, string>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} size="xs" variant="outline" aria-label={label}>
        {t("common.remove")}
      </Button>
    </Form>
  );
}
