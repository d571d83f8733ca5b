import { Stack } from "@chakra-ui/react";
import { LinkTabs } from "../../components/link-tabs.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import { suspended } from "../records/lazy-panels.tsx";
import { DASHBOARD_PARAM } from "./dashboard-params.ts";
import type { RecordDashboardData } from "./record-dashboards.server.ts";

/** The grid and the chart kit load with this tab only: the record's other tabs have no charts. */
const DashboardGrid = suspended(() => import("./dashboard-grid.tsx"));

/**
 * A company's or contact's dashboard tab: the dashboards marked for its entity, chosen by links when there are
 * several, each widget counting only this record's rows.
 */
export function RecordDashboardTab({ dashboard, base }: { dashboard: RecordDashboardData; base: string }) {
  const { t } = useTranslation();
  const here = `${base}/dashboard`;
  return (
    <Stack gap="4" data-testid="record-dashboard">
      {dashboard.choices.length > 1 && (
        <LinkTabs
          label={t("dashboards.choose")}
          tabs={dashboard.choices.map((choice) => ({
            to: `${here}?${new URLSearchParams({ [DASHBOARD_PARAM]: choice.uuidKey })}`,
            label: choice.name,
            current: choice.uuidKey === dashboard.chosen,
          }))}
        />
      )}
      <DashboardGrid
        widgets={dashboard.widgets}
        empty={dashboard.empty}
        kept={dashboard.kept}
        action={here}
        keep={{ [DASHBOARD_PARAM]: dashboard.chosen }}
      />
    </Stack>
  );
}
