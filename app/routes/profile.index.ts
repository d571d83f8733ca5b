import { redirect } from "react-router";
import { profileSections } from "../features/profile/urls.ts";

/** The account settings open at their first section. */
export function loader() {
  return redirect(`/profile/${profileSections[0].path}`);
}
