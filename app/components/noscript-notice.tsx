import { Alert, Box } from "@chakra-ui/react";
import type { FlashToastData } from "./toaster.tsx";
import "../theme-deferred.ts";

/** The server's notice as a plain alert, for browsers without JavaScript (see FlashToast). */
export default function NoscriptNotice({ status, title }: { status: FlashToastData["status"]; title: string }) {
  return (
    <Box position="fixed" top="4" right="4" zIndex="toast" maxW="sm">
      <Alert.Root status={status === "error" ? "warning" : status}>
        <Alert.Indicator />
        <Alert.Title>{title}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
