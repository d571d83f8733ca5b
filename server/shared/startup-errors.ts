/**
 * Start-up failures both services can meet, as one line that names the variable to change: a stack trace says
 * nothing more to whoever starts the product.
 */

/** The port in a variable, or a one-line complaint. */
export function parsePort(name: string, value: string | undefined, fallback: number): number | string {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  return /^\d+$/.test(value) && port <= 65535 ? port : `${name}: must be a port number from 0 to 65535, not "${value}"`;
}

/** A failed listen, said in one line, or undefined when it is not a listening problem. */
export function describeListenError(
  error: unknown,
  where: { portVariable: string; port: number; hostVariable: string; host?: string },
): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const host = where.host ? ` on ${where.host}` : "";
  switch (code) {
    case "EADDRINUSE":
      return `${where.portVariable}: port ${where.port}${host} is already in use; stop what uses it or set ${where.portVariable} to another port.`;
    case "EACCES":
      return `${where.portVariable}: this user may not listen on port ${where.port}${host}; choose a port above 1023.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${where.hostVariable}: the host name "${where.host}" is not known; use an address of this machine, such as 0.0.0.0.`;
    case "EADDRNOTAVAIL":
      return `${where.hostVariable}: "${where.host}" is not an address of this machine; use one of its addresses, such as 0.0.0.0.`;
    default:
      return undefined;
  }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]+(%[\w.-]+)?$/i;
const HOST_LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/**
 * A listening address that cannot be one, said in one line, or undefined. Checked before anything is opened: a name
 * such as 256.1.1.1 would otherwise go to a name server, which may take minutes to say nothing.
 */
export function hostSyntaxProblem(variable: string, host: string): string | undefined {
  const fix = "use an address of this machine, such as 0.0.0.0, or its host name.";
  if (/^[\d.]+$/.test(host)) {
    return IPV4.test(host)
      ? undefined
      : `${variable}: "${host}" is not an IPv4 address (four numbers from 0 to 255); ${fix}`;
  }
  if (host.includes(":")) return IPV6.test(host) ? undefined : `${variable}: "${host}" is not an IPv6 address; ${fix}`;
  const labels = host.replace(/\.$/, "").split(".");
  const valid =
    host.length <= 253 && labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? "");
  return valid ? undefined : `${variable}: "${host}" is not a host name; ${fix}`;
}
