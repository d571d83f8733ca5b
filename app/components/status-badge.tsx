import type { ReactNode } from "react";

const badgeClasses = { gray: "ws-badge-gray", teal: "ws-badge-teal", red: "ws-badge-red" } as const;

/**
 * A record's status (or any short state) as a badge. Lists show one per row, so it is a plain element with a class
 * from the stylesheet, as Chakra's Badge would render it.
 */
export function StatusBadge({
  children,
  palette = "gray",
  testId,
}: {
  children: ReactNode;
  palette?: "gray" | "teal" | "red";
  testId?: string;
}) {
  return (
    <span className={`chakra-badge ${badgeClasses[palette]}`} data-testid={testId}>
      {children}
    </span>
  );
}
