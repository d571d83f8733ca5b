/** The account settings' sections (spec §2 /profile), in the sidebar's order; a section is listed only once it works. */
export const profileSections = [{ path: "notifications", label: "profile.sections.notifications" }] as const;
