type Tree = { readonly [key: string]: unknown };

interface ThemeTokens {
  tokens: Tree;
  semanticTokens: Tree;
  keyframes: Tree;
  globalCss: Tree;
}

function isToken(node: unknown): node is { value: unknown } {
  return typeof node === "object" && node !== null && "value" in node;
}

/**
 * The same tree of tokens, each with a placeholder for its value. Chakra names a token's CSS
 * variable after its path alone; the one value it reads is "0rem", a spacing that gets no
 * negative twin, so that one is kept.
 */
function withoutValues(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => [
      key,
      isToken(node) ? { value: node.value === "0rem" ? "0rem" : "0" } : withoutValues(node as Tree),
    ]),
  );
}

/**
 * The theme's tokens as the browser needs them: every token without its value, keyframes by
 * name only, no global CSS. Chakra then writes the same class names and rules as with the
 * whole theme (app/theme.test.ts checks this); the values are in the cached stylesheet.
 */
export function browserTheme(theme: ThemeTokens): ThemeTokens {
  return {
    tokens: withoutValues(theme.tokens),
    semanticTokens: withoutValues(theme.semanticTokens),
    keyframes: Object.fromEntries(Object.keys(theme.keyframes).map((name) => [name, {}])),
    globalCss: {},
  };
}
