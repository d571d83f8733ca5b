/** The bell shows counts up to this; above, "99+" (spec §2, §9). */
export const BADGE_CAP = 99;

/** The count as the bell shows it: "99+" above 99, nothing at 0. */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The search parameter that opens the notifications panel over any page (`?notifications=1`). */
export const PANEL_PARAM = "notifications";
/** Which page of the panel's list, from 0 (`&notificationsPage=1`). */
export const PAGE_PARAM = "notificationsPage";
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Where the panel's forms post: marking one read, or all. */
export const NOTIFICATIONS_ACTION = "/notifications";

/** A notification's link: it marks it read and goes on to its record. */
export function openNotificationUrl(id: string): string {
  return `/notifications/${id}`;
}

export function notificationsPageOf(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM) ?? 0);
  return Number.isInteger(page) && page >= 0 && page <= 10_000 ? page : 0;
}

/** The page `pathname?search` with the panel open at `page`, or closed (`page` null). */
export function withPanel(pathname: string, search: string, page: number | null): string {
  const params = new URLSearchParams(search);
  params.delete(PANEL_PARAM);
  params.delete(PAGE_PARAM);
  if (page !== null) {
    params.set(PANEL_PARAM, "1");
    if (page > 0) params.set(PAGE_PARAM, String(page));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The profile's page of the user's notification settings. */
export const NOTIFICATION_SETTINGS = "/profile/notifications";

/** A setting's row and its form on the profile's notifications page. */
export function settingRowId(type: string): string {
  return `notification-setting-${type}`;
}

export function settingFormId(type: string): string {
  return `notification-setting-form-${type}`;
}
