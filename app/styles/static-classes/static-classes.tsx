import {
  Badge,
  Box,
  Button,
  chakra,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import type { ReactElement } from "react";

/**
 * Classes for what every signed-in page and every list shows: the shell, the menu, and the UI kit's page header,
 * filter bar, data table and list footer (app/components/). Each is written as the Chakra element it stands for, and the build renders them once
 * into the stylesheet beside Chakra's global styles (static-css.server.tsx), so the components use plain
 * elements with these classes and no styles are resolved per request. `tag` ("th", or "div.some-class") picks the
 * element to take the class from when the definition needs its parents (a table's cell needs the table's recipe).
 *
 * Keep the order of the page: two classes on one element never compete, but nested rules are written in this order.
 */
export type StaticClassDefinition = ReactElement | { element: ReactElement; tag: string };

const MenuLink = chakra("a", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "3",
    px: "3",
    py: "2",
    borderRadius: "md",
    color: "fg.muted",
    fontWeight: "medium",
    whiteSpace: "nowrap",
    // A long name (a custom entity's) must not squeeze its icon away.
    "& > svg": { flexShrink: 0 },
    _hover: { bg: "bg.muted", color: "fg" },
    _currentPage: { bg: "colorPalette.subtle", color: "colorPalette.fg" },
    colorPalette: "teal",
    focusVisibleRing: "outside",
  },
});

/**
 * List rows are plain elements styled once by the table body, as Chakra's Table, Link and Badge recipes would style
 * them: a page holds hundreds of cells.
 */
const rowStyles = {
  "& > tr > td": { px: "2", py: "2", borderBottomWidth: "1px", textAlign: "start" },
  "& a": {
    display: "inline-flex",
    alignItems: "center",
    gap: "1.5",
    borderRadius: "l1",
    outline: "none",
    color: "gray.fg",
    focusVisibleRing: "outside",
    _hover: { textDecoration: "underline", textUnderlineOffset: "3px", textDecorationColor: "currentColor/20" },
  },
  "& .ws-cell-primary": { fontWeight: "medium" },
  "& .ws-cell-primary a": { color: "teal.fg" },
  "& .ws-cell-action": { textAlign: "end" },
  "& .ws-cell-action a": { fontSize: "sm" },
  "& .ws-cell-select": { width: "8" },
  // A row that needs attention (an overdue item): a red edge, and a badge in one of its cells.
  "& > tr[data-tone=danger] > td:first-of-type": { boxShadow: "inset 3px 0 0 var(--chakra-colors-red-solid)" },
} as const;

/** A chart's numbers (app/components/charts/widget-view.tsx): a label per row, then a number per series. */
const chartDataStyles = {
  "& > tbody > tr > th, & > tbody > tr > td": { px: "2", py: "2", borderBottomWidth: "1px" },
  "& > tbody > tr > th": { textAlign: "start", fontWeight: "normal" },
  "& > tbody > tr > td, & > thead > tr > th:not(:first-of-type)": { textAlign: "end" },
} as const;

const table = (children: ReactElement) => (
  <Table.Root size="sm" interactive>
    {children}
  </Table.Root>
);

