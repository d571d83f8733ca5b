/**
 * The styling benchmark's other side (npm run bench:styling): the app as it would be written with Chakra's own
 * components. Every element that carries a static class (app/styles/static-classes/static-classes.tsx) is rendered as the Chakra
 * element the class stands for, with the element itself as its child (`asChild`), so the markup keeps its tags,
 * attributes and handlers while its styles are resolved by Chakra and Emotion on each render, on the server and in the
 * browser, as they would be without the static classes.
 */
import { type ElementType, isValidElement, type ReactElement } from "react";
import * as runtime from "react/jsx-runtime";
import { type StaticClassDefinition, staticClasses } from "../../../app/styles/static-classes/static-classes.tsx";

/** The Chakra element a class is taken from: the one whose tag the definition names, else the element itself. */
function chakraElementOf(definition: StaticClassDefinition): ReactElement<Record<string, unknown>> {
  if (isValidElement(definition)) return definition as ReactElement<Record<string, unknown>>;
  const { element, tag } = definition;
  const root = element as ReactElement<Record<string, unknown>>;
  if (tag === "table") return { ...root, props: { ...root.props, children: undefined } };
  let inner = root;
  while (isValidElement(inner.props.children)) inner = inner.props.children as ReactElement<Record<string, unknown>>;
  return inner;
}

const chakraElements = new Map(
  Object.entries(staticClasses)
    // The chevron is the native select indicator's own icon, which the indicator styles.
    .filter(([name]) => name !== "ws-select-chevron")
    .map(([name, definition]) => [name, chakraElementOf(definition)]),
);

/** Chakra's select field wraps its children (a placeholder beside them), so it takes the element's props instead. */
const takesProps = new Set(["ws-select-field"]);

type Props = Record<string, unknown> & { className?: unknown };

function styled(render: typeof runtime.jsx) {
  return (type: Parameters<typeof runtime.jsx>[0], props: Props, key?: string) => {
    if (typeof props.className !== "string" || !props.className.includes("ws-")) return render(type, props, key);
    const classes = props.className.split(" ");
    const name = classes.find((c) => chakraElements.has(c));
    const chakraElement = name ? chakraElements.get(name) : undefined;
    if (!chakraElement) return render(type, props, key);
    const rest = classes.filter((c) => c !== name).join(" ");
    if (name && takesProps.has(name)) {
      return render(
        chakraElement.type as ElementType,
        { ...chakraElement.props, ...props, className: rest || undefined },
        key,
      );
    }
    const child = render(type, { ...props, className: rest || undefined });
    return runtime.jsx(
      chakraElement.type as ElementType,
      { ...chakraElement.props, asChild: true, children: child },
      key,
    );
  };
}

export const Fragment = runtime.Fragment;
export const jsx = styled(runtime.jsx);
export const jsxs = styled(runtime.jsxs);
