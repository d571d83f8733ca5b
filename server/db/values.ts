const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs are checked before they reach SQL, so a malformed one is simply not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A search term as a LIKE pattern that matches it literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
