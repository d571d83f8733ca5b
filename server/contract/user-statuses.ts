/**
 * A user is invited, then active once they chose a password; an administrator may deactivate and reactivate them.
 * Apart from the schemas, so that the web app's lists can use them without loading Zod.
 */
export const userStatuses = ["invited", "active", "deactivated"] as const;
export type UserStatus = (typeof userStatuses)[number];
