import net from "node:net";

export interface SlowSend {
  /** How long the server kept the connection open, or undefined when it was still open at the end. */
  closedAfterMs: number | undefined;
  /** What the server sent back. */
  answer: string;
}

/**
 * Sends `head`, then `piece` every `everyMs` for at most `pieces` times (unbounded pieces: until `limitMs`), as a
 * slow or a flowing client would, to a server on this machine; stops when the server closes the connection, or
 * at `limitMs`.
 */
export function sendSlowly(
  port: number,
  options: { head: string; piece: string | Buffer; everyMs: number; pieces?: number; limitMs: number },
): Promise<SlowSend> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    const started = Date.now();
    let answer = "";
    let sent = 0;
    let done = false;
    const finish = (closedAfterMs: number | undefined) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("close", () => finish(Date.now() - started));
    socket.write(options.head);
    const timer = setInterval(() => {
      if (options.pieces !== undefined && sent >= options.pieces) return;
      if (!socket.destroyed) socket.write(options.piece);
      sent++;
    }, options.everyMs);
    const limit = setTimeout(() => finish(undefined), options.limitMs);
  });
}
