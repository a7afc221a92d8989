import type { MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  type FieldIssue,
  type UserChanges,
  UserPatch,
  type UserPictureField,
  userPictureFields,
  UserProfileChanges,
} from '../../../contracts/users';
import { fieldIssues, formValue, validationFailed } from '../../http/forms';
import {
  multipartError,
  pictureRule,
  type ReceivedPicture,
  readPicturePart,
} from '../../uploads/pictureParts';

export type ReceivedPictures = Partial<Record<UserPictureField, ReceivedPicture>>;

/** A validated profile change: the fields and the pictures that come with it. */
export interface ProfileInput {
  changes: UserChanges;
  pictures: ReceivedPictures;
}

/** Largest text field; longer values are refused rather than cut. */
const maxFieldBytes = 64 * 1024;

const tooManyParts = 'Too many parts: send each field once and at most the two pictures';
const bodyError = (error: unknown) => multipartError(error, tooManyParts);

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
        const picture = await readPicturePart({ name, cover: name === 'coverPhoto' }, part, tooManyParts);
        if (picture && once(name)) pictures[name] = picture;
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) {
        issues.push({ path: `/${name}`, message: 'This value is too long' });
        continue;
      }
      if (once(name)) values[name] = formValue(name, field.value);
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
