import { loadForms } from "../features/web-forms/forms-list.server.ts";
import { FormsListScreen } from "../features/web-forms/forms-list-screen.tsx";
import type { Route } from "./+types/forms.index";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForms(request, context);
}

export default function FormsIndexRoute({ loaderData }: Route.ComponentProps) {
  return <FormsListScreen {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
