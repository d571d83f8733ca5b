/**
 * Query parameters that carry credentials: authorization codes and PKCE verifiers, invitation and access tokens,
 * passwords. Both services log request lines; these values never reach a log.
 */
const SECRET_PARAMETERS = new Set([
  "access_token",
  "client_secret",
  "code",
  "code_verifier",
  "id_token",
  "password",
  "refresh_token",
  "session_state",
  "state",
  "token",
]);

export const REDACTED = "[redacted]";

/** A request target ("/path?query") with the values of secret parameters replaced. */
export function redactUrl(target: string): string {
  const queryStart = target.indexOf("?");
  if (queryStart < 0) return target;
  const query = target
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      const name = separator < 0 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed name is logged as it came.
      }
      return separator >= 0 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${target.slice(0, queryStart)}?${query}`;
}
