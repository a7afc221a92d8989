import { z } from 'zod';

/**
 * Every error the API answers with has this shape. `code` is stable and machine-readable;
 * `message` is for people; `details` carries validation issues when there are any.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_ENCODING',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'STALE_CONTENT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPLOAD_TRUNCATED',
  'RANGE_NOT_SATISFIABLE',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'QUOTA_EXCEEDED',
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z
  .object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The HTTP status that goes with each code. */
export const statusOfCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  /** A body or form field whose bytes are not valid UTF-8 text. */
  INVALID_ENCODING: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A save made on a version of a space's content that another save has replaced (If-Match). */
  STALE_CONTENT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPLOAD_TRUNCATED: 400,
  RANGE_NOT_SATISFIABLE: 416,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Storing this would pass the storage the owner's plan allows. */
  QUOTA_EXCEEDED: 413,
};
