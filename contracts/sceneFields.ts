import { z } from 'zod';
import { isHttpUrl } from './users';

/**
 * The values scene content is made of (contracts/sceneContent.ts): ids, file urls, colours,
 * coordinates and transforms, with the limits and messages of their validation. The builders
 * (`num`, `positive`, `list`, ...) are shared by the scene content's schemas only; sceneContent.ts
 * re-exports what the rest of the product uses.
 */

export const httpUrlMessage = 'Invalid url. Valid url example: https://example.com';
export const uriMessage = 'Expected a file service url (starting with /) or an absolute http(s) url';
export const positiveMessage = 'Must be greater than 0';
export const finiteMessage = 'Must be a finite number';
export const rangeMessage = (min: number, max: number) => `Must be between ${min} and ${max}`;
export const atMostMessage = (max: number) => `Must be at most ${max}`;
export const idMessage = 'An id must be non-empty text';
export const colorMessage = 'Expected a hex colour such as #1a2b3c';
export const tooManyMessage = (max: number) => `No more than ${max} items are allowed`;

export const sceneContentLimits = {
  /** Largest number of entries in any list of the document. */
  itemsPerList: 5000,
  levels: 20,
  idLength: 100,
  titleLength: 200,
  textLength: 10_000,
  uriLength: 2048,
  /** Largest absolute coordinate, in metres. */
  coordinate: 100_000,
  /** Largest size of a single object (width, height, wall thickness, ...), in metres. */
  size: 10_000,
} as const;

/** A finite number. Only a value that is not one is told so: each bound check names its bounds. */
export const num = () =>
  z
    .number({
      error: (issue) =>
        issue.code === 'invalid_type' && issue.input !== undefined ? finiteMessage : undefined,
    })
    .refine(Number.isFinite, finiteMessage);
/** A finite number from `min` to `max`, both included. */
export const between = (min: number, max: number) =>
  num().min(min, rangeMessage(min, max)).max(max, rangeMessage(min, max));
export const coordinate = () => between(-sceneContentLimits.coordinate, sceneContentLimits.coordinate);
export const positive = (max: number = sceneContentLimits.size) =>
  num().positive(positiveMessage).max(max, atMostMessage(max));
export const nonNegative = (max: number = sceneContentLimits.size) => between(0, max);
export const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(sceneContentLimits.itemsPerList, tooManyMessage(sceneContentLimits.itemsPerList));

export const ObjectId = z
  .string({ error: idMessage })
  .trim()
  .min(1, idMessage)
  .max(sceneContentLimits.idLength)
  .meta({ id: 'SceneObjectId' });

export const Title = z.string().trim().max(sceneContentLimits.titleLength);
export const Text = z.string().max(sceneContentLimits.textLength);

/** A file service url (`/api/fileService/file/...`) or an absolute http(s) url. */
export const Uri = z
  .string()
  .trim()
  .min(1, uriMessage)
  .max(sceneContentLimits.uriLength)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || isHttpUrl(v), uriMessage)
  .meta({ id: 'SceneUri' });

export const HttpUrl = z
  .string()
  .trim()
  .max(sceneContentLimits.uriLength)
  .refine(isHttpUrl, httpUrlMessage)
  .meta({ id: 'HttpUrl' });

export const Color = z
  .string()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, colorMessage)
  .meta({ id: 'Color' });

export const Vec2 = z.tuple([coordinate(), coordinate()]);
export const Vec3 = z.tuple([coordinate(), coordinate(), coordinate()]).meta({ id: 'Vec3' });
export type Vec3 = z.infer<typeof Vec3>;

/** Rotation in degrees about x, y and z, applied yaw first (Euler order YXZ, as a camera turns). */
export const Rotation = z.tuple([num(), num(), num()]);
export const Scale = z.tuple([positive(), positive(), positive()]);

/**
 * Where an object is. Flat objects (pictures, videos, texts, web views, portals, info points) are
 * centred on `position` and face +z in their own frame, so with no rotation a visitor looking
 * towards -z sees their front. Models and props stand on `position` with their own origin there.
 */
export const Transform = z
  .object({
    position: Vec3,
    rotation: Rotation.default([0, 0, 0]),
    scale: Scale.default([1, 1, 1]),
  })
  .meta({ id: 'Transform' });
export type Transform = z.infer<typeof Transform>;
