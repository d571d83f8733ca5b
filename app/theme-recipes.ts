import type { RecipeDefinition, SlotRecipeConfig } from "@chakra-ui/react";
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from "@chakra-ui/react/theme";

/**
 * The recipes of Chakra's components. On the server, in development and in tests, all of them; the browser build
 * replaces this module with only those of the components the app imports (app/styles/chakra-recipes.ts), so a page
 * does not load the styles of some fifty components it never shows. Nothing needs registering: a component imported
 * anywhere in app/ brings its recipes.
 */
export const recipes: Record<string, RecipeDefinition> = allRecipes;
export const slotRecipes: Record<string, SlotRecipeConfig> = allSlotRecipes;
