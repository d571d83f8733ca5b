import { type Submission, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

type FormInput<S extends z.ZodType> = z.input<S> extends Record<string, unknown> ? z.input<S> : never;

type SchemaFormOptions<S extends z.ZodType> = Omit<
  Parameters<typeof useForm<FormInput<S>, z.output<S>, string[]>>[0],
  "constraint" | "onValidate"
> & {
  /** How the browser reads a submission when it is more than the schema's parse (texts given to it, values reshaped). */
  parse?: (formData: FormData) => Submission<FormInput<S>, string[], unknown>;
};

/**
 * A Conform form checked by the zod schema its action also parses: the schema's constraints on the inputs (so the
 * browser checks them before JavaScript), and its messages as a field is left and again as it is corrected, unless
 * the form says when (then Conform's rule holds: revalidated as first validated).
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, { parse, ...options }: SchemaFormOptions<S>) {
  const timing = options.shouldValidate ? {} : ({ shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const);
  return useForm<FormInput<S>, z.output<S>, string[]>({
    ...timing,
    ...options,
    // A schema that reshapes what it parses (a pipe) constrains the inputs by what they hold before that.
    constraint: getZodConstraint(schema instanceof z.ZodPipe ? schema.in : schema),
    onValidate: ({ formData }) =>
      (parse ? parse(formData) : parseWithZod(formData, { schema })) as Submission<FormInput<S>, string[], z.output<S>>,
  });
}
