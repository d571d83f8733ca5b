import { type ButtonProps, createRecipeContext } from "@chakra-ui/react";

const { withContext } = createRecipeContext({ key: "button" });

/**
 * Chakra's Button as it renders when it is not loading: the same element, classes and styles.
 * Chakra's own also brings its loading state (a loader and a spinner, about 1 KiB gzip of every
 * page's first load); a button that shows a spinner while busy uses Chakra's (record-panel.tsx).
 */
export const Button = withContext<HTMLButtonElement, Omit<ButtonProps, "loading" | "loadingText" | "spinner">>(
  "button",
  { defaultProps: { type: "button" } },
);

/** Chakra's IconButton, on the button above. */
export function IconButton(props: Omit<ButtonProps, "loading" | "loadingText" | "spinner">) {
  return <Button px="0" py="0" _icon={{ fontSize: "1.2em" }} {...props} />;
}
