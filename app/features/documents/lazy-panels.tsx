import { suspended } from "../records/lazy-panels.tsx";

/** The upload panel's code is a chunk of its own that loads when it opens (see records' lazy-panels.tsx). */
export const UploadPanel = suspended(() => import("./upload-panel.tsx"));
