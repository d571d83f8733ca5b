import { ChakraProvider } from "@chakra-ui/react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { system } from "../../theme.ts";
import { EMOTION_KEY } from "../../utils/emotion.ts";
import { type StaticClassDefinition, staticClasses } from "./static-classes.tsx";

export interface StaticClassRules {
  name: string;
  /** Emotion's class for the same styles, as the Chakra element would have had on a page. */
  emotionClass: string;
  /** Chakra's own class names on the element (`chakra-button`), which the plain element carries too. */
  chakraClasses: string[];
  /** The element's tag and the part attributes Chakra gives it (`data-scope`, `data-part`), which the kit copies. */
  tag: string;
  parts: Record<string, string>;
  css: string;
}

/**
 * Renders each static class's Chakra element once, as a page would, and takes the rules Emotion wrote for it, with
 * the static class's name as their selector: the same CSS, in a stylesheet instead of in every page.
 */
export function renderStaticClassRules(
  definitions: Record<string, StaticClassDefinition> = staticClasses,
): StaticClassRules[] {
  const cache = createCache({ key: EMOTION_KEY });
  cache.compat = true;
  return Object.entries(definitions).map(([name, definition]) => {
    const { element, tag } = isValidElement(definition) ? { element: definition, tag: undefined } : definition;
    const html = renderToStaticMarkup(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>{element}</ChakraProvider>
      </CacheProvider>,
    );
    const [tagName, className] = tag?.split(".") ?? [];
    const [opening, openingTag] =
      [...html.matchAll(/<([a-z][a-z0-9]*)[^>]*/g)].find(
        ([text, name]) => !tagName || (name === tagName && (!className || text.includes(className))),
      ) ?? [];
    if (!opening) throw new Error(`static class ${name}: no ${tag ?? "element"} in ${html}`);
    const classes = / class="([^"]*)"/.exec(opening)?.[1].split(" ") ?? [];
    const emotionClasses = classes.filter((c) => c.startsWith(`${EMOTION_KEY}-`));
    if (emotionClasses.length !== 1) {
      throw new Error(`static class ${name}: expected one ${EMOTION_KEY}-… class on ${opening}`);
    }
    const [emotionClass] = emotionClasses;
    const rules = cache.inserted[emotionClass.slice(EMOTION_KEY.length + 1)];
    if (typeof rules !== "string") throw new Error(`static class ${name}: no rules for ${emotionClass}`);
    return {
      name,
      emotionClass,
      chakraClasses: classes.filter((c) => c !== emotionClass),
      tag: openingTag,
      parts: Object.fromEntries(
        [...opening.matchAll(/ (data-scope|data-part)="([^"]*)"/g)].map(([, attribute, value]) => [attribute, value]),
      ),
      css: rules.replace(new RegExp(`\\.${emotionClass}(?![\\w-])`, "g"), `.${name}`),
    };
  });
}

export function renderStaticClasses(): string {
  return renderStaticClassRules()
    .map((rules) => rules.css)
    .join("");
}
