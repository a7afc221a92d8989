import { z } from 'zod';

/**
 * The file service's shared contract: what may be uploaded, how big, and what the server answers.
 * The SPA reads the same table to build its file pickers and to refuse a file before sending it.
 */
export const fileKinds = ['picture', 'video', 'model', 'audio'] as const;
export const FileKind = z.enum(fileKinds).meta({ id: 'FileKind' });
export type FileKind = z.infer<typeof FileKind>;

/** A file type, named by its usual extension. */
export type FileType =
  | 'jpg'
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'mp4'
  | 'webm'
  | 'ogg'
  | 'mov'
  | 'glb'
  | 'gltf'
  | 'obj'
  | 'bin'
  | 'mtl'
  | 'mp3'
  | 'wav';

export interface UploadRule {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Accepted types. The server decides the type from the bytes, never from the name alone. */
  types: readonly FileType[];
}

/** Upload limits per kind: the one table both the server and the SPA enforce. */
export const uploadRules = {
  picture: { maxBytes: 8_388_608, types: ['jpg', 'jpeg', 'png', 'webp'] },
  video: { maxBytes: 31_457_280, types: ['mp4', 'webm', 'ogg', 'mov'] },
  model: { maxBytes: 31_457_280, types: ['jpg', 'jpeg', 'png', 'glb', 'gltf', 'obj', 'bin', 'mtl'] },
  audio: { maxBytes: 16_777_216, types: ['mp3', 'wav', 'ogg'] },
} as const satisfies Record<FileKind, UploadRule>;

/** The MIME type a stored file of each type is served with. */
export const mimeTypeOf: Record<FileType, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'application/ogg',
  mov: 'video/quicktime',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  bin: 'application/octet-stream',
  mtl: 'model/mtl',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

/** `accept` attribute for a file input of the given kind, e.g. ".jpg,.jpeg,.png,.webp". */
export const acceptOf = (kind: FileKind) => uploadRules[kind].types.map((t) => `.${t}`).join(',');

/** Thumbnail widths the server makes (pictures only); others are refused so the cache stays small. */
export const thumbnailWidths = [160, 320, 640, 1280] as const;
export type ThumbnailWidth = (typeof thumbnailWidths)[number];
export const defaultThumbnailWidth: ThumbnailWidth = 320;

export const fileServicePrefix = '/api/fileService';
export const fileUrl = (id: string) => `${fileServicePrefix}/file/${id}`;
export const thumbnailUrl = (id: string, width: ThumbnailWidth = defaultThumbnailWidth) =>
  `${fileServicePrefix}/thumbnail/${id}${width === defaultThumbnailWidth ? '' : `?w=${width}`}`;

export const UploadQuery = z.object({
  kind: FileKind.describe('What the file is for; decides the accepted types and the size limit'),
});
export type UploadQuery = z.infer<typeof UploadQuery>;

export const FileIdParams = z.object({
  id: z.string().describe('File id'),
});

export const ThumbnailQuery = z.object({
  w: z.coerce
    .number()
    .pipe(z.literal(thumbnailWidths))
    .default(defaultThumbnailWidth)
    .describe(`Width in pixels: one of ${thumbnailWidths.join(', ')} (default ${defaultThumbnailWidth})`),
});

/** A stored file, as the upload answers it. */
export const FileRecord = z
  .object({
    id: z.string(),
    /** Where the bytes are served: GET/HEAD, with ETag and Range support. */
    url: z.string(),
    /** Pictures only: a WebP thumbnail (append `?w=` for another width). */
    thumbnailUrl: z.string().optional(),
    size: z.number().int().nonnegative(),
    mimeType: z.string(),
    kind: FileKind,
    originalName: z.string(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'FileRecord' });
export type FileRecord = z.infer<typeof FileRecord>;
