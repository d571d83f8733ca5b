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

/** The server's one-time notice as a toast, once scripts run (spec §9: 3 s, 4 s for token errors). */
export function FlashToast({ toast }: { toast: FlashToastData | null }) {
  const { t } = useTranslation();
  const title = toast ? t(toast.message, toast.params) : "";
  // Toasts need scripts, so the region is mounted in the browser only, and kept once there.
  const [regionMounted, setRegionMounted] = useState(false);
  useEffect(() => {
    if (toast) setRegionMounted(true);
  }, [toast]);
  if (!regionMounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion toast={toast} title={title} />
    </Suspense>
  );
}

/** The same notice for browsers without JavaScript: placed at the top of the page's content. */
export function NoscriptFlash({ toast }: { toast: FlashToastData | null }) {
  const { t } = useTranslation();
  if (!toast) return null;
  return (
    <noscript>
      <Suspense fallback={null}>
        <NoscriptNotice status={toast.status} title={t(toast.message, toast.params)} />
      </Suspense>
    </noscript>
  );
}
