import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorCode, statusOfCode } from '../contracts/errors';

/** An error a service throws on purpose: it reaches the client as `{ code, message, details? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfCode[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You are not authorized to perform this action') =>
  new AppError('FORBIDDEN', message);

/** Fastify's own error codes mapped to ours, so a client always sees one shape. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_RATE_LIMITED: 'RATE_LIMITED',
};

function codeOfStatus(status: number): ErrorCode {
  const found = (Object.entries(statusOfCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}

/** The one error handler: stable codes, 5xx messages hidden, every error logged with its request id. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, error.message);
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: 'VALIDATION_FAILED',
        message: `Invalid ${error.validationContext ?? 'request'}: ${error.validation
          .map((v) => `${v.instancePath || '/'} ${v.message}`)
          .join('; ')}`,
        details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Internal server error' });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({
        code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
        message: status === 503 ? 'Service unavailable' : 'Internal server error',
      });
    }
    request.log.info({ err: error }, 'request rejected');
    const code = (fe.code && fastifyCodes[fe.code]) || codeOfStatus(status);
    return reply.status(status).send({ code, message: error.message });
  });
}
