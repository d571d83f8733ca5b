import { loadExports } from "../features/bulk-data/exports.server.ts";
import { ExportsScreen } from "../features/bulk-data/exports-screen.tsx";
import type { Route } from "./+types/exports";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadExports(request, context);
}

export default function ExportsRoute({ loaderData }: Route.ComponentProps) {
  return <ExportsScreen {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
