import { apiErrorCodes } from "../../server/contract/error-texts.ts";
import type { ApiError, FieldError } from "../../server/contract/errors.ts";
import { iamTexts } from "../../server/contract/iam-texts.ts";
import { messageCode } from "../../server/contract/message-code.ts";
import { validationCodes } from "../../server/contract/messages.ts";

/**
 * What the warning dialog and a form's fields show of a failed call, as message codes (server/contract/message-code.ts)
 * that pages show in their language through `useMessageText`.
 */

/** Fallback text of the warning dialog (spec error catalogue). */
export const OOPS = apiErrorCodes.oops;

/** Shown for a 403 without a specific exception on a writing call. */
export const OPERATION_NOT_PERMITTED = apiErrorCodes.operationNotPermitted;

/** The catalogue's exceptions with a fixed text. */
const fixedNames = [
  "SignatureCannotBeDeletedException",
  "CrmRelationshipIsCurrentlyUsingException",
  "DataAlreadyConnectedException",
  "MaxUploadSizeExceededException",
  "FieldInUseException",
  "MobileNumberNotPresentException",
  "DocumentWithDigitalSignatureRecordException",
  "EntityAlreadyExistingException",
  "FieldKeyAlreadyExistingException",
  "NoColumnsRemainingException",
  "ColumnHasValueException",
  "EmployeeUserAlreadyActiveException",
  "DatasourceValidationException",
  "InvalidMaxCharacterCountException",
  "AnotherConnectionAlreadyExistingException",
  "ConnectionAlreadyExistingException",
  "CannotCreateUniquenessException",
  "DatasourceInUseException",
  "EmptyDashboardException",
] as const satisfies readonly (keyof typeof apiErrorCodes)[];

export const fixedTexts: Record<string, string> = Object.fromEntries(
  fixedNames.map((name) => [name, apiErrorCodes[name]]),
);

/**
 * The product's own refusals with a fixed text, which the catalogue has none for: "Role in use" (spec §6), user, group
 * and role administration, and a user or group assigned twice (spec §5).
 */
export const productTexts: Record<string, string> = {
  ...iamTexts,
  UserAlreadyAssignedException: apiErrorCodes.UserAlreadyAssignedException,
  GroupAlreadyAssignedException: apiErrorCodes.GroupAlreadyAssignedException,
  // An advanced search run stopped by its statement timeout (spec §8 lists "Query failed." among the messages).
  QueryFailedException: validationCodes.queryFailed,
  // Spec §8's other messages: a form with a response stays, and a change read from an older version is refused.
  FormWithResponseException: apiErrorCodes.FormWithResponseException,
  RecordOutdatedException: apiErrorCodes.RecordOutdatedException,
};

/** Exceptions whose server `message` is shown in the dialog as is. */
export const shownAsIs: readonly string[] = [
  "MissingServletRequestPartException",
  "EmployeeUserServiceOperationException",
  "ConstraintViolationException",
  "AttachmentServiceOperationException",
  "NoteAttachmentServiceOperationException",
  "DigitalSignatureOperationException",
  "DuplicateFieldException",
  "CannotDeleteMetaStatusException",
  "ComponentToBeRemovedInUseException",
];

// The server message of these is the duplicated value itself.
const duplicateValue: readonly string[] = ["DuplicateValueException", "DuplicateKeyException"];

// Validation failures go on the form fields, never into a dialog.
const VALIDATION = "MethodArgumentNotValidException";

// The API's own 403 body carries this name; the spec treats it like a 403 without a name.
const ACCESS_DENIED = "AccessDeniedException";

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The message of the warning dialog for a failed call, or null when no dialog is shown. */
export function errorDialogText(
  method: string,
  status: number,
  body: Partial<ApiError> | null | undefined,
): string | null {
  const verb = text(method).toUpperCase();
  if (verb === "GET" || verb === "HEAD") return null;

  const name = text(body?.exceptionName);
  const message = text(body?.message);
  if (name === VALIDATION) return null;
  if (status === 403 && (name === "" || name === ACCESS_DENIED)) return OPERATION_NOT_PERMITTED;
  if (shownAsIs.includes(name)) return serverMessage(body) || OOPS;
  // Own-property check so names like "toString" do not hit the prototype.
  if (Object.hasOwn(fixedTexts, name)) return fixedTexts[name] ?? OOPS;
  if (Object.hasOwn(productTexts, name)) return productTexts[name] ?? OOPS;
  if (duplicateValue.includes(name)) return message ? messageCode(apiErrorCodes.duplicate, { value: message }) : OOPS;
  return OOPS;
}

/** The server's message: its code where it has one, else its text as it came (trimmed); "" without one. */
export function serverMessage(body: Partial<Pick<ApiError, "message" | "code" | "params">> | null | undefined): string {
  return typeof body?.code === "string" ? messageCode(body.code, body.params) : text(body?.message);
}

// Conversion errors append the pattern and the raw exception after "using format"; the user needs only the head.
const USING_FORMAT = /\s*using format[\s\S]*$/i;

function fieldMessage(error: Partial<FieldError>): string {
  if (typeof error.code === "string") return messageCode(error.code, error.params);
  const full = text(error.defaultMessage);
  return full.replace(USING_FORMAT, "").trim() || full;
}

/** The API names a list's item by its index after a dot (`filters.0.field`); Conform names it in brackets. */
function formFieldName(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * Field errors for a form, by the form's field names: keyed by field name (keeping the `customFields.` prefix as given), first message per
 * field, its code where it has one (else its text, cut before "using format"); none for a status >= 500.
 */
export function fieldErrors(status: number, body: Partial<ApiError> | null | undefined): Record<string, string> {
  if (status >= 500) return {};
  const errors: unknown = body?.errors;
  if (!Array.isArray(errors)) return {};

  const byField = new Map<string, string>();
  for (const error of errors as Partial<FieldError>[]) {
    if (error === null || typeof error !== "object") continue;
    const field = typeof error.field === "string" ? error.field : "";
    if (field === "" || byField.has(field)) continue;
    byField.set(formFieldName(field), fieldMessage(error));
  }
  // fromEntries defines own properties, so a field named "__proto__" cannot touch the prototype.
  return Object.fromEntries(byField);
}
