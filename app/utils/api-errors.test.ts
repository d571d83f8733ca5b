import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../server/contract/errors.ts";
import en from "../locales/en.ts";
import {
  errorDialogText as errorDialogCode,
  fieldErrors as fieldErrorCodes,
  fixedTexts as fixedCodes,
  OOPS as OOPS_CODE,
  OPERATION_NOT_PERMITTED as OPERATION_NOT_PERMITTED_CODE,
  shownAsIs,
} from "./api-errors.ts";
import { messageIn } from "./message-text.ts";

// The module gives message codes; the page shows them in its language, here English, which quotes the spec.
const english = createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const inEnglish = (code: string) => messageIn(english, code);

function errorDialogText(...args: Parameters<typeof errorDialogCode>): string | null {
  const code = errorDialogCode(...args);
  return code === null ? null : inEnglish(code);
}

function fieldErrors(...args: Parameters<typeof fieldErrorCodes>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrorCodes(...args)).map(([field, code]) => [field, inEnglish(code)]));
}

const fixedTexts = Object.fromEntries(Object.entries(fixedCodes).map(([name, code]) => [name, inEnglish(code)]));
const OOPS = inEnglish(OOPS_CODE);
const OPERATION_NOT_PERMITTED = inEnglish(OPERATION_NOT_PERMITTED_CODE);

function body(exceptionName: string, message = "server says", status = 400): ApiError {
  return { status, exceptionName, message };
}

// Quoted from the spec's error catalogue; kept literal here so a "fix" in the module fails the test.
const catalogue: [string, string][] = [
  ["SignatureCannotBeDeletedException", "This signature request cannot be deleted"],
  ["CrmRelationshipIsCurrentlyUsingException", "Failed to delete. This relationship is currently in use."],
  ["DataAlreadyConnectedException", "Connection already exists."],
  ["MaxUploadSizeExceededException", "Max upload size exceeded"],
  ["FieldInUseException", "Field in use"],
  ["MobileNumberNotPresentException", "Selected admin dont have mobile number"],
  ["DocumentWithDigitalSignatureRecordException", "Action not permitted. This document has signature request."],
  ["EntityAlreadyExistingException", "Entity name already exist"],
  ["FieldKeyAlreadyExistingException", "Field key already exist"],
  ["NoColumnsRemainingException", "Custom entity should have at least 1 custom field"],
  ["ColumnHasValueException", "This custom entity already have data"],
  ["EmployeeUserAlreadyActiveException", "User already exists"],
  ["DatasourceValidationException", "No Results Found"],
  ["InvalidMaxCharacterCountException", "New max character count is less than to current value."],
  ["AnotherConnectionAlreadyExistingException", "Selected relationship is already connected to another record."],
  ["ConnectionAlreadyExistingException", "Selected relationship is already connected to another record."],
  ["CannotCreateUniquenessException", "Sorry, unique and required is not possible for this field"],
  [
    "DatasourceInUseException",
    "Error saving changes on the Datasource. The target Datasource is currently being used by Widget/s.",
  ],
  ["EmptyDashboardException", "This dashboard is currently empty."],
];

