import { Button, type ButtonProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export interface ButtonLinkProps
  extends Pick<LinkProps, "to" | "reloadDocument" | "onClick" | "onPointerEnter" | "onFocus"> {
  /** "primary": the page's main action, solid teal; "secondary": outlined; "danger": outlined red. */
  variant?: "primary" | "secondary" | "danger";
  size?: ButtonProps["size"];
  "aria-label"?: string;
  children: ReactNode;
}

/**
 * A link that looks like a button: actions that open a panel or go somewhere, so they work without JavaScript. The
 * primary one at the default size is a plain link with a class from the stylesheet (a list page's header shows it on
 * every request); the others are Chakra's Button.
 */
export function ButtonLink({ variant = "secondary", size, children, ...link }: ButtonLinkProps) {
  if (variant === "primary" && !size) {
    return (
      <Link {...link} className="chakra-button ws-button-teal">
        {children}
      </Link>
    );
  }
  return (
    <Button
      asChild
      size={size}
      variant={variant === "primary" ? "solid" : "outline"}
      colorPalette={variant === "danger" ? "red" : variant === "primary" ? "teal" : undefined}
    >
      <Link {...link}>{children}</Link>
    </Button>
  );
}
