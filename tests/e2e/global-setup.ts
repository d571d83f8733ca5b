import { startWorkspace } from "../support/servers.ts";

/** Access tokens in the browser suite live this long, so tests can outlive one. */
export const E2E_ACCESS_TOKEN_TTL = 8;

/** One workspace for the browser suite; its URLs reach the workers through the environment. */
export default async function globalSetup() {
  const workspace = await startWorkspace({
    ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL),
    // Every test signs in from the same address; the per-address limit has its own API test.
    LOGIN_ATTEMPTS_PER_MINUTE: "1000",
    // Two workers share the demo administrator, whose setup calls (a hundred assignments at once) and page loads
    // would spend one user's budget; the budgets have their own API test.
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  process.env.E2E_APP_URL = workspace.appUrl;
  process.env.E2E_API_URL = workspace.apiUrl;
  process.env.E2E_CLIENT_SECRET = workspace.clientSecret;
  process.env.E2E_SESSION_SECRET = workspace.sessionSecret;
  // Invitations wait in its outbox: tests that need users of their own invite them and read the link there.
  process.env.E2E_DATA_DIR = workspace.dataDir;
  return () => workspace.stop();
}
