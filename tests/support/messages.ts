import { describeMessage } from "../../server/i18n.ts";

/** A message code's English text, as the API answers it. */
export function english(code: string): string {
  return describeMessage(code).text;
}

/** Every message code in a value (a string, or arrays and objects of them) in its English text; the rest as it is. */
export function inEnglish<Value>(value: Value): Value {
  if (typeof value === "string") return english(value) as Value;
  if (Array.isArray(value)) return value.map(inEnglish) as Value;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inEnglish(item)])) as Value;
  }
  return value;
}
