import { Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { ErrorDialog } from "../../components/dialogs.tsx";
import { FileInput } from "../../components/file-input.tsx";
import { documentRule } from "../../components/file-rules.ts";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { ProgressBar } from "../../components/progress-bar.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import { OOPS } from "../../utils/api-errors.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { UPLOAD_FORM_ID } from "../records/screens.ts";
import type { UploadOutcome } from "./upload.server.ts";
import { uploadSchema } from "./upload-form.ts";

export interface UploadPanelProps {
  title: string;
  /** The page's own action: where the plain form posts without JavaScript. */
  action: string;
  /** The same upload answered as JSON, for the progress bar: `/resources/upload?screen=…&id=…`. */
  progressAction: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  maxMegabytes: number;
}

/**
 * Upload a document in a side panel: a file, a name (the file's when left empty) and a description. Without
 * JavaScript it is a plain multipart form; with it, the file is checked before a byte is sent, and a bar shows how
 * much has gone.
 */
export function UploadPanel({ title, action, progressAction, closeTo, lastResult, maxMegabytes }: UploadPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sent, setSent] = useState<number | null>(null);
  const [answer, setAnswer] = useState<Extract<UploadOutcome, { ok: false }> | null>(null);
  const schema = uploadSchema(maxMegabytes);
  const [form, fields] = useSchemaForm(schema, {
    id: UPLOAD_FORM_ID,
    lastResult: answer?.result ?? lastResult,
    onSubmit(event, { formData }) {
      event.preventDefault();
      const request = new XMLHttpRequest();
      request.open("POST", progressAction);
      request.responseType = "json";
      request.upload.onprogress = (progress) => {
        if (progress.lengthComputable) setSent(Math.round((progress.loaded / progress.total) * 100));
      };
      request.onload = () => {
        const outcome = request.response as UploadOutcome | null;
        if (outcome?.ok) {
          navigate(outcome.redirectTo);
          return;
        }
        // Sent on elsewhere (the session ended, and sign-in is asked for): the browser goes there.
        if (!outcome && request.responseURL && new URL(request.responseURL).pathname !== "/resources/upload") {
          window.location.assign(request.responseURL);
          return;
        }
        setSent(null);
        setAnswer(outcome ?? { ok: false, result: { status: "error" }, dialog: OOPS });
      };
      request.onerror = () => {
        setSent(null);
        setAnswer({ ok: false, result: { status: "error" }, dialog: OOPS });
      };
      request.send(formData);
      setSent(0);
    },
  });
  const uploading = sent !== null;
  return (
    <>
      <SidePanel
        title={title}
        closeTo={closeTo}
        formId={form.id}
        testId="upload-panel"
        footer={
          <>
            <PanelCancel />
            <SubmitButton form={form.id} loading={uploading}>
              {t("attachments.upload")}
            </SubmitButton>
          </>
        }
      >
        <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate>
          <Stack gap="4">
            <FormField meta={fields.file} label={t("attachments.file")}>
              <FileInput
                {...getInputProps(fields.file, { type: "file" })}
                key={fields.file.key}
                rule={documentRule(maxMegabytes)}
                autoFocus
                aria-describedby={`${fields.file.id}-hint ${fields.file.errors ? fields.file.errorId : ""}`.trim()}
              />
              <Text id={`${fields.file.id}-hint`} fontSize="sm" color="fg.muted">
                {t("attachments.fileHint", { max: maxMegabytes })}
              </Text>
            </FormField>
            <FormField meta={fields.name} label={t("list.name")}>
              <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
            </FormField>
            <FormField meta={fields.description} label={t("documents.description")}>
              <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
            </FormField>
            {uploading && <ProgressBar value={sent} label={t("attachments.uploading")} />}
          </Stack>
        </Form>
      </SidePanel>
      {answer?.dialog && <ErrorDialog text={answer.dialog} source={answer} />}
    </>
  );
}

export default UploadPanel;
