/** `npm run dev`: the provider API restarting on change, and the web app with hot reload. */
import path from "node:path";
import { readOrCreateSecret } from "../secrets.ts";
import { dataDirProblem } from "../startup-checks.ts";
import { createSupervisor, reactRouterBin, startNode } from "./processes.ts";

const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
env.API_PORT ||= "4000";
env.PORT ||= "3000";
env.API_URL ||= `http://localhost:${env.API_PORT}`;
env.APP_URL ||= `http://localhost:${env.PORT}`;
env.SEED_DEMO ||= "true";
env.DATA_DIR ||= "./data";
const dataDir = dataDirProblem(env.DATA_DIR);
if (dataDir) {
  console.error(`Workspace could not start: ${dataDir}`);
  process.exit(1);
}
// Both services read these; generated once into DATA_DIR unless set.
env.SESSION_SECRET ||= readOrCreateSecret(path.resolve(env.DATA_DIR), "session-secret");
env.OAUTH_CLIENT_SECRET ||= readOrCreateSecret(path.resolve(env.DATA_DIR), "oauth-client-secret");

const api = startNode(["--watch-path=server", "server/main.ts"], env);
const web = startNode([reactRouterBin, "dev", "--port", env.PORT], env);
const supervisor = createSupervisor();
supervisor.add(api);
supervisor.add(web);
