import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

const testDatabases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export default defineConfig(({ command }) => ({
  // Vitest runs plain modules; the React Router plugin is for the app build and dev server.
  plugins: process.env.VITEST ? [] : [reactRouter()],
  // Two Emotion copies in dev would silently ignore the per-request style cache.
  ssr: command === "serve" ? { noExternal: ["@chakra-ui/react"] } : undefined,
  build: { target: "es2022" },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"], environment: "node" },
      },
      ...testDatabases.map((database) => ({
        extends: true,
        test: {
          name: `api-${database}`,
          include: ["tests/api/**/*.test.ts"],
          // The data-directory lock exists only for the embedded database.
          exclude: database === "postgres" ? ["tests/api/**/*.pglite.test.ts"] : [],
          env: { TEST_DB: database },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are large; two at a time is what two cores handle well.
          maxWorkers: 2,
        },
      })),
    ],
  },
}));
