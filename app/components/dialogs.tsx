import { Button, Dialog, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useMessageText } from "../utils/message-text.ts";
import { useTranslation } from "../utils/translation.tsx";

/**
 * A dialog that asks or warns (role alertdialog), open as the page renders it: its title, its text and its buttons.
 * Escape, the backdrop and × call `onClose`; with `action` its parts are a form posted there.
 */
export function AlertDialog({
  title,
  text,
  footer,
  onClose,
  testId,
  action,
}: {
  title: string;
  text: ReactNode;
  footer: ReactNode;
  onClose: () => void;
  testId?: string;
  action?: string;
}) {
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text>{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && onClose()}
      // The page may take focus back when another dialog (the confirmation that led here) closes after this opened.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid={testId}>
          {action === undefined ? (
            parts
          ) : (
            <Form method="post" action={action}>
              {parts}
            </Form>
          )}
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/**
 * A question before something that cannot be undone, such as deleting a record. It is URL state, so the server renders
 * it open; the confirming button posts `intent` to `action`.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  closeTo,
  action,
  intent,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  closeTo: string;
  action: string;
  intent: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AlertDialog
      title={title}
      text={children}
      onClose={() => navigate(closeTo)}
      testId={testId}
      action={action}
      footer={
        <>
          <Button asChild variant="outline">
            <Link to={closeTo}>{t("common.cancel")}</Link>
          </Button>
          <Button type="submit" name="intent" value={intent} colorPalette="red" autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/**
 * The warning dialog of a failed change (spec §8): the error catalogue's text, or the server's, with Close. Closing it
 * returns to the page as it was, a filled form included: with JavaScript it simply closes; without, Close posts the
 * form `dismissForm` again with intent "dismiss", and the page comes back with its values and no dialog.
 */
export function ErrorDialog({
  text,
  source,
  dismissForm,
  closeTo,
}: {
  /** The message, in English as the catalogue has it (or as the server wrote it); shown in the page's language. */
  text: string;
  /** The answer that brought the message (the action's data): each new one opens the dialog again. */
  source: object;
  dismissForm?: string;
  /** Without a form to return to, Close is a link here. */
  closeTo?: string;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [closedFor, setClosedFor] = useState<object | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (closedFor === source) return null;
  const setOpen = (open: boolean) => setClosedFor(open ? null : source);
  const close = t("common.close");
  return (
    <AlertDialog
      title={t("apiErrors.title")}
      text={messageText(text)}
      onClose={() => setOpen(false)}
      testId="error-dialog"
      footer={
        hydrated || !(dismissForm || closeTo) ? (
          <Button colorPalette="teal" onClick={() => setOpen(false)} autoFocus>
            {close}
          </Button>
        ) : dismissForm ? (
          <Button
            type="submit"
            form={dismissForm}
            name="intent"
            value="dismiss"
            formNoValidate
            colorPalette="teal"
            autoFocus
          >
            {close}
          </Button>
        ) : (
          <Button asChild colorPalette="teal">
            <Link to={closeTo ?? "."} autoFocus>
              {close}
            </Link>
          </Button>
        )
      }
    />
  );
}
