import { publicFormPath } from "./urls.ts";

/** The public page's address for other sites: absolute, on the origin the staff reached the app at. */
export function publicFormUrl(origin: string, publicId: string): string {
  return new URL(publicFormPath(publicId), origin).href;
}

/** Text for an HTML attribute or element: the five characters that could end or open markup are escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The frame's height: a form of a few questions fits, and a longer one scrolls inside it. */
export const IFRAME_HEIGHT = 800;

/**
 * The form in a frame on another site: the page itself, which needs no script of ours. Only the form's allowed sites
 * may frame it (its page's CSP frame-ancestors), so the snippet works there alone.
 */
export function iframeSnippet(url: string, title: string): string {
  return `<iframe src="${escapeHtml(url)}" title="${escapeHtml(title)}" width="100%" height="${IFRAME_HEIGHT}" style="border:0" loading="lazy"></iframe>`;
}

/** A link to the form's page: for any site, e-mail or newsletter, whatever its framing rules. */
export function linkSnippet(url: string, title: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`;
}

/**
 * The reasons the API counts refused submissions by (decision 046), in the order the overview lists them; a reason
 * the API adds later is listed after these by its name.
 */
export const refusalReasons = [
  "honeypot",
  "tokenMissing",
  "tokenForged",
  "tokenOtherForm",
  "tooFast",
  "tooOld",
  "replayed",
  "addressLimit",
  "formLimit",
  "invalid",
  "tooLarge",
  "closed",
  "notAccepting",
  "login",
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export function isRefusalReason(reason: string): reason is RefusalReason {
  return (refusalReasons as readonly string[]).includes(reason);
}

/** The refusals with a count, known reasons first in their order, then any other by name; and their total. */
export function refusalRows(refusals: Record<string, number>): {
  rows: { reason: string; count: number }[];
  total: number;
} {
  const counted = Object.entries(refusals).filter(([, count]) => count > 0);
  const rank = (reason: string) => {
    const index = (refusalReasons as readonly string[]).indexOf(reason);
    return index === -1 ? refusalReasons.length : index;
  };
  const rows = counted
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => rank(a.reason) - rank(b.reason) || a.reason.localeCompare(b.reason));
  return { rows, total: rows.reduce((sum, row) => sum + row.count, 0) };
}
