import { Box, Button } from "@chakra-ui/react";
import type { MouseEventHandler } from "react";

/**
 * A switch that is its form's submit button: it posts `name=value` (what it turns the setting into) to `form`, so it
 * works without JavaScript, and reads as a switch, on or off, to assistive technology (role "switch").
 */
export function SwitchButton({
  checked,
  label,
  stateText,
  form,
  name,
  value,
  disabled,
  reason,
  id,
  onClick,
}: {
  checked: boolean;
  /** What the switch sets, for those who cannot see the column it is in ("Required: Email"). */
  label: string;
  /** The state in words beside the switch ("Yes"). */
  stateText: string;
  form: string;
  name: string;
  value: string;
  disabled?: boolean;
  /** Why it cannot be switched, when disabled. */
  reason?: string;
  id?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
}) {
  return (
    <Button
      type="submit"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={disabled ? reason : undefined}
      id={id}
      form={form}
      name={name}
      value={value}
      disabled={disabled}
      onClick={onClick}
      variant="ghost"
      size="xs"
      gap="2"
      px="1"
    >
      <Box
        as="span"
        aria-hidden
        display="inline-flex"
        alignItems="center"
        w="7"
        h="4"
        p="0.5"
        rounded="full"
        bg={checked ? "teal.solid" : "bg.emphasized"}
        justifyContent={checked ? "flex-end" : "flex-start"}
        transition="background 0.15s"
      >
        <Box as="span" w="3" h="3" rounded="full" bg="white" boxShadow="xs" />
      </Box>
      <Box as="span" aria-hidden minW="6" textAlign="start">
        {stateText}
      </Box>
    </Button>
  );
}
