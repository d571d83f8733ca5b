/**
 * Cuts requests that arrive too slowly, on both services' HTTP servers: headers that are not all there within a
 * time limit, and bodies that trickle in. A body that keeps flowing at a reasonable rate may take as long as it
 * needs (a large upload on a slow link), so a body is judged by how much arrives in each stretch of time, not by its
 * total time. Node's own timeouts cover the headers; the bodies are watched here. Typed by what it uses, so that this
 * module stays free of Node imports.
 */

/** The least a body must bring on average, in bytes a second, over each stretch of the body timeout. */
export const BODY_MIN_BYTES_PER_SECOND = 1024;
export const HEADERS_TIMEOUT_SECONDS_DEFAULT = 20;
export const BODY_TIMEOUT_SECONDS_DEFAULT = 20;

interface WatchedSocket {
  readonly bytesRead: number;
  readonly destroyed: boolean;
  readonly writable: boolean;
  isPaused(): boolean;
  write(data: string): boolean;
  destroy(): void;
}

interface WatchedRequest {
  readonly complete: boolean;
  readonly socket: WatchedSocket;
}

interface WatchedResponse {
  readonly headersSent: boolean;
}

export interface HttpServerLike {
  headersTimeout: number;
  requestTimeout: number;
  /** Set before listening (Node reads it then); not in its typings. */
  connectionsCheckingInterval?: number;
  on(event: "request", listener: (request: WatchedRequest, response: WatchedResponse) => void): unknown;
  on(event: "listening" | "close", listener: () => void): unknown;
}

export interface SlowRequestLimits {
  headersTimeoutSeconds: number;
  bodyTimeoutSeconds: number;
}

interface Stretch {
  response: WatchedResponse;
  startedAt: number;
  bytesAtStart: number;
  /** The server stopped reading at some point in this stretch (the app was not ready for more): it does not count. */
  paused: boolean;
}

const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/** Sets the server's limits; call before it listens. */
export function cutSlowRequests(server: HttpServerLike, limits: SlowRequestLimits): void {
  const headersMs = limits.headersTimeoutSeconds * 1000;
  const bodyMs = limits.bodyTimeoutSeconds * 1000;
  const minBytes = BODY_MIN_BYTES_PER_SECOND * limits.bodyTimeoutSeconds;
  server.headersTimeout = headersMs;
  // No limit on a whole request: a body that flows may take as long as it needs, and one that trickles is cut below.
  server.requestTimeout = 0;
  // Node looks for expired headers this often (30 s by default, which lets a slow sender stay that much longer).
  server.connectionsCheckingInterval = Math.min(1000, headersMs);

  const watched = new Map<WatchedRequest, Stretch>();
  server.on("request", (request, response) => {
    // A request whose body came with its headers (or that has none) is complete at once.
    queueMicrotask(() => {
      if (!request.complete && !request.socket.destroyed) {
        const socket = request.socket;
        watched.set(request, { response, startedAt: Date.now(), bytesAtStart: socket.bytesRead, paused: false });
      }
    });
  });

  const check = () => {
    const now = Date.now();
    for (const [request, stretch] of watched) {
      const socket = request.socket;
      if (request.complete || socket.destroyed) {
        watched.delete(request);
        continue;
      }
      if (socket.isPaused()) stretch.paused = true;
      if (now - stretch.startedAt < bodyMs) continue;
      if (!stretch.paused && socket.bytesRead - stretch.bytesAtStart < minBytes) {
        watched.delete(request);
        if (!stretch.response.headersSent && socket.writable) socket.write(TIMED_OUT);
        socket.destroy();
        continue;
      }
      stretch.startedAt = now;
      stretch.bytesAtStart = socket.bytesRead;
      stretch.paused = socket.isPaused();
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  server.on("listening", () => {
    clearInterval(timer);
    timer = setInterval(check, Math.min(1000, bodyMs / 4));
    // A timer of its own must not keep a stopping process alive.
    (timer as { unref?: () => void }).unref?.();
  });
  server.on("close", () => clearInterval(timer));
}

/** A number of seconds from a variable, or a one-line complaint naming it. */
export function parseSeconds(name: string, value: string | undefined, fallback: number): number | string {
  if (value === undefined || value === "") return fallback;
  const seconds = Number(value);
  return /^\d+$/.test(value) && seconds >= 1 && seconds <= 3600
    ? seconds
    : `${name}: must be a whole number of seconds from 1 to 3600, not "${value}"`;
}
