import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../utils/translation.tsx";

export interface FlashToastData {
  status: "success" | "error" | "info";
  message: string;
  duration: number;
  params?: Record<string, string>;
}

// Most pages show no notice, so the toasts' code loads with the first one.
const ToastRegion = lazy(() => import("./toast-region.tsx"));
// A browser renders nothing inside <noscript>, so only the server's code has this one.
const NoscriptNotice = import.meta.env.SSR ? lazy(() => import("./noscript-notice.tsx")) : () => null;

/**
 * Shows the server's one-time notice: as a toast once scripts run, and as a plain alert
 * for browsers without JavaScript.
 */
export function FlashToast({ toast, fallback = true }: { toast: FlashToastData | null; fallback?: boolean }) {
  const { t } = useTranslation();
  const title = toast ? t(toast.message, toast.params) : "";
  // Toasts need scripts, so the region is mounted in the browser only, and kept once there.
  const [regionMounted, setRegionMounted] = useState(false);
  useEffect(() => {
    if (toast) setRegionMounted(true);
  }, [toast]);
  return (
    <>
      {regionMounted && (
        <Suspense fallback={null}>
          <ToastRegion toast={toast} title={title} />
        </Suspense>
      )}
      {toast && fallback && (
        <noscript>
          <Suspense fallback={null}>
            <NoscriptNotice status={toast.status} title={title} />
          </Suspense>
        </noscript>
      )}
    </>
  );
}
