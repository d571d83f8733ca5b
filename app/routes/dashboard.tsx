import { dashboardPageAction, loadDashboardPage } from "../features/dashboards/dashboard-page.server.ts";
import { DashboardScreen } from "../features/dashboards/dashboard-screen.tsx";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadDashboardPage(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return dashboardPageAction(request, context, params.id);
}

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.dashboard.name} · Workspace` : "Workspace" }];
}
