import { useActionData } from "react-router";
import { ConfirmDialog } from "../features/records/lazy-panels.tsx";
import {
  loadOverviewBlocks,
  overviewBlocksAction,
} from "../features/settings/overview-blocks/overview-blocks.server.ts";
import { OverviewBlocksScreen } from "../features/settings/overview-blocks/overview-blocks-screen.tsx";
import { useEntityName } from "../features/settings/relationships/relationships-screen.tsx";
import { overviewBlocksUrl } from "../features/settings/urls.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.expanded-entity-overview-widgets";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOverviewBlocks(request, context, params.tab);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return overviewBlocksAction(request, context, params.tab);
}

export default function OverviewBlocksRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const { entities, entity, tab, confirmReset } = loaderData;
  const entityName = useEntityName(entities)(entity, "many");
  return (
    <>
      <OverviewBlocksScreen {...loaderData} lastResult={actionResult?.result} />
      {confirmReset && (
        <ConfirmDialog
          title={t("settings.overviewBlocks.resetTitle", { entity: entityName })}
          confirmLabel={t("settings.overviewBlocks.reset")}
          closeTo={overviewBlocksUrl(tab)}
          action={overviewBlocksUrl(tab)}
          intent="reset"
          testId="confirm-reset"
        >
          {t("settings.overviewBlocks.confirmReset", { entity: entityName })}
        </ConfirmDialog>
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
