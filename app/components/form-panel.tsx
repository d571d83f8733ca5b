import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "../utils/translation.tsx";
import { SubmitButton } from "./form-field.tsx";
import { PanelCancel, SidePanel } from "./side-panel.tsx";

interface FormPanelProps {
  title: string;
  closeTo: string;
  testId: string;
  /** The panel's Conform form: its props go on the form, and its id ties the footer's Save to it. */
  form: FormMetadata<any, string[]>;
  action: string;
  /** Whether the form changes something saved: its Save then reads "Save changes", else "Save" (spec §2). */
  edit?: boolean;
  /** Save's own words where the form does something else than save ("Export", "Invite"), and its intent. */
  saveLabel?: string;
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
  form,
  action,
  edit = false,
  saveLabel,
  intent = "save",
  before,
  children,
}: FormPanelProps) {
  const { t } = useTranslation();
  const formProps = getFormProps(form);
  const posted = (
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
            {saveLabel ?? t(edit ? "common.saveChanges" : "common.save")}
          </SubmitButton>
        </>
      }
    >
      {before ? (
        <>
          {before}
          {posted}
        </>
      ) : (
        posted
      )}
    </SidePanel>
  );
}