const asIs = [
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

const writes = ["PUT", "POST", "PATCH", "DELETE"];

describe("error dialog text", () => {
  it("has the spec's constants", () => {
    expect(OOPS).toBe("Oops! Something went wrong on our end. We'll fix this as soon as possible.");
    expect(OPERATION_NOT_PERMITTED).toBe("Operation not permitted");
  });

  it("exports exactly the catalogue's fixed texts and shown-as-is names", () => {
    expect(fixedTexts).toEqual(Object.fromEntries(catalogue));
    expect([...shownAsIs].sort()).toEqual([...asIs].sort());
  });

  it("shows the product's own refusals by their texts", () => {
    expect(errorDialogText("DELETE", 409, body("RoleInUseException", "Role in use", 409))).toBe("Role in use");
    expect(errorDialogText("PUT", 409, body("LastAdministratorException", "anything", 409))).toBe(
      "The last active administrator cannot be deactivated or lose the administrator role.",
    );
    expect(errorDialogText("POST", 409, body("UserAlreadyAssignedException", "x", 409))).toBe("User already exist");
    expect(errorDialogText("POST", 422, body("QueryFailedException", "x", 422))).toBe("Query failed.");
    expect(errorDialogText("DELETE", 409, body("FormWithResponseException", "x", 409))).toBe(
      "Cannot delete Form with a response.",
    );
    expect(errorDialogText("PUT", 409, body("RecordOutdatedException", "x", 409))).toBe(
      "This record is outdated, please reopen the form.",
    );
  });

  it.each(catalogue)("shows the fixed text for %s", (name, expected) => {
    for (const method of writes) {
      expect(errorDialogText(method, 400, body(name, "ignored server message"))).toBe(expected);
    }
  });

  it("shows the same text for both names of a two-name row", () => {
    expect(errorDialogText("POST", 409, body("AnotherConnectionAlreadyExistingException"))).toBe(
      errorDialogText("POST", 409, body("ConnectionAlreadyExistingException")),
    );
  });

  it.each(asIs)("shows the server message as is for %s", (name) => {
    expect(errorDialogText("POST", 400, body(name, "Something specific happened"))).toBe("Something specific happened");
    expect(errorDialogText("DELETE", 409, body(name, ""))).toBe(OOPS);
  });

  it("shows the duplicated value for both duplicate exceptions", () => {
    expect(errorDialogText("POST", 409, body("DuplicateValueException", "923609016"))).toBe("923609016 already exist");
    expect(errorDialogText("PUT", 409, body("DuplicateKeyException", "ACME"))).toBe("ACME already exist");
    expect(errorDialogText("PUT", 409, body("DuplicateKeyException", ""))).toBe(OOPS);
  });

  it("shows nothing for validation errors", () => {
    for (const method of writes) {
      expect(errorDialogText(method, 400, body("MethodArgumentNotValidException"))).toBeNull();
    }
  });

  it("shows nothing for any failure of a GET or HEAD call", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 500, 502, 503]) {
      for (const method of ["GET", "get", "Get", "HEAD"]) {
        expect(errorDialogText(method, status, body("DuplicateValueException", "x", status))).toBeNull();
        expect(errorDialogText(method, status, body("EmptyDashboardException", "x", status))).toBeNull();
        expect(errorDialogText(method, status, null)).toBeNull();
        expect(errorDialogText(method, status, undefined)).toBeNull();
      }
    }
  });

  it("compares the method case-insensitively", () => {
    expect(errorDialogText("post", 400, body("FieldInUseException"))).toBe("Field in use");
    expect(errorDialogText("Delete", 403, null)).toBe(OPERATION_NOT_PERMITTED);
  });

  it.each(writes)("shows Operation not permitted for a 403 without a specific exception on %s", (method) => {
    expect(errorDialogText(method, 403, null)).toBe(OPERATION_NOT_PERMITTED);
    expect(errorDialogText(method, 403, undefined)).toBe(OPERATION_NOT_PERMITTED);
    expect(errorDialogText(method, 403, {})).toBe(OPERATION_NOT_PERMITTED);
    expect(errorDialogText(method, 403, { status: 403, exceptionName: "", message: "" })).toBe(OPERATION_NOT_PERMITTED);
    expect(errorDialogText(method, 403, body("AccessDeniedException", "Operation not permitted", 403))).toBe(
      OPERATION_NOT_PERMITTED,
    );
  });

  it.each(writes)("follows the catalogue for a 403 with an exception name on %s", (method) => {
    expect(errorDialogText(method, 403, body("FieldInUseException", "x", 403))).toBe("Field in use");
    expect(errorDialogText(method, 403, body("ConstraintViolationException", "Not yours", 403))).toBe("Not yours");
    expect(errorDialogText(method, 403, body("SomethingElseException", "x", 403))).toBe(OOPS);
  });

  it("falls back to Oops for unknown exceptions, missing bodies and server errors", () => {
    expect(errorDialogText("POST", 400, body("UnheardOfException"))).toBe(OOPS);
    expect(errorDialogText("POST", 400, body("toString"))).toBe(OOPS);
    expect(errorDialogText("PUT", 404, null)).toBe(OOPS);
    expect(errorDialogText("PATCH", 400, {})).toBe(OOPS);
    expect(errorDialogText("DELETE", 500, body("NullPointerException", "boom", 500))).toBe(OOPS);
    expect(errorDialogText("POST", 502, undefined)).toBe(OOPS);
  });
});

