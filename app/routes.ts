import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("login", "routes/login.tsx"),
  route("oauth2-redirect", "routes/oauth2-redirect.ts"),
  route("clrgen", "routes/clrgen.ts"),
  route("sign-out", "routes/sign-out.ts"),
  route("error-404", "routes/error-404.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("resources/preferences", "routes/resources.preferences.ts"),
  layout("routes/protected-layout.ts", [
    index("routes/home.tsx"),
    route("companies", "routes/record-list.tsx", { id: "companies" }),
    route("contacts", "routes/record-list.tsx", { id: "contacts" }),
    route("inquiries", "routes/record-list.tsx", { id: "inquiries" }),
    route("todo", "routes/record-list.tsx", { id: "todos" }),
    route("notes", "routes/record-list.tsx", { id: "notes" }),
    route("documents", "routes/record-list.tsx", { id: "documents" }),
    route("companies/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "company" }),
    route("contacts/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "contact" }),
    route("inquiries/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "inquiry" }),
    route("todo/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "todo" }),
    route("notes/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "note" }),
    route("documents/:id/download", "routes/document-download.ts"),
    route("documents/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "document" }),
    route("custom-entity/:key", "routes/record-list.tsx", { id: "custom-entities" }),
    route("custom-entity/:key/:id/:tab?/:idFeed?", "routes/record-detail.tsx", { id: "custom-entity" }),
    route("resources/upload", "routes/resources.upload.ts"),
    route("resources/record-search", "routes/resources.record-search.ts"),
    route("system-settings", "routes/system-settings.tsx", [
      index("routes/system-settings.index.ts"),
      route("custom-fields", "routes/system-settings.custom-fields.tsx"),
      route("custom-entities", "routes/system-settings.custom-entities.tsx"),
      route("field-management-settings/:tab?", "routes/system-settings.field-management-settings.tsx"),
    ]),
  ]),
  // Every unknown path goes to /error-404 (and the i18n middleware needs a match to run).
  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
