declare module "virtual:locale-chunks" {
  /**
   * The browser build's file of each language's texts, as "/assets/en-….js", and of each text part in each language
   * ("settings.en"), each first in a list of the files it imports that the browser's entry does not; empty in dev.
   */
  const files: Partial<Record<string, string[]>>;
  export default files;
}
