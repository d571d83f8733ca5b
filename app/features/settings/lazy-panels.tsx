import { suspended } from "../records/lazy-panels.tsx";

/** The field panel's code (its form, the contract's schema) loads when a panel opens; the server renders it open. */
const loadFieldPanel = () => import("./custom-fields/custom-field-panel.tsx");

export const CustomFieldPanel = suspended(() => loadFieldPanel().then((m) => ({ default: m.CustomFieldPanel })));
export const FieldTypePanel = suspended(() => loadFieldPanel().then((m) => ({ default: m.FieldTypePanel })));
