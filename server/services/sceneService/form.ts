import type { MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { photoGalleryMax, SceneMetadataFields, VisibilityForm } from '../../../contracts/scenes';
import type { FieldIssue } from '../../../contracts/users';
import { fieldIssues, formValue, validationFailed } from '../../http/forms';
import {
  multipartError,
  pictureRule,
  type ReceivedPicture,
  readPicturePart,
} from '../../uploads/pictureParts';

export type ScenePictureField = 'coverPhoto' | 'photoGallery';

/** A validated metadata form: the fields and the pictures that come with it. */
export interface MetadataInput {
  fields: SceneMetadataFields;
  coverPhoto?: ReceivedPicture;
  /** New gallery pictures, appended after the kept ones. */
  photoGallery: ReceivedPicture[];
}

/** Largest text field (a 10 000-character description in UTF-8 fits). */
const maxFieldBytes = 64 * 1024;
export const galleryTooLongMessage = `It should contain no more than ${photoGalleryMax} pictures`;

const tooManyParts = `Too many parts: send each field once, one cover photo and at most ${photoGalleryMax} gallery pictures`;
const bodyError = (error: unknown) => multipartError(error, tooManyParts);

const booleanFields = new Set(['adultContent', 'comments', 'removeCoverPhoto', 'visible']);
const singleFields = new Set(['title', 'description', 'audioUri', ...booleanFields]);

/** Tags as a form sends them: repeated fields, or one value separated by commas or semicolons. */
function formTags(values: string[]): string[] {
  const parts = values.length === 1 ? values[0].split(/[,;]/) : values;
  return parts.map((t) => t.trim()).filter((t) => t.length > 0);
}

/** Each tag once (the first spelling wins), in order. */
export function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Text fields of a form as the typed values the schemas expect: booleans from 'true'/'false',
 * tags split, the gallery urls as a list, an empty audioUri as null. Problems go to `issues`.
 */
function typedValues(values: Map<string, string[]>, known: ReadonlySet<string>, issues: FieldIssue[]) {
  const typed: Record<string, unknown> = {};
  for (const [name, list] of values) {
    if (!known.has(name)) {
      issues.push({ path: `/${name}`, message: 'Unknown field' });
      continue;
    }
    if (singleFields.has(name) && list.length > 1) {
      issues.push({ path: `/${name}`, message: 'Send this field once' });
      continue;
    }
    if (booleanFields.has(name)) {
      const v = list[0].trim();
      if (v === 'true' || v === 'false') typed[name] = v === 'true';
      else issues.push({ path: `/${name}`, message: 'Expected true or false' });
    } else if (name === 'tags') {
      typed.tags = formTags(list);
    } else if (name === 'photoGallery') {
      typed.photoGallery = list.length === 1 && list[0].trim() === '' ? [] : list.map((v) => v.trim());
    } else if (name === 'audioUri') {
      typed.audioUri = list[0].trim() === '' ? null : list[0].trim();
    } else {
      typed[name] = list[0];
    }
  }
  return typed;
}

/**
 * Reads a multipart form: text fields (each name may repeat) and the picture parts, checked.
 * A picture that is too large (413) or not a picture (415) refuses the request right away; every
 * other problem is collected in `issues`.
 */
async function readForm(request: FastifyRequest, pictureFields: readonly ScenePictureField[]) {
  const values = new Map<string, string[]>();
  const pictures: { coverPhoto?: ReceivedPicture; photoGallery: ReceivedPicture[] } = { photoGallery: [] };
  const issues: FieldIssue[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: pictureRule.maxBytes,
        files: photoGalleryMax + 2,
        fields: 64,
        parts: 80,
        fieldSize: maxFieldBytes,
      },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!(pictureFields as readonly string[]).includes(name)) {
          await part.toBuffer().catch(() => undefined);
          issues.push({ path: `/${name}`, message: 'Unknown field' });
          continue;
        }
        const field = name as ScenePictureField;
        const picture = await readPicturePart(
          { name: field, cover: field === 'coverPhoto' },
          part,
          tooManyParts,
        );
        if (!picture) continue;
        if (field === 'coverPhoto') {
          if (pictures.coverPhoto) issues.push({ path: '/coverPhoto', message: 'Send one cover photo' });
          pictures.coverPhoto = picture;
        } else {
          pictures.photoGallery.push(picture);
        }
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) {
        issues.push({ path: `/${name}`, message: 'This value is too long' });
        continue;
      }
      const list = values.get(name) ?? [];
      list.push(String(formValue(name, field.value)));
      values.set(name, list);
    }
  } catch (error) {
    throw bodyError(error);
  }
  return { values, pictures, issues };
}

