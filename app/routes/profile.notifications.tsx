import { loadNotificationSettings, notificationSettingsAction } from "../features/notifications/settings.server.ts";
import { NotificationSettingsScreen } from "../features/notifications/settings-screen.tsx";
import type { Route } from "./+types/profile.notifications";

export async function loader({ context }: Route.LoaderArgs) {
  return loadNotificationSettings(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return notificationSettingsAction(request, context);
}

export default function ProfileNotifications({ loaderData }: Route.ComponentProps) {
  return <NotificationSettingsScreen settings={loaderData.settings} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
