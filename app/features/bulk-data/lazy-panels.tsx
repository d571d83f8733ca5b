import { suspended } from "../records/lazy-panels.tsx";

/** The export panel's code is a chunk of its own that loads when it opens (see records' lazy-panels.tsx). */
const loadExportPanel = () => import("./export-panel.tsx");

export const ExportPanel = suspended(() => loadExportPanel());

/** Starts loading the export panel's code, as a pointer or focus reaches the list's Export. */
export function preloadExportPanel() {
  void loadExportPanel();
}
