import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { useEffect } from "react";

import type { FlashToastData } from "./toaster.tsx";

/** App notices last 3 s; token errors pass their own 4 s. */
const toaster = createToaster({ placement: "top-end", duration: 3000, pauseOnPageIdle: true });

/**
 * Creates the toast. The toaster shows no toast created before it has started, which it does
 * a microtask after it is on the page (beside this component, in the portal); a task later,
 * it has.
 */
function ShowToast({ toast, title }: { toast: FlashToastData | null; title: string }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => toaster.create({ title, type: toast.status, duration: toast.duration }));
    return () => clearTimeout(timer);
  }, [toast, title]);
  return null;
}

/** The toasts themselves; a chunk of its own, loaded with the first notice (see FlashToast). */
export default function ToastRegion({ toast, title }: { toast: FlashToastData | null; title: string }) {
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
      <ShowToast toast={toast} title={title} />
    </Portal>
  );
}
