import { loadImports } from "../features/bulk-data/imports.server.ts";
import { ImportsScreen } from "../features/bulk-data/imports-screen.tsx";
import type { Route } from "./+types/imports";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadImports(request, context);
}

export default function ImportsRoute({ loaderData }: Route.ComponentProps) {
  return <ImportsScreen {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
