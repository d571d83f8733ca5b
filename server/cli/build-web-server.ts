/**
 * Builds the web app's production server, app/serve.ts and the repository's modules it imports, into build/serve.js
 * (packages stay imports). Run as TypeScript, the server would load Node's type stripper, about 17 MiB that a
 * running web app has no use for (docs/performance.md, "Memory"). `npm run build` runs it after React Router's build.
 */
import path from "node:path";
import { build } from "vite";
import { projectRoot } from "./processes.ts";

export const WEB_SERVER_OUTPUT = "serve.js";

export async function buildWebServer(outDir = path.join(projectRoot, "build")): Promise<void> {
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: "warn",
    publicDir: false,
    build: {
      ssr: path.join(projectRoot, "app/serve.ts"),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: WEB_SERVER_OUTPUT } },
    },
  });
}

if (import.meta.main) await buildWebServer();
