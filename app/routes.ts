import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("error-404", "routes/error-404.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("resources/preferences", "routes/resources.preferences.ts"),
  // Every unknown path goes to /error-404 (and the i18n middleware needs a match to run).
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
