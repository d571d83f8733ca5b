import { createHash } from "node:crypto";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const testDatabases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * Chakra's global styles (reset, tokens, keyframes) and the app's static classes as a stylesheet
 * in build/client/assets, cached by browsers for good, instead of in every page's HTML. The dev
 * server keeps them inline, so theme changes show without a restart.
 */
async function chakraStylesheet(): Promise<{ href: string; plugin: Plugin }> {
  const { renderChakraGlobalStyles } = await import("./app/utils/chakra-global-css.server.tsx");
  const { renderStaticClasses } = await import("./app/styles/static-classes/static-css.server.tsx");
  return stylesheetAsset(renderChakraGlobalStyles().css + renderStaticClasses());
}

/** A stylesheet the client build writes under a name made from its content, and where pages find it. */
export function stylesheetAsset(css: string): { href: string; plugin: Plugin } {
  const fileName = `assets/chakra-${createHash("sha256").update(css).digest("base64url").slice(0, 10)}.css`;
  const plugin: Plugin = {
    name: "workspace:chakra-stylesheet",
    generateBundle() {
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source: css });
    },
  };
  return { href: `/${fileName}`, plugin };
}

/**
 * Chakra, Ark and Zag define every component's anatomy (its part names) with top-level calls
 * such as `dialogAnatomy.extendWith("footer")`, which a bundler must keep in case they have
 * effects. They have none: marked pure, the anatomies of components the app does not use drop out.
 */
