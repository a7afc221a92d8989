import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import { uploadRules } from '../../../contracts/files';
import {
  type FieldIssue,
  type UserChanges,
  UserPatch,
  type UserPictureField,
  userPictureFields,
  UserProfileChanges,
} from '../../../contracts/users';
import { AppError } from '../../errors';
import { type AcceptedType, acceptType, detectType, sniffBytes } from '../fileService/detect';

/** A profile picture or cover photo as received: checked, held in memory until the change is written. */
export interface ReceivedPicture {
  bytes: Buffer;
  type: AcceptedType;
  originalName: string;
  width: number;
  height: number;
}

export type ReceivedPictures = Partial<Record<UserPictureField, ReceivedPicture>>;

/** A validated profile change: the fields and the pictures that come with it. */
export interface ProfileInput {
  changes: UserChanges;
  pictures: ReceivedPictures;
}

const pictureRule = uploadRules.picture;
const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
const pictureTypes = pictureRule.types.join(', ');

/** Largest text field; longer values are refused rather than cut. */
const maxFieldBytes = 64 * 1024;

function pictureTooLarge(field: UserPictureField, name: string) {
  const message =
    field === 'coverPhoto'
      ? `File should be an image (${pictureTypes}) and should not exceed ${mib(pictureRule.maxBytes)}`
      : `The image ${name} you selected is larger than ${mib(pictureRule.maxBytes)}. Please try again with a smaller one`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { field, maxBytes: pictureRule.maxBytes });
}

function pictureWrongType(field: UserPictureField, name: string) {
  const message =
    field === 'coverPhoto'
      ? `File should be an image (${pictureTypes}) and should not exceed ${mib(pictureRule.maxBytes)}`
      : `The file ${name} is not an image! You should upload a ${pictureTypes} file.`;
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field, accepted: pictureRule.types });
}

/** VALIDATION_FAILED with one detail per invalid field; the message lists them. */
export function validationFailed(issues: FieldIssue[]): AppError {
  const text = issues.map((i) => `${i.path.replace(/^\//, '') || 'body'}: ${i.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', issues.length === 1 ? issues[0].message : text, issues);
}

/** zod issues as field issues ('/socialMedia/0/url'); unknown fields one by one. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `/${[...at, key].join('/')}`, message: 'Unknown field' }));
    }
    return [{ path: `/${at.join('/')}`, message: issue.message }];
  });
}

/** An error from reading the multipart body, as the client should see it. */
function bodyError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      'Too many parts: send each field once and at most the two pictures',
    );
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${mib(pictureRule.maxBytes)}`, {
      maxBytes: pictureRule.maxBytes,
    });
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new AppError('VALIDATION_FAILED', 'The form has a field that is not allowed or not valid JSON');
  }
  return new AppError(
    'UPLOAD_TRUNCATED',
    'The form ended before it was complete, or is not well-formed multipart; please send it again',
    error instanceof Error ? { reason: error.message } : undefined,
  );
}

async function pictureSize(bytes: Buffer) {
  try {
    const { width, height } = (await sharp(bytes).metadata()).autoOrient;
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads one picture part whole (the picture limit keeps it small) and checks it as the file
 * service does: its type from the bytes, its size limit, and that it can be read as a picture.
 * An empty file input (no name, no bytes) is no picture at all.
 */
async function readPicture(
  field: UserPictureField,
  part: MultipartFile,
): Promise<ReceivedPicture | undefined> {
  const originalName = (part.filename || field).slice(0, 255);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw pictureTooLarge(field, originalName);
    throw bodyError(error);
  }
  if (part.file.truncated || bytes.length > pictureRule.maxBytes) throw pictureTooLarge(field, originalName);
  if (bytes.length === 0 && !part.filename) return undefined;
  const detected = await detectType(bytes.subarray(0, sniffBytes), bytes.length <= sniffBytes);
  const type = acceptType('picture', detected, originalName);
  if (!type) throw pictureWrongType(field, originalName);
  const size = await pictureSize(bytes);
  if (!size) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This picture cannot be read', { field });
  return { bytes, type, originalName, ...size };
}

const isPictureField = (name: string): name is UserPictureField =>
  (userPictureFields as readonly string[]).includes(name);

/**
 * Reads a multipart profile form: text fields into `values`, the picture parts checked and held.
 * Refuses right away a picture that is too large (413) or not a picture (415); every other problem
 * (unknown or repeated fields) is collected in `issues`.
 */
async function readForm(request: FastifyRequest) {
  const values: Record<string, unknown> = {};
  const pictures: ReceivedPictures = {};
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const once = (name: string) => {
    if (seen.has(name)) {
      issues.push({ path: `/${name}`, message: 'Send this field once' });
      return false;
    }
    seen.add(name);
    return true;
  };
  try {
    const parts = request.parts({
      limits: { fileSize: pictureRule.maxBytes, files: 4, fields: 32, parts: 40, fieldSize: maxFieldBytes },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!isPictureField(name)) {
          await part.toBuffer().catch(() => undefined);
          issues.push({ path: `/${name}`, message: 'Unknown field' });
          continue;
        }
        const picture = await readPicture(name, part);
        if (picture && once(name)) pictures[name] = picture;
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) {
        issues.push({ path: `/${name}`, message: 'This value is too long' });
        continue;
      }
      if (once(name)) values[name] = field.value;
    }
  } catch (error) {
    throw bodyError(error);
  }
  return { values, pictures, issues };
}

/**
 * The profile change a request carries, validated: a multipart form (text fields and picture
 * parts, platform.md §7.2) or a JSON body with the same fields typed. Nothing is written here;
 * any invalid field fails the whole request (400 VALIDATION_FAILED with one detail per field).
 */
export async function readProfileInput(request: FastifyRequest): Promise<ProfileInput> {
  if (request.isMultipart()) {
    const { values, pictures, issues } = await readForm(request);
    for (const field of userPictureFields) {
      if (pictures[field] && field in values) {
        issues.push({ path: `/${field}`, message: 'Send either a picture or an empty value, not both' });
        delete values[field];
      }
    }
    const parsed = UserPatch.safeParse(values);
    if (!parsed.success) issues.push(...fieldIssues(parsed.error));
    if (issues.length > 0 || !parsed.success) throw validationFailed(issues);
    return { changes: parsed.data, pictures };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed([{ path: '/', message: 'Send the fields as a JSON object or a multipart form' }]);
  }
  const parsed = UserProfileChanges.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldIssues(parsed.error));
  return { changes: parsed.data, pictures: {} };
}
