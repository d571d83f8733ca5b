const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs are checked before they reach SQL, so a malformed one is simply not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A search term as a LIKE pattern that matches it literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A stored key made from a name ("Follow-up" → "follow_up"): lower-case letters, digits and underscores, starting with
 * a letter, numbered when `taken` has it already (which it then holds too).
 */
export function uniqueKey(name: string, taken: Set<string>, fallback: string, maxLength = 50): string {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .replace(/^(\d)/, `${fallback}_$1`)
      .slice(0, maxLength) || fallback;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}
