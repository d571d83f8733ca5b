import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Pages that stand alone: sign-in, errors. */
export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <Box as="main" id="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6">
      {children}
    </Box>
  );
}
