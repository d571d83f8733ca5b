const en = {
  app: {
    name: "Workspace",
    tagline: "Business workspace for your company's staff",
    loading: "Loading...",
    skipToContent: "Skip to content",
  },
  nav: {
    label: "Main menu",
    home: "Home",
  },
  preferences: {
    skin: "Skin",
    switchToLight: "Switch to light skin",
    switchToDark: "Switch to dark skin",
    menuLayout: "Menu layout",
    switchToHorizontal: "Use horizontal menu",
    switchToVertical: "Use vertical menu",
    language: "Language",
    english: "English",
    norwegian: "Norsk",
  },
  auth: {
    signInTitle: "Sign in to Workspace",
    signIn: "Sign in",
    signOut: "Sign out",
    signedInAs: "Signed in as {{name}}",
    sessionExpired: "Your session has ended. Please sign in again.",
    signInFailed: "Sign-in did not complete. Please try again.",
  },
  home: {
    title: "Welcome to Workspace",
    greeting: "Welcome, {{name}}",
    today: "Today is {{date}}.",
    apiDocs: "Provider API documentation",
  },
  errors: {
    notFoundTitle: "Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    backHome: "Back to home",
    oops: "Oops! Something went wrong on our end. We'll fix this as soon as possible.",
    forbidden: "Oops! You do not have access to this page.",
    status: "Error {{status}}",
  },
};

export type Translations = typeof en;
export default en;
