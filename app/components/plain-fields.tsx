import { chakra, type HTMLChakraProps, useRecipe, useSlotRecipe } from "@chakra-ui/react";
import { type ReactNode, useId } from "react";

/*
 * A labelled input and select for plain GET forms (a list's search and filters), as Chakra's
 * Field, Input and NativeSelect render them and styled by the same recipes, but as plain
 * elements: those components bring Ark's field state (about 5 KiB gzip of a list page's
 * first load) for ids and states that such a form does not need.
 */

type RootProps = Omit<HTMLChakraProps<"div">, "children"> & { label: string };

function FieldRoot({ label, id, children, ...props }: RootProps & { id: string; children: ReactNode }) {
  const field = useSlotRecipe({ key: "field" })();
  return (
    <chakra.div role="group" className="chakra-field__root" css={field.root} {...props}>
      <chakra.label htmlFor={id} className="chakra-field__label" css={field.label} srOnly>
        {label}
      </chakra.label>
      {children}
    </chakra.div>
  );
}

/** An input with a visually hidden label. */
export function LabelledInput({ label, input, ...props }: RootProps & { input: Omit<HTMLChakraProps<"input">, "id"> }) {
  const id = useId();
  const styles = useRecipe({ key: "input" })();
  return (
    <FieldRoot label={label} id={id} {...props}>
      <chakra.input id={id} className="chakra-input" css={styles} {...input} />
    </FieldRoot>
  );
}

/** A native select with a visually hidden label and Chakra's chevron. */
export function LabelledSelect({
  label,
  select,
  children,
  ...props
}: RootProps & { select: Omit<HTMLChakraProps<"select">, "id" | "children">; children: ReactNode }) {
  const id = useId();
  const styles = useSlotRecipe({ key: "nativeSelect" })();
  return (
    <FieldRoot label={label} id={id} {...props}>
      <chakra.div className="chakra-native-select__root" css={styles.root}>
        <chakra.select id={id} className="chakra-native-select__field" css={styles.field} {...select}>
          {children}
        </chakra.select>
        <chakra.div className="chakra-native-select__indicator" css={styles.indicator}>
          <chakra.svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m6 9 6 6 6-6" />
          </chakra.svg>
        </chakra.div>
      </chakra.div>
    </FieldRoot>
  );
}