function pureAnatomies(): Plugin {
  return {
    name: "workspace:pure-anatomies",
    transform: {
      filter: { id: /node_modules[\\/]@(chakra-ui|ark-ui|zag-js)[\\/].*anatomy\.m?js$/ },
      handler(code) {
        // Only comments are added, and no line moves: the files' own source maps still hold.
        return {
          code: code.replace(/=(\s*)([\w$]+\.(?:extendWith|build|rename)\()/g, "=$1/* @__PURE__ */ $2"),
          map: null,
        };
      },
    },
  };
}

/**
 * The browser build's app/theme-recipes.ts holds only the recipes of the Chakra components that app/ imports, found
 * in the sources (app/styles/chakra-recipes.ts); the server keeps all of them. A component missing from the browser's
 * set would render with other classes than the server's, which the browser tests report as a hydration error.
 */
async function chakraBrowserRecipes(): Promise<Plugin> {
  const { browserRecipesModule, recipeKeysUsed } = await import("./app/styles/chakra-recipes.ts");
  const theme = await import("@chakra-ui/react/theme");
  const module = browserRecipesModule(
    recipeKeysUsed(path.join(import.meta.dirname, "app")),
    { recipes: theme.recipes, slotRecipes: theme.slotRecipes },
    theme,
  );
  return {
    name: "workspace:chakra-browser-recipes",
    apply: "build",
    load(id) {
      if (this.environment.name === "client" && /[\\/]app[\\/]theme-recipes\.ts$/.test(id)) return module;
      return undefined;
    },
  };
}

export default defineConfig(async ({ command }) => {
  const stylesheet = command === "build" && !process.env.VITEST ? await chakraStylesheet() : undefined;
  const browserRecipes = stylesheet ? [await chakraBrowserRecipes()] : [];
  return {
    // Vitest runs plain modules; the React Router plugin is for the app build and dev server.
    plugins: process.env.VITEST
      ? []
      : [reactRouter(), pureAnatomies(), ...browserRecipes, ...(stylesheet ? [stylesheet.plugin] : [])],
    define: { __CHAKRA_STYLESHEET__: JSON.stringify(stylesheet?.href ?? "") },
    // Two Emotion copies in dev would silently ignore the per-request style cache.
    ssr: command === "serve" ? { noExternal: ["@chakra-ui/react"] } : undefined,
    build: {
      target: "es2022",
      // The framework chunk (React, React Router, Emotion, Chakra's style engine) is ~440 kB before gzip.
      chunkSizeWarningLimit: 500,
      rolldownOptions: {
        // Chakra's `defineConfig` only returns its argument, `createAnatomy` only lists part
        // names, and `withContext`, `withProvider`, `chakra` and React's `forwardRef` only make
        // components; marked pure, the unused recipes, anatomies and component parts drop out.
        treeshake: {
          manualPureFunctions: ["defineConfig", "createAnatomy", "withContext", "withProvider", "chakra", "forwardRef"],
          // Emotion imports these for `withTheme` alone, which the app does not use; they declare
          // no side effects of their own, so unused they can go.
          moduleSideEffects: [{ test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
        },
        output: {
          codeSplitting: {
            groups: [
              {
                // What every page loads: one file rather than a dozen small ones.
                name: "framework",
                priority: 2,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion|stylis|hoist-non-react-statics|react-is|@pandacss|use-sync-external-store)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|preset-base|theme(?![\\/](recipes|slot-recipes|index))|utils|create-context|merge-props|merge-refs)/,
              },
              {
                // The app's own shared code, its texts' machinery and the UI kit's parts that every list page paints:
                // one file rather than some twenty of a few hundred bytes each. dayjs's ISO weeks are for charts only.
                name: "shell",
                priority: 1,
                test: /node_modules[\\/](i18next|react-i18next|dayjs(?![\\/]plugin[\\/]isoWeek))[\\/]|app[\\/](theme(-recipes)?\.ts|utils[\\/](emotion|i18n|dates|date-settings|layout|navigation|nonce|chakra-stylesheet|preferences)\.tsx?|components[\\/](icons|entity-icons|empty-state|button-link|page-header|filter-bar|data-table|list-footer|status-badge|value-text)|features[\\/](records[\\/](field-labels|list-params|screens|lazy-panels)|notifications[\\/]urls))|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|heading|text|link|table|stack|empty-state)[\\/]/,
              },
              {
                // The messages' machinery that forms and dashboards show refusals by (their codes, the lookup, the
                // API's shared texts): one file. After the shell, which keeps the translator they use.
                name: "messages",
                priority: 1,
                test: /server[\\/]contract[\\/](message-code|messages|files|error-texts|iam-texts|meta-status-texts)\.ts$|app[\\/]utils[\\/]message-text\.ts$/,
              },
              {
                // What pages beyond the lists paint (a record's cards and tabs, a dashboard's grid, the home page's
                // cards) and `whenReached` (decision 039): one file where a record's page fetched
                // a dozen of a few hundred bytes each, each a round trip on a slow link.
                name: "kit",
                priority: 1,
                test: /app[\\/](components[\\/](link-tabs|when-reached)\.tsx|features[\\/](dashboards[\\/]dashboard-params|records[\\/]history(-entry)?)\.tsx?)$|server[\\/]contract[\\/]field-use\.ts$|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](card|grid|simple-grid|visually-hidden|image|stat)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]button[\\/]icon-button/,
              },
              {
                // A dashboard's grid and what draws its widgets before their charts' code (decision 039): one file.
                name: "dashboard-view",
                // After the kit, whose parts it uses: they stay in the kit's file.
                priority: 0,
                test: /app[\\/](components[\\/]charts[\\/](widget-view\.tsx|chart-(labels|palette|sizes)\.ts)|features[\\/]dashboards[\\/]dashboard-grid\.tsx)$|node_modules[\\/]dayjs[\\/]plugin[\\/]isoWeek/,
              },
            ],
          },
        },
      },
    },
    test: {
      // Workers get the services' young generation (decision 017), so memory bounds measured in tests are theirs.
      execArgv: ["--max-semi-space-size=8"],
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/bench/**/*.test.ts"],
            environment: "node",
          },
        },
        ...testDatabases.map((database) => ({
          extends: true,
          test: {
            name: `api-${database}`,
            include: ["tests/api/**/*.test.ts"],
            // The data-directory lock exists only for the embedded database; worker processes only beside PostgreSQL.
            exclude: [`tests/api/**/*.${database === "postgres" ? "pglite" : "postgres"}.test.ts`],
            env: { TEST_DB: database },
            globalSetup: ["tests/support/database-template.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // PGlite instances are large; two at a time is what two cores handle well.
            maxWorkers: 2,
          },
        })),
      ],
    },
  };
});
