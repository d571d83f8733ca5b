import { Button } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A row's action that takes effect at once (Remove, Detach): a plain form posting its `intent` with the row's hidden
 * fields, so it works without JavaScript, and one small button named for the row (`label`).
 */
export function RowPostButton({
  action,
  intent,
  hidden,
  label,
  children,
}: {
  action: string;
  intent: string;
  hidden: Record<string, string>;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} size="xs" variant="outline" aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
