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
  'TOO_MANY_MODELS',
  'UNSAFE_ARCHIVE',
  'ARCHIVE_TOO_LARGE',
  'MODEL_INVALID',
  'MODEL_EXTENSION_UNSUPPORTED',
  'MODEL_PART_MISSING',
  'MODEL_URI_REFUSED',
  'TEXT_CHARACTERS_UNSUPPORTED',
  'COMMENTS_OFF',
  'SELF_FOLLOW',
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
  /** A model upload with more than one model file in it (.glb, .gltf, .obj). */
  TOO_MANY_MODELS: 400,
  /** A zip with an entry that would land outside its folder, a link, or an encrypted entry. */
  UNSAFE_ARCHIVE: 400,
  /** A zip over the intake's entry-count, unpacked-size or compression-ratio limits (zip bombs). */
  ARCHIVE_TOO_LARGE: 413,
  /** A model file that cannot be read (corrupt GLB, broken glTF JSON). */
  MODEL_INVALID: 422,
  /** A model that requires a glTF extension the server cannot read (named in the message). */
  MODEL_EXTENSION_UNSUPPORTED: 422,
  /** A glTF that names a .bin or texture the upload does not contain (named in the message). */
  MODEL_PART_MISSING: 422,
  /** A glTF that points outside the upload: http(s), absolute or `..` uris. */
  MODEL_URI_REFUSED: 422,
  /**
   * A 3D text with characters its built-in font cannot draw; `details` lists each text's path, id
   * and the characters, each once.
   */
  TEXT_CHARACTERS_UNSUPPORTED: 422,
  /** A comment on a space whose publish form turned comments off. */
  COMMENTS_OFF: 403,
  /** A user asked to follow themselves. */
  SELF_FOLLOW: 422,
};
