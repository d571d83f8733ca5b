import { companyLogoTexts, TIME_ZONE_TEXT } from "../../server/contract/company-settings-texts.ts";
import { fieldTexts } from "../../server/contract/custom-field-texts.ts";
import { fileMessages } from "../../server/contract/files.ts";
import { iamTexts } from "../../server/contract/iam-texts.ts";
import { inputTexts, messages, NOT_COMPANY_CONTACT } from "../../server/contract/messages.ts";
import { CANNOT_DELETE_META_STATUS, VALUE_IN_USE } from "../../server/contract/meta-status-texts.ts";
import { shortcutTexts } from "../../server/contract/shortcut-texts.ts";

/**
 * The specification's texts that the API and the forms' schemas give in English: validation messages (spec §5) and
 * the error catalogue (spec §8), quoted character for character. The English locale shows them as they are; the web
 * app also maps them back to their keys (app/utils/message-text.ts) to show them in the page's language.
 */
const validation = {
  required: messages.required,
  maxLength: "Max {{max}} limit",
  invalidUrl: messages.invalidUrl,
  invalidEmail: messages.invalidEmail,
  maxNumber: messages.maxNumber,
  notANumber: messages.notANumber,
  pastDate: messages.pastDate,
  notAnOption: messages.notAnOption,
  contactRequired: messages.contactRequired,
  notCompanyContact: NOT_COMPANY_CONTACT,
  nul: inputTexts.nul,
  loneSurrogate: inputTexts.loneSurrogate,
  tooDeep: inputTexts.tooDeep,
  pageRange: "Page number must be from 1 to the last page.",
  duplicate: "{{value}} already exist",
  fileTooLarge: fileMessages.tooLarge.replace("{n}", "{{max}}"),
  fileTypeNotSupported: fileMessages.unsupportedType,
  fileMissing: fileMessages.missing,
  minLength: "Min {{min}} characters",
  minValue: "Must be at least {{min}}",
  maxValue: "Must be at most {{max}}",
  fromDate: "Must be {{date}} or later",
  toDate: "Must be {{date}} or earlier",
  queryFailed: fieldTexts.queryFailed,
  appPath: shortcutTexts.appPath,
  timeZone: TIME_ZONE_TEXT,
  logoType: companyLogoTexts.type,
  logoTooLarge: companyLogoTexts.tooLarge,
};

export const validationTexts: { [Key in keyof typeof validation]: string } = validation;

export const apiErrorTexts = {
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
  // Shown as the server says them (CannotDeleteMetaStatusException, ComponentToBeRemovedInUseException).
  cannotDeleteMetaStatus: CANNOT_DELETE_META_STATUS,
  valueInUse: VALUE_IN_USE,
  // "Role in use" (spec §6), and the product's own refusals of user, group and role administration.
  ...iamTexts,
};
