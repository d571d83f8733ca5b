import { requireUser } from "../middleware/auth.server.ts";
import type { Route } from "./+types/protected-layout";

/**
 * Every route inside needs a signed-in user; others go to /login and come back after. The
 * route has no component of its own: its child renders in its place.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    requireUser(context, request);
    return next();
  },
];
