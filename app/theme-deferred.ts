import type { SystemContext } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  spinnerRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from "@chakra-ui/react/theme";
import { system } from "./theme.ts";

/**
 * Recipes of the components that a signed-in page does not paint first: side panels, dialogs,
 * toasts, a busy button's spinner, and what only other pages show (cards, badges, alerts). In the browser they come
 * with the code that renders them: a module that renders one of these components imports this
 * one, which adds them to the theme before anything renders (theme.test.ts checks the imports).
 * The server adds them at start (entry.server.tsx).
 */
export const deferredRecipes = {
  recipes: { badge: badgeRecipe, checkmark: checkmarkRecipe, spinner: spinnerRecipe, textarea: textareaRecipe },
  slotRecipes: {
    alert: alertSlotRecipe,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    toast: toastSlotRecipe,
  },
};

/** Adds the recipes above; the system reads its recipes from its configuration each time it meets a component. */
export function addDeferredRecipes(target: SystemContext) {
  const { theme } = target._config;
  if (!theme) throw new Error("app/theme.ts has no theme");
  theme.recipes = { ...theme.recipes, ...deferredRecipes.recipes };
  theme.slotRecipes = { ...theme.slotRecipes, ...deferredRecipes.slotRecipes };
}

addDeferredRecipes(system);