/** Issues about fields that have none yet (a form value already refused is not reported twice). */
function newIssues(known: FieldIssue[], more: FieldIssue[]): FieldIssue[] {
  const paths = new Set(known.map((i) => i.path));
  return more.filter((i) => !paths.has(i.path));
}

const metadataFieldNames = new Set(Object.keys(SceneMetadataFields.shape));

/**
 * The metadata form a request carries (POST and PATCH scene/metadata), validated: a multipart
 * form (text fields and the picture parts `coverPhoto` and `photoGallery`) or a JSON body with
 * the fields typed. Nothing is written here; any invalid field fails the whole request (400
 * VALIDATION_FAILED with one detail per field).
 */
export async function readMetadataInput(request: FastifyRequest): Promise<MetadataInput> {
  const issues: FieldIssue[] = [];
  let input: Record<string, unknown>;
  let pictures: { coverPhoto?: ReceivedPicture; photoGallery: ReceivedPicture[] } = { photoGallery: [] };
  if (request.isMultipart()) {
    const form = await readForm(request, ['coverPhoto', 'photoGallery']);
    issues.push(...form.issues);
    pictures = form.pictures;
    input = typedValues(form.values, metadataFieldNames, issues);
  } else {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw validationFailed([
        { path: '/', message: 'Send the fields as a JSON object or a multipart form' },
      ]);
    }
    input = body as Record<string, unknown>;
  }
  if (Array.isArray(input.tags)) {
    const tags = input.tags.filter((t): t is string => typeof t === 'string');
    if (tags.length === input.tags.length) input.tags = uniqueTags(tags.map((t) => t.trim()));
  }
  const parsed = SceneMetadataFields.safeParse(input);
  if (!parsed.success) issues.push(...newIssues(issues, fieldIssues(parsed.error)));
  if (pictures.coverPhoto && parsed.success && parsed.data.removeCoverPhoto) {
    issues.push({
      path: '/removeCoverPhoto',
      message: 'Send either a cover photo or removeCoverPhoto, not both',
    });
  }
  const kept = parsed.success ? (parsed.data.photoGallery?.length ?? 0) : 0;
  if (
    pictures.photoGallery.length > photoGalleryMax ||
    kept + pictures.photoGallery.length > photoGalleryMax
  ) {
    issues.push({ path: '/photoGallery', message: galleryTooLongMessage });
  }
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues);
  return { fields: parsed.data, ...pictures };
}

/** The `visible` flag of PATCH scene/metadata/{id}/visibility: a multipart form or JSON. */
export async function readVisibility(request: FastifyRequest): Promise<boolean> {
  let input: unknown = request.body ?? {};
  const issues: FieldIssue[] = [];
  if (request.isMultipart()) {
    const form = await readForm(request, []);
    issues.push(...form.issues);
    input = typedValues(form.values, new Set(['visible']), issues);
  }
  const parsed = VisibilityForm.safeParse(input);
  if (!parsed.success) issues.push(...newIssues(issues, fieldIssues(parsed.error)));
  if (issues.length > 0 || !parsed.success) throw validationFailed(issues);
  return parsed.data.visible;
}
