import { z } from "zod";

/** One field problem, as the spec's validation errors list them. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  defaultMessage: z.string(),
  objectName: z.string(),
});

/** The body of every error response of the provider API. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  exceptionName: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
