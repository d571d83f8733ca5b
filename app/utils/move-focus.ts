import { type RefObject, useLayoutEffect, useRef } from "react";

export type Direction = "up" | "down";

/** The row last moved with JavaScript, and by which of its buttons. */
export interface MovedRow {
  id: string;
  direction: Direction;
}

/**
 * After a move with JavaScript, the focus stays on the moved row's button (or its other one, once the row has reached
 * the end): the row's element moves, which takes the focus away from it. The list sets the ref's row when one of its
 * move buttons is pressed; `buttonId` names a row's button by the row's id and direction.
 */
export function useMoveFocus(buttonId: (id: string, direction: Direction) => string): RefObject<MovedRow | null> {
  const target = useRef<MovedRow | null>(null);
  useLayoutEffect(() => {
    const moved = target.current;
    if (!moved) return;
    const other: Direction = moved.direction === "up" ? "down" : "up";
    const buttons = [moved.direction, other].map(
      (direction) => document.getElementById(buttonId(moved.id, direction)) as HTMLButtonElement | null,
    );
    const active = document.activeElement as HTMLButtonElement | null;
    const lost = !active || active === document.body || (buttons.includes(active) && active.disabled);
    if (lost) buttons.find((button) => button && !button.disabled)?.focus();
    // The user has gone on elsewhere: leave the focus there from now on.
    else if (!buttons.includes(active)) target.current = null;
  });
  return target;
}
