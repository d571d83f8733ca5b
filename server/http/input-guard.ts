import type { FastifyInstance } from "fastify";
import type { FieldError } from "../contract/errors.ts";
import { DomainError } from "./errors.ts";

export const NUL_MESSAGE = "Must not contain a null character";

/** The paths of every string under value that holds U+0000 ("values.name", "tags.0"). */
export function pathsWithNul(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return value.includes("\u0000") ? [path.join(".")] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => pathsWithNul(item, [...path, String(index)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      key.includes("\u0000") ? [[...path, key].join(".")] : pathsWithNul(item, [...path, key]),
    );
  }
  return [];
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL anywhere in a request would end as an internal error deep in a query.
 * It is refused up front instead, as a field error on each place it was found, before any route sees it.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const errors: FieldError[] = [];
    for (const [objectName, part] of [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const) {
      for (const field of pathsWithNul(part)) {
        errors.push({ field: field || objectName, defaultMessage: NUL_MESSAGE, objectName });
      }
    }
    if (errors.length > 0) {
      throw new DomainError(400, "MethodArgumentNotValidException", "Validation failed", errors);
    }
  });
}
