/** `npm run dev`: the provider API restarting on change, and the web app with hot reload. */
import { completeLocalEnv, createSupervisor, reactRouterBin, startNode } from "./processes.ts";

const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
env.API_PORT ||= "4000";
env.PORT ||= "3000";
completeLocalEnv(env);

const api = startNode(["--watch-path=server", "server/main.ts"], env);
const web = startNode([reactRouterBin, "dev", "--port", env.PORT], env);
const supervisor = createSupervisor();
supervisor.add(api);
supervisor.add(web);
