/** The account settings' sections (spec §2 /profile), in the sidebar's order; a section is listed only once it works. */
export const profileSections = [
  { path: "user-profile", label: "profile.sections.userProfile" },
  { path: "change-password", label: "profile.sections.changePassword" },
  { path: "information", label: "profile.sections.information" },
  { path: "notifications", label: "profile.sections.notifications" },
  { path: "language", label: "profile.sections.language" },
] as const;

export const USER_PROFILE = "/profile/user-profile";
export const CHANGE_PASSWORD = "/profile/change-password";
export const LANGUAGE = "/profile/language";
/** The signed-in user's profile image, through the web app; `?v=` names its version, so a new one is a new address. */
export const PROFILE_IMAGE = "/profile/image";
