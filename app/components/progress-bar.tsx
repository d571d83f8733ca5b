import { HStack, Progress } from "@chakra-ui/react";

/**
 * How far a long task has come (an import, an export), drawn by the server, so it shows without JavaScript and a
 * reload brings it up to date.
 */
export function ProgressBar({ value, max = 100, label }: { value: number; max?: number; label: string }) {
  return (
    <Progress.Root value={value} max={max} colorPalette="teal" size="sm">
      <HStack gap="3">
        <Progress.Label>{label}</Progress.Label>
        <Progress.Track flex="1">
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText />
      </HStack>
    </Progress.Root>
  );
}
