import { useActionData, useLocation, useSearchParams } from "react-router";
import { recordAction } from "../features/records/actions.server.ts";
import { loadRecordDetail } from "../features/records/detail.server.ts";
import { ConfirmDeleteDialog, LinkPanel } from "../features/records/lazy-detail-panels.tsx";
import { ErrorDialog, RecordPanel } from "../features/records/lazy-panels.tsx";
import { RecordDetail } from "../features/records/record-detail.tsx";
import { screenFromPath, screens } from "../features/records/screens.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/record-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRecordDetail(request, context, screenFromPath(new URL(request.url).pathname), params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return recordAction(request, context, screenFromPath(new URL(request.url).pathname), params.id);
}

export default function RecordDetailRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const closeTo = location.pathname;
  return (
    <>
      <RecordDetail {...loaderData} />
      {searchParams.get("panel") === "edit" && loaderData.canUpdate && (
        <RecordPanel
          info={loaderData.info}
          statuses={loaderData.statuses}
          record={loaderData.record}
          result={result}
          closeTo={closeTo}
          action={here}
        />
      )}
      {searchParams.get("panel") === "view" && (
        <RecordPanel
          info={loaderData.info}
          statuses={loaderData.statuses}
          record={loaderData.record}
          closeTo={closeTo}
          action={here}
          readOnly
        />
      )}
      {searchParams.get("panel") === "link" && loaderData.canLink && (
        <LinkPanel
          screen={screens[loaderData.screenPath]}
          entityLabel={t(`nav.${screens[loaderData.screenPath].related.screen}`)}
          search={loaderData.linkSearch}
          result={result}
          closeTo={closeTo}
          action={here}
        />
      )}
      {searchParams.get("confirm") === "delete" && loaderData.canDelete && (
        <ConfirmDeleteDialog name={loaderData.record.rowName} closeTo={closeTo} action={here} />
      )}
      {result?.dialog && <ErrorDialog text={result.dialog} closeTo={closeTo} />}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.record.rowName} · Workspace` : "Workspace" }];
}
