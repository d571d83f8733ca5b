import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FormField } from "./form-field.tsx";
import { OptionSelect } from "./option-select.tsx";

type FieldErrors = Pick<FieldMetadata<unknown>, "id" | "errors" | "errorId" | "required">;

/**
 * A native select of a Conform field, labelled, with its errors: `options`, after a first one that chooses nothing
 * (`empty`, its words) if given. `children` stands under the select, inside the field (a hint).
 */
export function SelectField({
  meta,
  label,
  options,
  empty,
  shown = meta,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  options: { value: string; label: string }[];
  empty?: string;
  /** What the label and the errors show, when it is not `meta` itself (its errors in a screen's own words). */
  shown?: FieldErrors;
  children?: ReactNode;
}) {
  return (
    <FormField meta={shown} label={label}>
      <OptionSelect {...getSelectProps(meta)} key={meta.key} options={options} empty={empty} />
      {children}
    </FormField>
  );
}
