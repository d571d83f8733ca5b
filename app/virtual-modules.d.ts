declare module "virtual:locale-chunks" {
  /**
   * The browser build's file of each language's texts, as "/assets/en-….js", and of each text part in each language
   * ("settings.en"); empty in dev.
   */
  const files: Partial<Record<string, string>>;
  export default files;
}
