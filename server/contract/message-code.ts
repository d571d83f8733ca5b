/**
 * A message travels as a code: the key of its text in the locale files, with its values. Schemas, services and the
 * API's answers carry codes, and each reader shows the code in its own language: the web app with the page's
 * translator, the API in English (`defaultMessage`, `message`) for clients that show texts as they come.
 *
 * Zod messages are strings, and Conform keeps a field's errors as strings, so a code with values is written as one
 * string, the key and its values as a query: `validation.maxLength?max=255`.
 */
export type MessageValues = Record<string, string | number>;

export interface Message {
  key: string;
  values?: Record<string, string>;
}

/** A message's code: its key, and its values if it has any. */
export function messageCode(key: string, values?: MessageValues): string {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return key;
  return `${key}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()}`;
}

// A key is a path of names; anything else (a text that is no code) has spaces, punctuation or no dot at all.
const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/** The key and values of a code, or null when the text is no code (a message without one, shown as it is). */
export function readMessageCode(code: string): Message | null {
  const at = code.indexOf("?");
  const key = at === -1 ? code : code.slice(0, at);
  if (!KEY.test(key)) return null;
  if (at === -1) return { key };
  return { key, values: Object.fromEntries(new URLSearchParams(code.slice(at + 1))) };
}

/** A table's codes, each its key under `prefix`: the table of English texts stays the catalogue's source. */
export function messageCodes<Table extends Record<string, string>>(
  prefix: string,
  table: Table,
): { readonly [Name in keyof Table]: string } {
  return Object.fromEntries(Object.keys(table).map((name) => [name, `${prefix}.${name}`])) as {
    [Name in keyof Table]: string;
  };
}
