/** Where neither the user nor the company has chosen a time zone. */
export const DEFAULT_TIME_ZONE = "Europe/Oslo";

/** An IANA time zone name that this runtime knows ("Europe/Oslo"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
