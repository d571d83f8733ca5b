import { chakra } from "@chakra-ui/react";

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
