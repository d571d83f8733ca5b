import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";

/**
 * Side panels and dialogs open from the URL, and most page views show none, so their code (Chakra's drawer and dialog,
 * the focus trap, the form and its schema) is a chunk of its own that loads when one opens. The server still renders
 * them open (it waits for all content), and their HTML hydrates once the chunk has arrived.
 */
const loadRecordPanel = () => import("./record-panel.tsx");
const loadDialogs = () => import("../../components/dialogs.tsx");

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
export const ErrorDialog = suspended(() => loadDialogs().then((m) => ({ default: m.ErrorDialog })));
export const ConfirmDialog = suspended(() => loadDialogs().then((m) => ({ default: m.ConfirmDialog })));

/** Starts loading the record panel's code: when a pointer or focus reaches a link that opens it. */
export function preloadRecordPanel() {
  void loadRecordPanel();
}
