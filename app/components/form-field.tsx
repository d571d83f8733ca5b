import { Alert, Button, type ButtonProps, Field } from "@chakra-ui/react";
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useMessageText } from "../utils/message-text.ts";

/**
 * A labelled form control with its errors, for a Conform field: the label, a required mark, the control (children),
 * and the field's errors in the page's language, where the control's aria-describedby points.
 */
export function FormField({
  meta,
  label,
  hideLabel = false,
  children,
}: {
  meta: Pick<FieldMetadata<unknown>, "id" | "errors" | "errorId" | "required">;
  label: string;
  hideLabel?: boolean;
  children: ReactNode;
}) {
  const messageText = useMessageText();
  return (
    // The label and the error text point at Conform's ids for the control, which its input carries.
    <Field.Root
      invalid={Boolean(meta.errors?.length)}
      required={meta.required}
      // Ark's field names its control after `id` (the label's `for`); the error text keeps Conform's id.
      id={meta.id}
      ids={{ errorText: meta.errorId }}
    >
      {!hideLabel && (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {children}
      <Field.ErrorText>{meta.errors?.map(messageText).join(" ")}</Field.ErrorText>
    </Field.Root>
  );
}

/** Why the form was refused as a whole, above its fields in the page's language; nothing while there is no reason. */
export function FormErrors({
  form,
  testId = "form-error",
}: {
  form: Pick<FieldMetadata<unknown>, "errors" | "errorId">;
  testId?: string;
}) {
  const messageText = useMessageText();
  if (!form.errors?.length) return null;
  return (
    <Alert.Root status="error" id={form.errorId} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{form.errors.map(messageText).join(" ")}</Alert.Title>
    </Alert.Root>
  );
}

/** Whether a form is on its way: this one (by its action and intent), or any. */
export function useIsPending({ formAction, intent }: { formAction?: string; intent?: string } = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  const actionMatches = !formAction || navigation.formAction === formAction;
  const intentMatches = !intent || navigation.formData?.get("intent") === intent;
  return actionMatches && intentMatches;
}

/** A form's submit button, busy while its form is on its way; `form` ties it to a form elsewhere on the page. */
export function SubmitButton({
  form,
  intent,
  formAction,
  children,
  ...rest
}: { form?: string; intent?: string; formAction?: string; children: ReactNode } & Omit<
  ButtonProps,
  "type" | "name" | "value" | "form"
>) {
  const pending = useIsPending({ formAction, intent });
  return (
    <Button
      type="submit"
      form={form}
      name={intent ? "intent" : undefined}
      value={intent}
      colorPalette="teal"
      loading={pending}
      {...rest}
    >
      {children}
    </Button>
  );
}
