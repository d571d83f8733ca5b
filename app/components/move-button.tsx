import { IconButton } from "@chakra-ui/react";
import type { MouseEvent } from "react";
import type { Direction } from "../utils/move-focus.ts";
import { ArrowDownIcon, ArrowUpIcon } from "./icons.tsx";

/**
 * A row's arrow button that moves it one place up or down: it submits the row's form (`form`, when the button stands
 * outside it) with `intent` as its value, so it works without JavaScript. `id` is the one `useMoveFocus` finds it by.
 */
export function MoveButton({
  direction,
  id,
  intent,
  label,
  form,
  disabled,
  onMove,
}: {
  direction: Direction;
  id: string;
  intent: string;
  label: string;
  form?: string;
  disabled: boolean;
  onMove: (event: MouseEvent<HTMLButtonElement>, direction: Direction) => void;
}) {
  return (
    <IconButton
      type="submit"
      form={form}
      name="intent"
      value={intent}
      id={id}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={(event) => onMove(event, direction)}
      size="xs"
      variant="outline"
    >
      {direction === "up" ? <ArrowUpIcon /> : <ArrowDownIcon />}
    </IconButton>
  );
}
