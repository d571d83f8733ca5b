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
