import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type FileKind, type FileType, mimeTypeOf, uploadRules } from '../../contracts/files';

/** How many leading bytes type detection looks at. */
export const sniffBytes = 64 * 1024;

export interface DetectedType {
  /** The type the bytes are, by its usual extension (file-type's name for it when it knows it). */
  ext: string;
  mimeType: string;
}

/** file-type names that are one of our types under another name. */
const aliases: Record<string, { type: FileType; mimeType?: string }> = {
  jpg: { type: 'jpg' },
  ogv: { type: 'ogg' },
  ogm: { type: 'ogg' },
  oga: { type: 'ogg' },
  opus: { type: 'ogg' },
  spx: { type: 'ogg' },
  ogx: { type: 'ogg' },
  m4v: { type: 'mp4', mimeType: 'video/mp4' },
};

function asText(head: Buffer, complete: boolean): string | undefined {
  let bytes = head;
  // Ignore a UTF-8 byte order mark.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  // Binary data has control characters that text formats never have.
  for (const b of bytes) {
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return undefined;
  }
  const text = bytes.toString('utf8');
  if (!complete) {
    // The head may end in the middle of a line (or of a character): drop that line.
    const lastBreak = text.lastIndexOf('\n');
    return lastBreak < 0 ? text : text.slice(0, lastBreak);
  }
  return text;
}

const objStatement =
  /^(#|v|vt|vn|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|bmat|step|curv|curv2|surf|parm|trim|hole|scrv|sp|end|con|mg|bevel|c_interp|d_interp|lod|shadow_obj|trace_obj|ctech|stech)(\s|$)/;
const objGeometry = /^(v|f)\s/;
const mtlStatement =
  /^(#|newmtl|ka|kd|ks|ke|ns|ni|d|tr|tf|illum|sharpness|map_\w+|bump|disp|decal|refl|norm|pr|pm|ps|pc|pcr|aniso|anisor)(\s|$)/i;

function lines(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** Wavefront OBJ: every statement is a known keyword, and there is geometry. */
function looksLikeObj(text: string): boolean {
  const ls = lines(text);
  return ls.length > 0 && ls.every((l) => objStatement.test(l)) && ls.some((l) => objGeometry.test(l));
}

/** Wavefront MTL: every statement is a known keyword, and a material is declared. */
function looksLikeMtl(text: string): boolean {
  const ls = lines(text);
  return ls.length > 0 && ls.every((l) => mtlStatement.test(l)) && ls.some((l) => /^newmtl\s/i.test(l));
}

/** glTF JSON: an object with an `asset` object (required by the glTF 2.0 spec). */
function looksLikeGltf(text: string, complete: boolean): boolean {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return false;
  if (!complete) return /"asset"\s*:\s*\{/.test(trimmed);
  try {
    const json = JSON.parse(trimmed) as { asset?: unknown };
    return typeof json.asset === 'object' && json.asset !== null && !Array.isArray(json.asset);
  } catch {
    return false;
  }
}

/**
 * What the bytes are, from their first bytes: file-type's signatures first, then the text formats
 * it does not know (glTF JSON, OBJ, MTL). `complete` says the head is the whole file.
 */
export async function detectType(head: Buffer, complete: boolean): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { ext: found.ext, mimeType: found.mime };
  const text = asText(head, complete);
  if (text === undefined) return undefined;
  if (looksLikeGltf(text, complete)) return { ext: 'gltf', mimeType: mimeTypeOf.gltf };
  if (looksLikeObj(text)) return { ext: 'obj', mimeType: mimeTypeOf.obj };
  if (looksLikeMtl(text)) return { ext: 'mtl', mimeType: mimeTypeOf.mtl };
  return undefined;
}

export interface AcceptedType {
  type: FileType;
  mimeType: string;
}

/**
 * Whether a file of `kind` may be what was detected. Models may also carry opaque binary buffers
 * (`.bin`, referenced by glTF): a file named *.bin that is none of the known types is accepted as
 * application/octet-stream. Everything else is decided by the bytes, never by the name.
 */
export function acceptType(
  kind: FileKind,
  detected: DetectedType | undefined,
  originalName: string,
): AcceptedType | undefined {
  const allowed: readonly FileType[] = uploadRules[kind].types;
  if (detected) {
    const alias = aliases[detected.ext];
    const type = (alias?.type ?? detected.ext) as FileType;
    if (allowed.includes(type)) {
      return { type, mimeType: alias?.mimeType ?? detected.mimeType };
    }
  }
  if (allowed.includes('bin') && /\.bin$/i.test(originalName)) {
    return { type: 'bin', mimeType: mimeTypeOf.bin };
  }
  return undefined;
}

/** A picture's size in pixels as displayed (turned upright by its EXIF orientation, as thumbnails are). */
export async function pictureSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = (await sharp(bytes).metadata()).autoOrient;
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
