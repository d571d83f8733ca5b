import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type SelectOption = { value: string; label: ReactNode };

/**
 * A native select of a list of options: the browser's own list, which works without JavaScript. `empty` is a first
 * option of no value ("Choose", "—"); the field's props (a Conform field's `getSelectProps`, a name and default, an
 * aria-label) go to the select itself.
 */
export function OptionSelect({
  options,
  empty,
  size,
  width,
  ...field
}: {
  options: readonly SelectOption[];
  empty?: ReactNode;
  size?: NativeSelect.RootProps["size"];
  width?: NativeSelect.RootProps["width"];
} & Omit<NativeSelect.FieldProps, "children">) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field {...field}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
