import type { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton } from "./form-field.tsx";
import { PanelCancel, SidePanel } from "./side-panel.tsx";

interface FormPanelProps {
  title: string;
  closeTo: string;
  testId: string;
  /** The form's Conform props (`getFormProps(form)`); its id ties the footer's Save to it. */
  formProps: ReturnType<typeof getFormProps>;
  action: string;
  /** The Save button's words ("Save", or "Save changes" on an edit) and intent. */
  saveLabel: string;
  intent?: string;
  /** Above the form, outside it (a plain search that reloads the panel). */
  before?: ReactNode;
  children: ReactNode;
}

/** A side panel whose content is one posted form, with Cancel and Save in its footer (spec §2 add and edit). */
export function FormPanel({
  title,
  closeTo,
  testId,
  formProps,
  action,
  saveLabel,
  intent = "save",
  before,
  children,
}: FormPanelProps) {
  const form = (
    <Form method="post" action={action} {...formProps} noValidate>
      {children}
    </Form>
  );
  return (
    <SidePanel
      title={title}
      closeTo={closeTo}
      formId={formProps.id}
      testId={testId}
      footer={
        <>
          <PanelCancel />
          <SubmitButton form={formProps.id} intent={intent}>
            {saveLabel}
          </SubmitButton>
        </>
      }
    >
      {before ? (
        <>
          {before}
          {form}
        </>
      ) : (
        form
      )}
    </SidePanel>
  );
}
