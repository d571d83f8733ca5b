import { redirect } from "react-router";
import { settingsSections } from "../features/settings/urls.ts";

/** The settings open at their first section. */
export function loader() {
  return redirect(`/system-settings/${settingsSections[0].path}`);
}
