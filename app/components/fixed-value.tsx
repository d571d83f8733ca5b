import { Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A value an edit panel shows but does not let change (a key, an email): its label, the value, and why it stays.
 * `children` goes with it, such as a hidden input that posts it.
 */
export function FixedValue({
  label,
  value,
  testId,
  hint,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}
