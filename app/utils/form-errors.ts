import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import { messages } from "../../server/contract/messages.ts";

/** An empty control is "Required"; the contract's schemas word everything else. */
export const requiredErrors: z.core.$ZodErrorMap = (issue) =>
  issue.code === "invalid_type" && issue.input === undefined ? messages.required : undefined;

/** Messages for what the contract's schema leaves to zod: an empty control, a number that is not one or out of range. */
export const numberFormErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return messages.required;
  if (issue.code === "invalid_type" && (issue.expected === "number" || issue.expected === "int")) {
    return messages.notANumber;
  }
  if (issue.code === "too_small" && issue.origin === "number") return `Must be at least ${issue.minimum}`;
  if (issue.code === "too_big" && issue.origin === "number") return `Must be at most ${issue.maximum}`;
  return undefined;
};

/**
 * A settings form's coercion: conform-zod's, except that a flag with a default is a checkbox that is always on the
 * form, so an unchecked (absent) one is false. Without this an unchecked "Active" would fall back to its default, true.
 */
export const { coerceFormValue: coerceWithCheckboxes } = configureCoercion({
  customize: (type) => {
    const def = type._zod.def as { type: string; innerType?: { _zod: { def: { type: string } } } };
    return def.type === "default" && def.innerType?._zod.def.type === "boolean" ? (value) => value === "on" : null;
  },
});

/** "blocks[1].label" as a path of names and indexes. */
function pathOf(name: string): (string | number)[] {
  return [...name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] ? Number(match[2]) : match[1]));
}

/**
 * A contract schema's issues as a form's, for a form whose names are not the contract's (a builder's choices): each
 * issue's path named as the contract names it (`blocks.0.label`), then as the form does (`rename`), as a path again.
 */
export function issuesOnForm(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
  rename: (contractName: string) => string,
): { message: string; path: (string | number)[] }[] {
  return issues.map((issue) => ({
    message: issue.message,
    path: pathOf(rename(issue.path.map((part) => String(part)).join("."))),
  }));
}

/** Errors by the form's names (`rename`), each message kept once per field. */
export function errorsOnForm(
  errors: Record<string, string[] | null> | null | undefined,
  rename: (name: string) => string,
): Record<string, string[]> {
  const mapped: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) {
    if (!list?.length) continue;
    const field = rename(name);
    mapped[field] = [...(mapped[field] ?? []), ...list.filter((message) => !mapped[field]?.includes(message))];
  }
  return mapped;
}
