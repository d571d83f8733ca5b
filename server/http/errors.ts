import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiError, FieldError } from "../contract/errors.ts";
import { describeFieldError, describeMessage } from "../i18n.ts";

/**
 * A failure the client caused or may see; everything else is an internal error. Its message and its field errors'
 * messages are codes of the message catalogue (or plain texts), which the error handler answers in English with
 * their codes.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly exceptionName: string;
  readonly errors?: FieldError[];

  constructor(status: number, exceptionName: string, message: string, errors?: FieldError[]) {
    super(message);
    this.name = exceptionName;
    this.status = status;
    this.exceptionName = exceptionName;
    this.errors = errors;
  }
}

const clientExceptionNames: Record<number, string> = {
  400: "BadRequestException",
  401: "UnauthorizedException",
  403: "AccessDeniedException",
  404: "NotFoundException",
  405: "MethodNotAllowedException",
  406: "NotAcceptableException",
  413: "MaxUploadSizeExceededException",
  415: "HttpMediaTypeNotSupportedException",
  429: "TooManyRequestsException",
};

const INTERNAL_MESSAGE = "Something went wrong on our end.";

function validationFieldPath(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".");
  return path || fallback;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    let body: ApiError;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const objectName = error.validationContext ?? "request";
      body = {
        status: 400,
        exceptionName: "MethodArgumentNotValidException",
        message: "Validation failed",
        errors: error.validation
          .map((issue) => ({
            field: validationFieldPath(issue.instancePath, objectName),
            defaultMessage: issue.message ?? "Invalid value",
            objectName,
          }))
          .map(describeFieldError),
      };
    } else if (error instanceof DomainError) {
      const message = describeMessage(error.message);
      body = {
        status: error.status,
        exceptionName: error.exceptionName,
        message: message.text,
        ...(message.code ? { code: message.code } : {}),
        ...(message.params ? { params: message.params } : {}),
        errors: error.errors?.map(describeFieldError),
      };
    } else {
      const status = typeof error.statusCode === "number" ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        body = { status, exceptionName: clientExceptionNames[status] ?? "BadRequestException", message: error.message };
      } else {
        request.log.error({ err: error }, "request failed");
        body = { status: 500, exceptionName: "InternalServerErrorException", message: INTERNAL_MESSAGE };
      }
    }

    if (body.status >= 500 && !(error instanceof DomainError)) {
      body.message = INTERNAL_MESSAGE;
    }
    if (body.errors === undefined) delete body.errors;
    body.requestId = request.id;
    return reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      status: 404,
      exceptionName: "NotFoundException",
      message: `Route ${request.method} ${request.url.split("?")[0]} not found`,
      requestId: request.id,
    };
    return reply.status(404).send(body);
  });
}
