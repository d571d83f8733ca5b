import { chakra, type FlexProps, type StackProps } from "@chakra-ui/react";

/*
 * Chakra's Stack, HStack and Flex as they render: the same element, class and styles. Chakra's
 * Stack also places separators between its children, which the app never asks for; without
 * that the three are a few lines, instead of about 1 KiB gzip of every page's first load.
 */

type AppStackProps = Omit<StackProps, "separator">;

export function Stack({
  direction = "column",
  align,
  justify,
  gap = "0.5rem",
  wrap,
  className,
  ...rest
}: AppStackProps) {
  return (
    <chakra.div
      display="flex"
      alignItems={align}
      justifyContent={justify}
      flexDirection={direction}
      flexWrap={wrap}
      gap={gap}
      className={className ? `chakra-stack ${className}` : "chakra-stack"}
      {...rest}
    />
  );
}

export function HStack(props: AppStackProps) {
  return <Stack align="center" {...props} direction="row" />;
}

export function Flex({ direction, align, justify, wrap, basis, grow, shrink, inline, ...rest }: FlexProps) {
  return (
    <chakra.div
      {...rest}
      css={{
        display: inline ? "inline-flex" : "flex",
        flexDirection: direction,
        alignItems: align,
        justifyContent: justify,
        flexWrap: wrap,
        flexBasis: basis,
        flexGrow: grow,
        flexShrink: shrink,
        ...rest.css,
      }}
    />
  );
}
