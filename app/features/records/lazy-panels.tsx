import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";

/**
 * Side panels and dialogs open from the URL, and most page views show none, so their code
 * (Chakra's drawer and dialog, the focus trap, the form inputs) is a chunk of its own that
 * loads when one opens. The server still renders them open (it waits for all content), and
 * their HTML hydrates once the chunk has arrived.
 */
export const loadRecordPanel = () => import("./record-panel.tsx");
const loadGoToDialog = () => import("./go-to-dialog.tsx");

export function suspended<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  const Lazy = lazy(load);
  return function Suspended(props: ComponentProps<C>) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const RecordPanel = suspended(() => loadRecordPanel().then((m) => ({ default: m.RecordPanel })));
export const ErrorDialog = suspended(() => loadRecordPanel().then((m) => ({ default: m.ErrorDialog })));
export const GoToDialog = suspended(() => loadGoToDialog().then((m) => ({ default: m.GoToDialog })));

/** Props for a link that opens a panel: its code starts loading when the pointer or focus gets there. */
export function preloadOn(load: "recordPanel" | "goToDialog") {
  const start = () => void (load === "recordPanel" ? loadRecordPanel() : loadGoToDialog());
  return { onPointerEnter: start, onFocus: start };
}
