import { useActionData } from "react-router";
import {
  companySettingsAction,
  loadCompanySettings,
} from "../features/settings/company-settings/company-settings.server.ts";
import { CompanySettingsScreen } from "../features/settings/company-settings/company-settings-screen.tsx";
import type { Route } from "./+types/system-settings.company-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCompanySettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return companySettingsAction(request, context);
}

export default function CompanySettingsRoute({ loaderData }: Route.ComponentProps) {
  const actionResult = useActionData<typeof action>();
  return (
    <CompanySettingsScreen {...loaderData} lastResult={actionResult?.result} logoError={actionResult?.logoError} />
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
