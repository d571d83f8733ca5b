import { startWorkspace } from "../support/servers.ts";

/** One workspace for the browser suite; its URLs reach the workers through the environment. */
export default async function globalSetup() {
  const workspace = await startWorkspace();
  process.env.E2E_APP_URL = workspace.appUrl;
  process.env.E2E_API_URL = workspace.apiUrl;
  return () => workspace.stop();
}
