import { useActionData } from "react-router";
import { loadQueryRun, queryExportAction } from "../features/advanced-search/query.server.ts";
import { QueryRunScreen } from "../features/advanced-search/query-screens.tsx";
import { queryUrl } from "../features/advanced-search/urls.ts";
import { ErrorDialog, suspended } from "../features/records/lazy-panels.tsx";
import type { Route } from "./+types/advanced-search.run";

// The panel's code loads when it opens; the server renders it open.
const QueryExportPanel = suspended(() => import("../features/advanced-search/query-export-panel.tsx"));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadQueryRun(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return queryExportAction(request, context, params);
}

export default function AdvancedSearchRunRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  const { query, exporting, failed, here, page } = loaderData;
  const closeTo = queryUrl(query.queryType, query.id, "run", { page: page > 1 ? page : undefined });
  return (
    <>
      <QueryRunScreen {...loaderData} />
      {exporting && (
        <QueryExportPanel
          name={query.name}
          action={`${here}?panel=export`}
          closeTo={closeTo}
          lastResult={actionResult?.result}
        />
      )}
      {failed && (
        <ErrorDialog text={failed} source={loaderData} closeTo={queryUrl(query.queryType, query.id, "view")} />
      )}
      {actionResult?.dialog && <ErrorDialog text={actionResult.dialog} source={actionResult} closeTo={closeTo} />}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.query.name} · Workspace` : "Workspace" }];
}
