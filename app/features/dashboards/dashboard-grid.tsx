import { Card, Grid, GridItem, Text } from "@chakra-ui/react";
import { apiErrorCodes } from "../../../server/contract/error-texts.ts";
import { WidgetView } from "../../components/charts/widget-view.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { whenReached } from "../../components/when-reached.tsx";
import { useMessageText } from "../../utils/message-text.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { DashboardScreenData, DashboardWidget } from "./dashboard.server.ts";
import { chartSize } from "./dashboard-params.ts";

/**
 * A widget's filters are a plain GET form, which works as it is: their code (Chakra's field, input and select) loads
 * once the user reaches them.
 */
const WidgetFilters = whenReached(() => import("./widget-filters.tsx"));

export interface DashboardGridProps {
  widgets: DashboardWidget[];
  empty: string | null;
  kept: DashboardScreenData["kept"];
  /** The page the filter forms reload, and what else its URL keeps (a record tab's `dashboard`). */
  action: string;
  keep?: Record<string, string>;
}

/**
 * A dashboard's widgets in a grid of 12 columns, each as wide and as tall as its placement (one column on narrow
 * screens), each a card with its name, description, filters and the chart kit's view of its data. Filters are GET
 * forms of the page, so a change redraws the whole dashboard on the server, with or without JavaScript.
 */
export default function DashboardGrid({ widgets, empty, kept, action, keep = {} }: DashboardGridProps) {
  const messageText = useMessageText();
  if (empty !== null || widgets.length === 0) {
    return <EmptyState title={messageText(empty ?? apiErrorCodes.EmptyDashboardException)} />;
  }
  return (
    <Grid
      templateColumns={{ base: "minmax(0, 1fr)", lg: "repeat(12, minmax(0, 1fr))" }}
      gridAutoRows="minmax(4rem, auto)"
      gap="5"
      data-testid="dashboard-grid"
    >
      {widgets.map((widget) => (
        <GridItem
          key={widget.uuid}
          colSpan={{ base: 1, lg: widget.width }}
          rowSpan={{ base: 1, lg: widget.height }}
          minW="0"
        >
          <WidgetCard widget={widget} kept={kept} action={action} keep={keep} />
        </GridItem>
      ))}
    </Grid>
  );
}

function WidgetCard({
  widget,
  kept,
  action,
  keep,
}: {
  widget: DashboardWidget;
  kept: DashboardScreenData["kept"];
  action: string;
  keep: Record<string, string>;
}) {
  return (
    <Card.Root as="section" aria-label={widget.name} h="full" data-testid="dashboard-widget" data-widget={widget.uuid}>
      <Card.Header>
        <Card.Title as="h2">{widget.name}</Card.Title>
        {widget.description && <Card.Description>{widget.description}</Card.Description>}
      </Card.Header>
      <Card.Body gap="4" minW="0">
        {widget.filters.length > 0 && <WidgetFilters widget={widget} kept={kept} action={action} keep={keep} />}
        {widget.error ? (
          <WidgetError error={widget.error} />
        ) : (
          widget.data && (
            <WidgetView
              data={widget.data}
              title={widget.name}
              size={chartSize(widget.width)}
              pageParam={widget.pageParam}
            />
          )
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Why a widget shows nothing: a 403 in the product's permission text, the spec's text of a known exception. */
function WidgetError({ error }: { error: NonNullable<DashboardWidget["error"]> }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const text =
    error.status === 403
      ? t("apiErrors.operationNotPermitted")
      : Object.hasOwn(apiErrorCodes, error.exceptionName)
        ? messageText(apiErrorCodes[error.exceptionName as keyof typeof apiErrorCodes])
        : error.message
          ? messageText(error.message)
          : t("apiErrors.oops");
  return (
    <Text role="alert" color="fg.error" data-testid="widget-error">
      {text}
    </Text>
  );
}
