import type { FastifyReply, FastifyRequest } from "fastify";
import { tooManyRequests } from "./rate-limits.ts";

/** A request waits this long at most for one of its user's lanes. */
const MAX_WAIT_MS = 10_000;
/**
 * Requests of one user that may wait at once, per lane (200 with the default four). A session restored with a few
 * tabs asks some sixty at once (each page's shell, its data and its widgets); past this many the user has more in the
 * air than browsers send.
 */
export const WAITING_PER_LANE = 50;
/** What a refused request is told to wait: lanes free up in milliseconds. */
const RETRY_AFTER_SECONDS = 2;

interface Lanes {
  running: number;
  waiting: Turn[];
}

interface Turn {
  admit(): void;
}

/**
 * Each signed-in user's share of the API: at most `lanes` of their requests are worked on at once, the rest wait in
 * their own line (briefly, and not too many) or are refused with 429. One user's many parallel requests, each
 * within the per-minute budget, then never stand in front of another user's in the database's queue: the others
 * meet at most `lanes` of theirs.
 */
export function concurrencyShare(lanes: number) {
  const users = new Map<string, Lanes>();

  function leave(key: string) {
    const user = users.get(key);
    if (!user) return;
    const next = user.waiting.shift();
    // The lane passes straight to the next in line, so that a newcomer cannot take it first.
    if (next) next.admit();
    else if (--user.running === 0) users.delete(key);
  }

  /** Resolves true once the request holds a lane (released when its response closes), false when it may not wait. */
  function enter(key: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let user = users.get(key);
    if (!user) {
      user = { running: 0, waiting: [] };
      users.set(key, user);
    }
    const line = user;
    let state: "running" | "waiting" | "done" = "done";
    let giveUp: (() => void) | undefined;
    // A response's close comes after it is sent, and also when the client goes away while the request waits.
    reply.raw.once("close", () => {
      if (state === "running") leave(key);
      else if (state === "waiting") giveUp?.();
      state = "done";
    });
    if (line.running < lanes) {
      line.running++;
      state = "running";
      return Promise.resolve(true);
    }
    if (line.waiting.length >= lanes * WAITING_PER_LANE) return Promise.resolve(false);

    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => giveUp?.(), MAX_WAIT_MS);
      const turn: Turn = {
        admit() {
          clearTimeout(timer);
          state = "running";
          resolve(true);
        },
      };
      giveUp = () => {
        clearTimeout(timer);
        line.waiting.splice(line.waiting.indexOf(turn), 1);
        state = "done";
        resolve(false);
      };
      state = "waiting";
      line.waiting.push(turn);
      request.log.debug({ waiting: line.waiting.length }, "the request waits for a lane of its user");
    });
  }

  /** onRequest hook for signed-in API calls, after authentication. */
  return async function shareOfUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.raw.destroyed) return;
    if (!(await enter(request.actor.id, request, reply))) throw tooManyRequests(reply, RETRY_AFTER_SECONDS);
  };
}
