import { RouterContextProvider } from "react-router";
import { authStateContext } from "../../app/utils/api.server.ts";
import { getSession } from "../../app/utils/session.server.ts";

/** A request's context with a fresh session, as a signed-in page has it: what actions flash their notices into. */
export async function signedInContext() {
  process.env.SESSION_SECRET ||= "a-test-session-secret-that-is-long-enough";
  const context = new RouterContextProvider();
  const session = await getSession(new Request("http://app.test/"));
  context.set(authStateContext, { session, tokens: null, changed: false });
  return { context, session };
}
