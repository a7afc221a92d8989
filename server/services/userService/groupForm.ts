import type { MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldIssue } from '../../../contracts/users';
import { fieldIssues, formValue, validationFailed } from '../../http/forms';
import {
  multipartError,
  pictureRule,
  type ReceivedPicture,
  readPicturePart,
} from '../../uploads/pictureParts';

/** A validated group form: its fields and, when one came, its new image. */
export interface GroupInput<T> {
  fields: T;
  image?: ReceivedPicture;
}

const tooManyParts = 'Too many parts: send title, description and at most one image';
const maxFieldBytes = 8 * 1024;

/**
 * Reads a group's form (platform.md §3 'Group: title, description, image'): multipart with the text
 * fields and an `image` picture part, or a JSON body with the fields. A picture that is too large
 * (413) or not a picture (415) is refused at once; any other problem fails the whole request with
 * one detail per field (400). Nothing is written here.
 */
export async function readGroupInput<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<GroupInput<z.infer<S>>> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw validationFailed([
        { path: '/', message: 'Send the fields as a JSON object or a multipart form' },
      ]);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw validationFailed(fieldIssues(parsed.error));
    return { fields: parsed.data };
  }
  const values: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  let image: ReceivedPicture | undefined;
  const seen = new Set<string>();
  try {
    const parts = request.parts({
      limits: { fileSize: pictureRule.maxBytes, files: 1, fields: 8, parts: 9, fieldSize: maxFieldBytes },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (seen.has(name)) {
        if (part.type === 'file') await part.toBuffer().catch(() => undefined);
        issues.push({ path: `/${name}`, message: 'Send this field once' });
        continue;
      }
      seen.add(name);
      if (part.type === 'file') {
        if (name !== 'image') {
          await part.toBuffer().catch(() => undefined);
          issues.push({ path: `/${name}`, message: 'Unknown field' });
          continue;
        }
        image = await readPicturePart({ name, cover: false }, part, tooManyParts);
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) {
        issues.push({ path: `/${name}`, message: 'This value is too long' });
        continue;
      }
      const value = formValue(name, field.value);
      // An empty image field removes the image (when the schema allows it).
      values[name] = name === 'image' && value === '' ? null : value;
    }
  } catch (error) {
    throw multipartError(error, tooManyParts);
  }
  if (image && 'image' in values) {
    issues.push({ path: '/image', message: 'Send either a picture or an empty value, not both' });
    delete values.image;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) issues.push(...fieldIssues(parsed.error));
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues);
  return { fields: parsed.data, image };
}
