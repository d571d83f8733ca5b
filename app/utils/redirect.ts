// Tabs and line breaks are dropped by URL parsers ("/\t/evil.example" is "//evil.example"), so none is allowed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The path to go to after sign-in or a preference change, only ever on the web app's own origin: the target is
 * resolved against APP_URL as a browser would, and anything that lands elsewhere, or holds control characters,
 * gives the fallback.
 */
export function safeRedirectPath(
  target: FormDataEntryValue | string | null | undefined,
  appUrl: string,
  fallback = "/",
): string {
  if (typeof target !== "string" || !target.startsWith("/") || CONTROL_CHARACTERS.test(target)) return fallback;
  const base = new URL(appUrl);
  let resolved: URL;
  try {
    resolved = new URL(target, base);
  } catch {
    return fallback;
  }
  // Dot segments can make a path of the form "//host" ("/..//evil.example"), which a browser reads as another site.
  if (resolved.origin !== base.origin || /^\/[/\\]/.test(resolved.pathname)) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
