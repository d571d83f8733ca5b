import { loadQueryView } from "../features/advanced-search/query.server.ts";
import { QueryViewScreen } from "../features/advanced-search/query-screens.tsx";
import type { Route } from "./+types/advanced-search.view";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadQueryView(request, context, params);
}

export default function AdvancedSearchViewRoute({ loaderData }: Route.ComponentProps) {
  return <QueryViewScreen {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.query.name} · Workspace` : "Workspace" }];
}
