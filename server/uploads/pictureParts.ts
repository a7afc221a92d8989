import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { uploadRules } from '../../contracts/files';
import { uuidv7 } from '../db/ids';
import type { files } from '../db/schema';
import { AppError } from '../errors';
import type { BlobStore } from '../storage/blobStore';
import { type AcceptedType, acceptType, detectType, pictureSize, sniffBytes } from './detect';

/**
 * Pictures that arrive as parts of a multipart form (profile pictures, covers, galleries): read,
 * checked as the file service checks uploads, and stored. The user and scene services share it.
 */

/** A picture part as received: checked, held in memory until the change that uses it is written. */
export interface ReceivedPicture {
  bytes: Buffer;
  type: AcceptedType;
  originalName: string;
  width: number;
  height: number;
}

export const pictureRule = uploadRules.picture;
export const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
const pictureTypes = pictureRule.types.join(', ');
/** What a cover photo that is too large or not a picture is told (platform.md §8 'Cover photo'). */
const coverMessage = `File should be an image (${pictureTypes}) and should not exceed ${mib(pictureRule.maxBytes)}`;

/** A form field holding a picture; cover photos get the cover photo's message. */
export interface PictureField {
  name: string;
  cover: boolean;
}

function pictureTooLarge(field: PictureField, fileName: string) {
  const message = field.cover
    ? coverMessage
    : `The image ${fileName} you selected is larger than ${mib(pictureRule.maxBytes)}. Please try again with a smaller one`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { field: field.name, maxBytes: pictureRule.maxBytes });
}

function pictureWrongType(field: PictureField, fileName: string) {
  const message = field.cover
    ? coverMessage
    : `The file ${fileName} is not an image! You should upload a ${pictureTypes} file.`;
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field: field.name, accepted: pictureRule.types });
}

/** An error from reading a multipart body, as the client should see it. */
export function multipartError(error: unknown, tooManyPartsMessage: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', tooManyPartsMessage);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${mib(pictureRule.maxBytes)}`, {
      maxBytes: pictureRule.maxBytes,
    });
  }
  if (code === 'FST_PROTO_VIOLATION') {
    return new AppError(
      'VALIDATION_FAILED',
      'The form has a field whose name is not accepted (such as __proto__ or constructor)',
    );
  }
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new AppError(
      'VALIDATION_FAILED',
      'The form has a field sent as application/json that is not valid JSON',
    );
  }
  return new AppError(
    'UPLOAD_TRUNCATED',
    'The form ended before it was complete, or is not well-formed multipart; please send it again',
    error instanceof Error ? { reason: error.message } : undefined,
  );
}

/**
 * Reads one picture part whole (the picture limit keeps it small) and checks it as the file
 * service does: its type from the bytes, its size limit, and that it can be read as a picture.
 * An empty file input (no name, no bytes) is no picture at all.
 */
export async function readPicturePart(
  field: PictureField,
  part: MultipartFile,
  tooManyPartsMessage: string,
): Promise<ReceivedPicture | undefined> {
  const originalName = (part.filename || field.name).slice(0, 255);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw pictureTooLarge(field, originalName);
    throw multipartError(error, tooManyPartsMessage);
  }
  if (part.file.truncated || bytes.length > pictureRule.maxBytes) throw pictureTooLarge(field, originalName);
  if (bytes.length === 0 && !part.filename) return undefined;
  const detected = await detectType(bytes.subarray(0, sniffBytes), bytes.length <= sniffBytes);
  const type = acceptType('picture', detected, originalName);
  if (!type) throw pictureWrongType(field, originalName);
  const size = await pictureSize(bytes);
  if (!size)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This picture cannot be read', { field: field.name });
  return { bytes, type, originalName, ...size };
}

export type PictureFileRow = typeof files.$inferInsert & { id: string; sha256: string };

/** Writes a received picture's bytes to the blob store; its file row is written with the change. */
export async function putPicture(
  store: BlobStore,
  ownerId: string,
  picture: ReceivedPicture,
): Promise<{ file: PictureFileRow; bytes: Buffer }> {
  const blob = await store.put(Readable.from([picture.bytes]));
  return {
    bytes: picture.bytes,
    file: {
      id: uuidv7(),
      sha256: blob.sha256,
      size: blob.size,
      mimeType: picture.type.mimeType,
      kind: 'picture',
      originalName: picture.originalName,
      ownerId,
      width: picture.width,
      height: picture.height,
    },
  };
}
