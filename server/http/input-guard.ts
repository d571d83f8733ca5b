import type { FastifyInstance } from "fastify";
import type { FieldError } from "../contract/errors.ts";
import { inputTexts, refusedTextMessage } from "../contract/messages.ts";
import { DomainError } from "./errors.ts";

/** Enough to say what is wrong; a body of a million bad strings does not get a million errors back. */
const MAX_PROBLEMS = 100;

/** Far deeper than any body the API takes; past it, recursive code (validation, JSON.stringify) would run out of stack. */
export const MAX_DEPTH = 64;

/**
 * Each place under value whose text PostgreSQL would refuse (a NUL, an unpaired surrogate, in a key or a value), and
 * the first place nested deeper than MAX_DEPTH, as field errors ("values.name", "tags.0"). Walked with a stack of its
 * own, so that no nesting overflows it.
 */
export function inputProblems(value: unknown): { field: string; defaultMessage: string }[] {
  const problems: { field: string; defaultMessage: string }[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  let tooDeep = false;
  while (pending.length > 0 && problems.length < MAX_PROBLEMS) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === "string") {
      const message = refusedTextMessage(item);
      if (message) problems.push({ field: path.join("."), defaultMessage: message });
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (path.length >= MAX_DEPTH) {
      if (!tooDeep) problems.push({ field: path.join("."), defaultMessage: inputTexts.tooDeep });
      tooDeep = true;
      continue;
    }
    const entries = Array.isArray(item)
      ? item.map((entry, index) => [String(index), entry] as const)
      : Object.entries(item);
    // Pushed in reverse, so that problems are reported in the order they appear.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, entry] = entries[index];
      const keyMessage = refusedTextMessage(key);
      if (keyMessage) problems.push({ field: [...path, key].join("."), defaultMessage: keyMessage });
      else pending.push({ value: entry, path: [...path, key] });
    }
  }
  return problems;
}

/**
 * PostgreSQL refuses U+0000 and unpaired surrogates in text, and deeply nested JSON overflows the stack of whatever
 * reads it recursively: either would end as an internal error deep in a query. They are refused up front instead, as
 * a field error on each place found, before any route sees the request.
 */
export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const errors: FieldError[] = [];
    for (const [objectName, part] of [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const) {
      for (const problem of inputProblems(part)) {
        errors.push({ field: problem.field || objectName, defaultMessage: problem.defaultMessage, objectName });
      }
    }
    if (errors.length > 0) {
      throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", errors);
    }
  });
}