export const staticClasses = {
  // app/layouts/app-shell.tsx
  "ws-shell": <Flex minH="100vh" />,
  "ws-skip-link": (
    <Link position="absolute" left="-9999px" _focus={{ left: "4", top: "4", zIndex: "skipLink", bg: "bg", p: "2" }} />
  ),
  "ws-sidebar": (
    <Box
      as="aside"
      w="64"
      flexShrink={0}
      display={{ base: "none", md: "block" }}
      position="sticky"
      top="0"
      h="100vh"
      // A long menu (dashboards, shortcuts) scrolls inside the sidebar rather than running past the screen.
      overflowY="auto"
      borderRightWidth="1px"
      bg="bg"
      px="3"
      py="5"
    />
  ),
  "ws-sidebar-brand": <Box px="3" mb="6" />,
  "ws-brand": <Link fontWeight="bold" fontSize="lg" color="fg" _hover={{ textDecoration: "none" }} />,
  "ws-brand-mark": (
    <Box
      as="span"
      w="7"
      h="7"
      borderRadius="md"
      bg="teal.solid"
      color="teal.contrast"
      display="grid"
      placeItems="center"
    />
  ),
  "ws-brand-logo": <Box as="img" h="7" maxW="24" objectFit="contain" borderRadius="sm" />,
  "ws-main-column": <Flex direction="column" flex="1" minW="0" />,
  "ws-header": <Box as="header" position="sticky" top="3" zIndex="sticky" mx={{ base: "3", md: "6" }} mt="3" />,
  "ws-navbar": (
    <Flex
      align="center"
      gap="3"
      px="4"
      py="2"
      borderRadius="xl"
      borderWidth="1px"
      bg="bg/85"
      backdropFilter="blur(8px)"
      boxShadow="md"
    />
  ),
  "ws-navbar-brand": <Box display="block" />,
  "ws-navbar-brand-narrow": <Box display={{ base: "block", md: "none" }} />,
  "ws-tagline": <Text flex="1" color="fg.muted" fontSize="sm" truncate />,
  "ws-navbar-actions": <HStack gap="1" />,
  // app/components/preference-forms.tsx
  "ws-language-group": <HStack gap="0" />,
  "ws-button-xs-solid": <Button size="xs" variant="solid" />,
  "ws-button-xs-ghost": <Button size="xs" variant="ghost" />,
  "ws-icon-button": <IconButton variant="ghost" size="sm" />,
  // app/layouts/notification-bell.tsx
  "ws-bell": <IconButton variant="ghost" size="sm" position="relative" />,
  "ws-bell-count": (
    <Badge
      position="absolute"
      top="0"
      insetEnd="0"
      variant="solid"
      colorPalette="red"
      size="xs"
      rounded="full"
      minW="4"
      px="1"
      justifyContent="center"
      pointerEvents="none"
    />
  ),
  // app/layouts/app-shell.tsx: the user's menu
  "ws-user-menu": <HStack gap="2" />,
  "ws-user-name": <Link fontSize="sm" fontWeight="medium" color="fg" display={{ base: "none", sm: "inline-flex" }} />,
  "ws-button-xs-outline": <Button size="xs" variant="outline" />,
  "ws-menu-bar": <Box mt="2" px="2" overflowX="auto" />,
  "ws-menu-bar-narrow": <Box mt="2" px="2" overflowX="auto" display={{ base: "block", md: "none" }} />,
  "ws-main": <Box as="main" flex="1" w="full" px={{ base: "3", md: "6" }} py="6" />,
  // app/layouts/navigation-menu.tsx
  "ws-menu-column": <Stack as="ul" direction="column" gap="1" listStyle="none" m="0" p="0" />,
  "ws-menu-row": <Stack as="ul" direction="row" gap="1" listStyle="none" m="0" p="0" />,
  "ws-menu-link": <MenuLink />,
  "ws-menu-heading": (
    <Heading
      as="h2"
      fontSize="xs"
      fontWeight="semibold"
      textTransform="uppercase"
      letterSpacing="wider"
      color="fg.muted"
      px="3"
      mt="5"
      mb="2"
    />
  ),
  // app/components/page-header.tsx
  "ws-page": <Stack gap="5" />,
  "ws-page-header": <Flex justify="space-between" align="start" gap="4" wrap="wrap" />,
  "ws-page-heading": <Stack gap="1" />,
  "ws-breadcrumb": <Text color="fg.muted" fontSize="sm" />,
  "ws-heading": <Heading as="h1" size="2xl" />,
  "ws-page-actions": <HStack gap="2" wrap="wrap" />,
  // app/components/button-link.tsx
  "ws-button-teal": <Button colorPalette="teal" />,
  // app/components/filter-bar.tsx
  "ws-filters": <Flex gap="3" wrap="wrap" align="end" />,
  "ws-field-wide": <Field.Root flex="1" minW="60" />,
  "ws-field": <Field.Root w="auto" />,
  "ws-field-label-hidden": { element: <Field.Root>{<Field.Label srOnly />}</Field.Root>, tag: "label" },
  "ws-field-label": { element: <Field.Root>{<Field.Label />}</Field.Root>, tag: "label" },
  "ws-quick-filters": <HStack gap="2" wrap="wrap" />,
  "ws-toggle": <Button size="sm" variant="outline" />,
  "ws-toggle-on": <Button size="sm" variant="subtle" colorPalette="teal" />,
  "ws-filter-error": <Text color="fg.error" fontSize="sm" w="full" />,
  "ws-input": <Input />,
  "ws-select": <NativeSelect.Root />,
  "ws-select-field": { element: <NativeSelect.Root>{<NativeSelect.Field />}</NativeSelect.Root>, tag: "select" },
  "ws-select-indicator": {
    element: <NativeSelect.Root>{<NativeSelect.Indicator />}</NativeSelect.Root>,
    tag: "div.chakra-native-select__indicator",
  },
  "ws-select-chevron": { element: <NativeSelect.Root>{<NativeSelect.Indicator />}</NativeSelect.Root>, tag: "svg" },
  "ws-button-outline": <Button variant="outline" />,
  "ws-search-hint": <Text color="fg.muted" fontSize="sm" w="full" />,
  // app/components/data-table.tsx
  "ws-table-frame": <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg" />,
  "ws-table": { element: table(<Table.Body />), tag: "table" },
  "ws-table-row": { element: table(<Table.Body>{<Table.Row />}</Table.Body>), tag: "tr" },
  "ws-table-column-header": {
    element: table(<Table.Header>{<Table.Row>{<Table.ColumnHeader />}</Table.Row>}</Table.Header>),
    tag: "th",
  },
  "ws-link": <Link />,
  "ws-table-body": { element: table(<Table.Body css={rowStyles} />), tag: "tbody" },
  "ws-table-cell": { element: table(<Table.Body>{<Table.Row>{<Table.Cell />}</Table.Row>}</Table.Body>), tag: "td" },
  "ws-no-records": <Text color="fg.muted" py="4" textAlign="center" />,
  "ws-visually-hidden": <VisuallyHidden />,
  // app/components/charts/widget-view.tsx: a chart's "View data"
  "ws-chart-data-scroll": <Table.ScrollArea mt="2" maxHeight="80" overflowY="auto" />,
  "ws-chart-data": { element: <Table.Root size="sm" css={chartDataStyles} />, tag: "table" },
  "ws-chart-data-caption": { element: <Table.Root size="sm">{<Table.Caption />}</Table.Root>, tag: "caption" },
  // app/components/list-footer.tsx
  "ws-pagination": <Flex justify="space-between" align="center" gap="3" wrap="wrap" as="nav" />,
  "ws-list-footer": <Text color="fg.muted" fontSize="sm" />,
  "ws-page-buttons": <HStack gap="1" wrap="wrap" />,
  "ws-button-xs-current": <Button size="xs" variant="solid" colorPalette="teal" />,
  // app/components/status-badge.tsx
  "ws-badge-gray": <Badge colorPalette="gray" alignSelf="start" />,
  "ws-badge-teal": <Badge colorPalette="teal" alignSelf="start" />,
  "ws-badge-red": <Badge colorPalette="red" alignSelf="start" />,
} satisfies Record<`ws-${string}`, StaticClassDefinition>;

export type StaticClass = keyof typeof staticClasses;
