import { loadUserDetail } from "../features/users/user-detail.server.ts";
import { UserDetail } from "../features/users/user-detail.tsx";
import { loadTexts, textsHandle } from "../utils/text-parts.ts";
import type { Route } from "./+types/user-detail";

/** A user's page shares the settings' texts (their status, their groups and roles). */
export const handle = textsHandle("settings");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadTexts("settings")];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadUserDetail(request, context, params.id);
}

export default function UserDetailRoute({ loaderData }: Route.ComponentProps) {
  return <UserDetail {...loaderData} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData && `${loaderData.employee.firstName} ${loaderData.employee.lastName}`.trim();
  return [{ title: name ? `${name} · Workspace` : "Workspace" }];
}