describe("field errors", () => {
  function validation(errors: ApiError["errors"], status = 400): ApiError {
    return { status, exceptionName: "MethodArgumentNotValidException", message: "Validation failed", errors };
  }

  it("keys messages by field name", () => {
    const result = fieldErrors(
      400,
      validation([
        { field: "name", defaultMessage: "must not be blank", objectName: "company" },
        { field: "email", defaultMessage: "must be a well-formed email address", objectName: "company" },
      ]),
    );
    expect(result).toEqual({ name: "must not be blank", email: "must be a well-formed email address" });
  });

  it("keeps the customFields. prefix", () => {
    const result = fieldErrors(
      400,
      validation([{ field: "customFields.birthday", defaultMessage: "is required", objectName: "contact" }]),
    );
    expect(result).toEqual({ "customFields.birthday": "is required" });
  });

  it("keeps the first message per field", () => {
    const result = fieldErrors(
      400,
      validation([
        { field: "name", defaultMessage: "must not be blank", objectName: "company" },
        { field: "name", defaultMessage: "size must be between 1 and 255", objectName: "company" },
      ]),
    );
    expect(result).toEqual({ name: "must not be blank" });
  });

  it("cuts the text after using format", () => {
    const result = fieldErrors(
      400,
      validation([
        {
          field: "customFields.startDate",
          defaultMessage: "Failed to convert value using format yyyy-MM-dd",
          objectName: "deal",
        },
        {
          field: "closeDate",
          defaultMessage: "Failed to convert value  using format yyyy-MM-dd; nested exception is ...",
          objectName: "deal",
        },
      ]),
    );
    expect(result).toEqual({
      "customFields.startDate": "Failed to convert value",
      closeDate: "Failed to convert value",
    });
  });

  it("gives no field errors for a status of 500 or more", () => {
    const errors = [{ field: "name", defaultMessage: "must not be blank", objectName: "company" }];
    expect(fieldErrors(500, validation(errors, 500))).toEqual({});
    expect(fieldErrors(503, validation(errors, 503))).toEqual({});
  });

  it("gives no field errors without a list", () => {
    expect(fieldErrors(400, null)).toEqual({});
    expect(fieldErrors(400, undefined)).toEqual({});
    expect(fieldErrors(400, {})).toEqual({});
    expect(fieldErrors(400, validation(undefined))).toEqual({});
  });

  it("gives the code and values of a message that has them, for the page to show in its language", () => {
    const result = fieldErrorCodes(
      400,
      validation([
        {
          field: "name",
          defaultMessage: "Max 255 limit",
          objectName: "company",
          code: "validation.maxLength",
          params: { max: "255" },
        },
        { field: "email", defaultMessage: "Must be an email", objectName: "company", code: "validation.invalidEmail" },
      ]),
    );
    expect(result).toEqual({ name: "validation.maxLength?max=255", email: "validation.invalidEmail" });
  });

  it("names a list's item as the form does", () => {
    const result = fieldErrors(
      400,
      validation([{ field: "filters.0.field", defaultMessage: "Unknown field", objectName: "widget" }]),
    );
    expect(result).toEqual({ "filters[0].field": "Unknown field" });
  });

  it("does not let a field name reach the prototype", () => {
    const result = fieldErrorCodes(400, validation([{ field: "__proto__", defaultMessage: "odd", objectName: "x" }]));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, "__proto__")).toBe(true);
  });
});
