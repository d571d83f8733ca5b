import { hasPermission } from "../../middleware/auth.server.ts";
import type { RecordScreen } from "./screens.ts";

/** The right that reads the links between companies and contacts (spec §6 "CRM: read on company or contact links"). */
const CRM_LINKS = "CRM";

/**
 * Whether the user may see the screen's company–contact links (a company's contacts, a contact's companies): they read
 * the other entity and have the CRM right, as the API checks. Without, the tab, the overview's card and the list's
 * column are not there: hidden, not refused.
 */
export function readsRelated(screen: RecordScreen, user: Parameters<typeof hasPermission>[0]): boolean {
  const related = screen.related;
  if (!related) return false;
  const resource = related.screen === "companies" ? "Company" : "Contact";
  return hasPermission(user, "Read", resource) && hasPermission(user, "Read", CRM_LINKS);
}
