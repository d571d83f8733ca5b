/**
 * The styling benchmark's build of the app with Chakra's own components (see chakra-jsx-runtime.ts): the project's
 * build, with the static classes left out of the stylesheet and the app's JSX sent through that runtime.
 */
import path from "node:path";
import type { Plugin, UserConfig } from "vite";
import { defineConfig } from "vitest/config";
import projectConfig, { stylesheetAsset } from "../../../vite.config.ts";

const projectRoot = process.cwd();
const runtimeFile = path.join(projectRoot, "tests/bench/styling/chakra-jsx-runtime.ts");
const staticClassesFile = path.join(projectRoot, "app/styles/static-classes/static-classes.tsx");
const appDirectory = path.join(projectRoot, "app") + path.sep;

function chakraJsxRuntime(): Plugin {
  return {
    name: "workspace:bench-chakra-jsx-runtime",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "react/jsx-runtime" && source !== "react/jsx-dev-runtime") return undefined;
      if (!importer?.startsWith(appDirectory) || importer === staticClassesFile) return undefined;
      return runtimeFile;
    },
  };
}

async function globalStylesheet() {
  const { renderChakraGlobalStyles } = await import("../../../app/utils/chakra-global-css.server.tsx");
  return stylesheetAsset(renderChakraGlobalStyles().css);
}

export default defineConfig(async (env) => {
  const config = (await (projectConfig as (env: unknown) => Promise<UserConfig>)(env)) as UserConfig;
  const stylesheet = await globalStylesheet();
  const plugins = (config.plugins ?? []).flat().filter((plugin) => {
    return !(plugin && typeof plugin === "object" && "name" in plugin && plugin.name === "workspace:chakra-stylesheet");
  });
  return {
    ...config,
    root: projectRoot,
    plugins: [chakraJsxRuntime(), ...plugins, stylesheet.plugin],
    define: { ...config.define, __CHAKRA_STYLESHEET__: JSON.stringify(stylesheet.href) },
  };
});
