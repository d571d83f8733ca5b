import { Button, CloseButton, Dialog, Field, Input } from "@chakra-ui/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigate } from "react-router";
import { useMessageText } from "../utils/message-text.ts";
import { useSchemaForm } from "../utils/schema-form.ts";
import { useTranslation } from "../utils/translation.tsx";
import { type GoToPageState, goToPageSchema } from "./go-to-page.ts";
import { CloseIcon } from "./icons.tsx";

export interface GoToPageDialogProps {
  /** The list's URL without the page: the form asks it for `gotoPage`. */
  action: string;
  /** The list's own parameters, kept as the dialog moves to another page. */
  keep: Record<string, string>;
  lastPage: number;
  state: GoToPageState;
  /** Where Cancel and Escape go: the list as it was. */
  closeTo: string;
}

/** "Go to Page" (spec §2): a dialog in the URL (`?goto=1`), so it also works without JavaScript. */
export default function GoToPageDialog({ action, keep, lastPage, state, closeTo }: GoToPageDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messageText = useMessageText();
  const schema = goToPageSchema(lastPage);
  const [form, fields] = useSchemaForm(schema, {
    lastResult: state.lastResult,
  });
  const errors = fields.gotoPage.errors;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && navigate(closeTo)}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="goto-dialog">
          <Form method="get" action={action} {...getFormProps(form)}>
            <Dialog.Header>
              <Dialog.Title>{t("list.goToPage")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {Object.entries(keep)
                .filter(([, value]) => value)
                .map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
              <Field.Root invalid={Boolean(errors)}>
                <Field.Label>{t("list.goToPage")}</Field.Label>
                <Input {...getInputProps(fields.gotoPage, { type: "number" })} key={fields.gotoPage.key} autoFocus />
                <Field.ErrorText>{errors?.map(messageText).join(" ")}</Field.ErrorText>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild variant="outline">
                <Link to={closeTo}>{t("common.cancel")}</Link>
              </Button>
              <Button type="submit" colorPalette="teal">
                {t("common.go")}
              </Button>
            </Dialog.Footer>
          </Form>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" asChild>
              <Link to={closeTo} aria-label={t("common.close")}>
                <CloseIcon />
              </Link>
            </CloseButton>
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
