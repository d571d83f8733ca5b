import { iamEnglish } from "./iam-texts.ts";
import { messageCodes } from "./message-code.ts";
import { metaStatusEnglish } from "./meta-status-texts.ts";

/**
 * The English texts of the API's refusals, by their keys (`apiErrors.<name>`): the specification's error catalogue
 * (spec §8) by exception name, quoted character for character, and the product's own where it has none. The warning
 * dialog shows them; the web app's English locale shows them as they are. Apart from the schemas, so that the web
 * app's texts can use them without loading Zod.
 */
export const apiErrorEnglish = {
  title: "Warning",
  oops: "Oops! Something went wrong on our end. We'll fix this as soon as possible.",
  operationNotPermitted: "Operation not permitted",
  duplicate: "{{value}} already exist",
  SignatureCannotBeDeletedException: "This signature request cannot be deleted",
  CrmRelationshipIsCurrentlyUsingException: "Failed to delete. This relationship is currently in use.",
  DataAlreadyConnectedException: "Connection already exists.",
  MaxUploadSizeExceededException: "Max upload size exceeded",
  FieldInUseException: "Field in use",
  MobileNumberNotPresentException: "Selected admin dont have mobile number",
  DocumentWithDigitalSignatureRecordException: "Action not permitted. This document has signature request.",
  EntityAlreadyExistingException: "Entity name already exist",
  FieldKeyAlreadyExistingException: "Field key already exist",
  NoColumnsRemainingException: "Custom entity should have at least 1 custom field",
  ColumnHasValueException: "This custom entity already have data",
  EmployeeUserAlreadyActiveException: "User already exists",
  DatasourceValidationException: "No Results Found",
  InvalidMaxCharacterCountException: "New max character count is less than to current value.",
  AnotherConnectionAlreadyExistingException: "Selected relationship is already connected to another record.",
  ConnectionAlreadyExistingException: "Selected relationship is already connected to another record.",
  CannotCreateUniquenessException: "Sorry, unique and required is not possible for this field",
  DatasourceInUseException:
    "Error saving changes on the Datasource. The target Datasource is currently being used by Widget/s.",
  EmptyDashboardException: "This dashboard is currently empty.",
  GroupAlreadyAssignedException: "Group already exist",
  UserAlreadyAssignedException: "User already exist",
  attachmentExisting: "Attachment record already existing.",
  InvalidInvitationException: "This invitation link is invalid or has expired.",
  /** Spec §8, "Other user-facing messages". */
  FormWithResponseException: "Cannot delete Form with a response.",
  RecordOutdatedException: "This record is outdated, please reopen the form.",
  ...metaStatusEnglish,
  // "Role in use" (spec §6), and the product's own refusals of user, group and role administration.
  ...iamEnglish,
} as const;

export type ApiErrorName = keyof typeof apiErrorEnglish;

/** The codes of the API's refusals. */
export const apiErrorCodes = messageCodes("apiErrors", apiErrorEnglish);
