import { chakra } from "@chakra-ui/react";
import { type FieldMetadata, getInputProps } from "@conform-to/react";

/**
 * A native checkbox in its label: it shows its state with or without JavaScript (Chakra's Checkbox draws its state
 * from script), so forms that must work without JavaScript tick these.
 */
export const CheckLabel = chakra("label", {
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: "2",
    cursor: "pointer",
    fontSize: "sm",
    "& input": { accentColor: "teal.solid", width: "4", height: "4", flexShrink: 0 },
    "& input:disabled": { cursor: "not-allowed" },
  },
});

/** A flag of a Conform form as a native checkbox in its label, ticked as the form has it. */
export function CheckField({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  const { key: _key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <CheckLabel>
      <input {...props} key={meta.key} />
      {label}
    </CheckLabel>
  );
}
