import { suspended } from "./lazy-panels.tsx";

/** The record page's own panels (see lazy-panels.tsx); apart, so that lists do not carry them. */
export const LinkPanel = suspended(() => import("./link-panel.tsx").then((m) => ({ default: m.LinkPanel })));
export const ConnectPanel = suspended(() => import("./connect-panel.tsx").then((m) => ({ default: m.ConnectPanel })));
