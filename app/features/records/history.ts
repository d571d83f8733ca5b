export const HISTORY_CUT = 500;
export const HISTORY_READ_MORE_ABOVE = 514;

/** A history entry's text: in full up to 514 characters, otherwise cut at 500 with the rest behind "read more". */
export function splitHistoryText(text: string): { shown: string; rest: string | null } {
  if (text.length <= HISTORY_READ_MORE_ABOVE) return { shown: text, rest: null };
  return { shown: text.slice(0, HISTORY_CUT), rest: text.slice(HISTORY_CUT) };
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** One line per change, "Label: before → after"; plain text, so line breaks are its only structure. */
export function historyText(
  changes: { key: string; before: unknown; after: unknown }[],
  label: (key: string) => string,
  action: string,
  value: (key: string, value: unknown) => string = (_key, v) => plain(v),
): string {
  const empty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
  return (
    changes
      // A new or deleted record lists only the values it had.
      .filter(
        (change) =>
          action === "update" || !empty(action === "create" || action === "link" ? change.after : change.before),
      )
      .map((change) => {
        const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : value(change.key, v));
        if (action === "create" || action === "link") return `${label(change.key)}: ${show(change.after)}`;
        if (action === "delete" || action === "unlink") return `${label(change.key)}: ${show(change.before)}`;
        return `${label(change.key)}: ${show(change.before)} → ${show(change.after)}`;
      })
      .join("\n")
  );
}
