import type { MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldIssue } from '../../contracts/users';
import { multipartError, pictureRule, type ReceivedPicture, readPicturePart } from '../uploads/pictureParts';
import { fieldIssues, formValue, validationFailed } from './forms';

/** A validated form: its fields and the pictures that came with it, by field name. */
export interface PictureFormInput<T, P extends string = string> {
  fields: T;
  pictures: Partial<Record<P, ReceivedPicture>>;
}

const maxFieldBytes = 16 * 1024;

/**
 * Reads a form with text fields and picture parts (groups, districts): multipart with the fields
 * and a part per picture field, or a JSON body with the fields. An empty value of a picture field
 * means "remove it" (null). A picture that is too large (413) or not a picture (415) is refused at
 * once; any other problem fails the whole request with one detail per field (400). Nothing is
 * written here. `covers` are pictures told apart in messages as cover photos.
 */
export async function readPictureForm<S extends z.ZodType, P extends string>(
  request: FastifyRequest,
  schema: S,
  pictureFields: readonly P[],
  covers: readonly P[] = [],
): Promise<PictureFormInput<z.infer<S>, P>> {
  const tooManyParts = `Too many parts: send each field once and at most the pictures ${pictureFields.join(', ')}`;
  const isPicture = (name: string): name is P => (pictureFields as readonly string[]).includes(name);
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw validationFailed([
        { path: '/', message: 'Send the fields as a JSON object or a multipart form' },
      ]);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw validationFailed(fieldIssues(parsed.error));
    return { fields: parsed.data, pictures: {} };
  }
  const values: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  const pictures: Partial<Record<P, ReceivedPicture>> = {};
  const seen = new Set<string>();
  try {
    const parts = request.parts({
      limits: {
        fileSize: pictureRule.maxBytes,
        files: pictureFields.length,
        fields: 16,
        parts: 16 + pictureFields.length,
        fieldSize: maxFieldBytes,
      },
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
        if (!isPicture(name)) {
          await part.toBuffer().catch(() => undefined);
          issues.push({ path: `/${name}`, message: 'Unknown field' });
          continue;
        }
        const picture = await readPicturePart({ name, cover: covers.includes(name) }, part, tooManyParts);
        if (picture) pictures[name] = picture;
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) {
        issues.push({ path: `/${name}`, message: 'This value is too long' });
        continue;
      }
      const value = formValue(name, field.value);
      // An empty picture field removes the picture (when the schema allows it).
      values[name] = isPicture(name) && value === '' ? null : value;
    }
  } catch (error) {
    throw multipartError(error, tooManyParts);
  }
  for (const name of pictureFields) {
    if (pictures[name] && name in values) {
      issues.push({ path: `/${name}`, message: 'Send either a picture or an empty value, not both' });
      delete values[name];
    }
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) issues.push(...fieldIssues(parsed.error));
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues);
  return { fields: parsed.data, pictures };
}
