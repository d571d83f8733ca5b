import type { ReactNode } from "react";
import { useTranslation } from "../../utils/translation.tsx";
import { ConfirmDialog, ErrorDialog } from "../records/lazy-panels.tsx";

/**
 * The question before an item of a settings list is deleted. It posts to `action`, an address without the question in
 * it, so that a refusal shows its warning over the list.
 */
export function ConfirmDelete({
  title,
  closeTo,
  action,
  children,
}: {
  title: string;
  closeTo: string;
  action: string;
  /** The question. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={t("common.delete")}
      closeTo={closeTo}
      action={action}
      intent="delete"
      testId="confirm-delete"
    >
      {children}
    </ConfirmDialog>
  );
}

/**
 * The warning of a refused change, once the question that led to it (`asking`) has gone: the action's answer comes
 * before the revalidated page, and a question closing later would hand the focus back to the page, which closes the
 * warning. Without JavaScript, Close posts the open panel's form (`dismissForm`) again, or goes to `closeTo`.
 */
export function RefusalDialog({
  result,
  asking,
  dismissForm,
  closeTo,
}: {
  /** The action's answer. */
  result: { dialog?: string | null } | undefined;
  asking: boolean;
  dismissForm?: string;
  closeTo: string;
}) {
  if (!result?.dialog || asking) return null;
  return <ErrorDialog text={result.dialog} source={result} dismissForm={dismissForm} closeTo={closeTo} />;
}
