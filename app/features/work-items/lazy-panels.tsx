import { suspended } from "../records/lazy-panels.tsx";

/** The panel that links a contact or a company to an inquiry or a to-do: a chunk of its own, loaded when it opens. */
export const LinkContactPanel = suspended(() => import("./link-contact-panel.tsx"));
