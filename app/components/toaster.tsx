import { Alert, Box, Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface FlashToastData {
  status: "success" | "error" | "info";
  message: string;
  duration: number;
  params?: Record<string, string>;
}

/** App notices last 3 s; token errors pass their own 4 s. */
export const toaster = createToaster({ placement: "top-end", duration: 3000, pauseOnPageIdle: true });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

/**
 * Shows the server's one-time notice: as a toast once scripts run, and as a plain alert
 * for browsers without JavaScript.
 */
export function FlashToast({ toast, fallback = true }: { toast: FlashToastData | null; fallback?: boolean }) {
  const { t } = useTranslation();
  const title = toast ? t(toast.message, toast.params) : "";
  useEffect(() => {
    if (!toast) return;
    toaster.create({ title, type: toast.status, duration: toast.duration });
  }, [toast, title]);
  return (
    <>
      <Toaster />
      {toast && fallback && (
        <noscript>
          <Box position="fixed" top="4" right="4" zIndex="toast" maxW="sm">
            <Alert.Root status={toast.status === "error" ? "warning" : toast.status}>
              <Alert.Indicator />
              <Alert.Title>{title}</Alert.Title>
            </Alert.Root>
          </Box>
        </noscript>
      )}
    </>
  );
}
