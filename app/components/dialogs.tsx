import { Button, Dialog, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useMessageText } from "../utils/message-text.ts";
import { useTranslation } from "../utils/translation.tsx";

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
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && navigate(closeTo)}
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid={testId}>
          <Form method="post" action={action}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{children}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild variant="outline">
                <Link to={closeTo}>{t("common.cancel")}</Link>
              </Button>
              <Button type="submit" name="intent" value={intent} colorPalette="red" autoFocus>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Form>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
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
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && setOpen(false)}
      // The page may take focus back when another dialog (the confirmation that led here) closes after this opened.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="error-dialog">
          <Dialog.Header>
            <Dialog.Title>{t("apiErrors.title")}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>{messageText(text)}</Text>
          </Dialog.Body>
          <Dialog.Footer>
            {hydrated || !(dismissForm || closeTo) ? (
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
            )}
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
