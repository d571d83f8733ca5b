/** The provider's own pages' texts (sign-in, invitation, messages), by their keys (`pages.<name>`). */
export const pageTextsEnglish = {
  signInTitle: "Sign in to Workspace",
  email: "Email",
  password: "Password",
  signIn: "Sign in",
  invalid: "Wrong email or password.",
  throttled: "Too many sign-in attempts. Wait a minute and try again.",
  locked: "Too many failed sign-ins for this account. Try again later.",
  registerTitle: "Choose your password",
  newPassword: "New password",
  register: "Save password",
  registered: "Your password is saved. You can now sign in.",
  registerThrottled: "Too many attempts. Wait a minute and try again.",
  toWorkspace: "Go to Workspace",
};

export type PageTexts = { [Key in keyof typeof pageTextsEnglish]: string };

export const pageTextsNorwegian: PageTexts = {
  signInTitle: "Logg inn i Workspace",
  email: "E-post",
  password: "Passord",
  signIn: "Logg inn",
  invalid: "Feil e-post eller passord.",
  throttled: "For mange innloggingsforsøk. Vent et minutt og prøv igjen.",
  locked: "For mange mislykkede innlogginger for denne kontoen. Prøv igjen senere.",
  registerTitle: "Velg passord",
  newPassword: "Nytt passord",
  register: "Lagre passord",
  registered: "Passordet er lagret. Du kan nå logge inn.",
  registerThrottled: "For mange forsøk. Vent et minutt og prøv igjen.",
  toWorkspace: "Gå til Workspace",
};
