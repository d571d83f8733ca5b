import { z } from "zod";

/** A message's values, by name, for its text (`Max {{max}} limit`). */
const messageParamsSchema = z.record(z.string(), z.string());

/**
 * One field problem, as the spec's validation errors list them: the field (a path with dots: `customFields.size`,
 * `filters.0.param`), the English text, and, for the product's messages, their code (the key of the text in the
 * locale files) and values, which clients show in their own language.
 */
export const fieldErrorSchema = z.object({
  field: z.string(),
  defaultMessage: z.string(),
  objectName: z.string(),
  code: z.string().optional(),
  params: messageParamsSchema.optional(),
});

/** The body of every error response of the provider API. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  exceptionName: z.string(),
  message: z.string(),
  /** The code and values of `message`, when it is one of the product's messages. */
  code: z.string().optional(),
  params: messageParamsSchema.optional(),
  errors: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
