/**
 * What a record's activities timeline holds (spec §3 "activities"): items on it, and its own history. Apart from the
 * schemas (activities.ts, which re-exports them) so that a record's page uses them without loading Zod.
 */
export const activityKinds = ["note", "document", "inquiry", "todo", "history"] as const;
export type ActivityKind = (typeof activityKinds)[number];
