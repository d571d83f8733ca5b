import { Button, Text } from "@chakra-ui/react";
import { Form, useLocation } from "react-router";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import DashboardGrid from "./dashboard-grid.tsx";
import type { DashboardPageData } from "./dashboard-page.server.ts";

/**
 * A dashboard's page: its name as the header, with "Make this my home dashboard" (or that it is), and its widgets.
 */
export function DashboardScreen({ dashboard, widgets, empty, kept, isHome }: DashboardPageData) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Page>
      <PageHeader
        title={dashboard.name}
        meta={
          (dashboard.description || isHome) && (
            <Text color="fg.muted" data-testid="dashboard-meta">
              {[dashboard.description, isHome ? t("dashboards.isHome") : ""].filter(Boolean).join(" · ")}
            </Text>
          )
        }
        actions={
          !isHome && (
            <Form method="post" action={location.pathname}>
              <input type="hidden" name="dashboardUuid" value={dashboard.uuid} />
              <Button type="submit" size="xs" variant="outline">
                {t("dashboards.makeHome")}
              </Button>
            </Form>
          )
        }
      />
      <DashboardGrid widgets={widgets} empty={empty} kept={kept} action={location.pathname} />
    </Page>
  );
}
