type Tree = { readonly [key: string]: unknown };

interface ThemeData {
  cssVarsPrefix: string;
  cssVarsRoot: string;
  textStyles: Tree;
  layerStyles: Tree;
  animationStyles: Tree;
  tokens: Tree;
  semanticTokens: Tree;
  keyframes: Tree;
  globalCss: Tree;
  recipes: Tree;
  slotRecipes: Tree;
  appTokens: Tree;
  appGlobalCss: Tree;
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
 * app/theme-data.ts as the browser needs it, as plain data: every token without its value,
 * no keyframes (Chakra reads their names only to type style props), no global CSS, and the
 * recipes and text, layer and animation styles as the objects they are (Chakra builds some
 * recipes from others, so the modules behind them are more than the data). Chakra then writes
 * the same class names and rules as with the whole theme (app/theme.test.ts checks this); the
 * values are in the cached stylesheet.
 */
export function browserTheme(theme: ThemeData): ThemeData {
  return {
    cssVarsPrefix: theme.cssVarsPrefix,
    cssVarsRoot: theme.cssVarsRoot,
    textStyles: JSON.parse(JSON.stringify(theme.textStyles)),
    layerStyles: JSON.parse(JSON.stringify(theme.layerStyles)),
    animationStyles: JSON.parse(JSON.stringify(theme.animationStyles)),
    tokens: withoutValues(theme.tokens),
    semanticTokens: withoutValues(theme.semanticTokens),
    keyframes: {},
    globalCss: {},
    recipes: JSON.parse(JSON.stringify(theme.recipes)),
    slotRecipes: JSON.parse(JSON.stringify(theme.slotRecipes)),
    appTokens: withoutValues(theme.appTokens),
    appGlobalCss: {},
  };
}

/** A JavaScript expression for `value`, with each group of placeholder tokens written as their names only. */
function expression(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([, node]) => isToken(node) && node.value === "0")) {
    return `t(${JSON.stringify(entries.map(([key]) => key).join(" "))})`;
  }
  return `{${entries.map(([key, node]) => `${JSON.stringify(key)}:${expression(node)}`).join(",")}}`;
}

/** The browser build's app/theme-data.ts: `browserTheme` as a module, written compactly. */
export function browserThemeModule(theme: ThemeData): string {
  const lean = browserTheme(theme);
  return [
    'const t = (names) => Object.fromEntries(names.split(" ").map((name) => [name, { value: "0" }]));',
    ...Object.entries(lean).map(([name, value]) => `export const ${name} = ${expression(value)};`),
  ].join("\n");
}
