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

/**
 * The statements of the Wavefront OBJ spec (Appendix B1, "B1. Object Files (.obj)"): vertex data,
 * free-form curve/surface attributes, elements, free-form body statements, connectivity, grouping,
 * display/render attributes, the general statements and the superseded ones. A comment is any line
 * that starts with `#`, with or without a space after it.
 */
const objKeywords = [
  'v vt vn vp', // vertex data
  'cstype deg bmat step', // free-form curve/surface attributes
  'p l f curv curv2 surf', // elements
  'parm trim hole scrv sp end', // free-form curve/surface body statements
  'con', // connectivity between free-form surfaces
  'g s mg o', // grouping
  'bevel c_interp d_interp lod usemtl mtllib usemap maplib shadow_obj trace_obj ctech stech', // display/render
  'call csh', // general statements
  'bsp bzp cdc cdp res', // superseded statements, still read by some programs
].flatMap((group) => group.split(' '));
const objStatement = new RegExp(`^(${objKeywords.join('|')})(\\s|$)`);
/** A statement that makes the file more than comments and names: geometry. */
const objGeometry = /^(v|f)\s/;

/**
 * The statements of a Wavefront MTL file: the original spec's, the PBR extension's, and the
 * texture-map options under any `map_` name.
 */
const mtlStatement =
  /^(newmtl|ka|kd|ks|ke|km|ns|ni|d|tr|tf|illum|sharpness|map_\w+|bump|disp|decal|refl|norm|pr|pm|ps|pc|pcr|aniso|anisor)(\s|$)/i;

/** The statements of a Wavefront file: comments dropped, continuation lines (`\` at the end) joined. */
function statements(text: string) {
  return text
    .replace(/\\[ \t]*\r?\n/g, ' ')
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}

/**
 * Wavefront OBJ: every statement is one of the spec's, and there is geometry (or, when only the
 * head of a long file is seen, at least one statement).
 */
function looksLikeObj(text: string, complete: boolean): boolean {
  const ss = statements(text);
  if (ss.length === 0 || !ss.every((l) => objStatement.test(l))) return false;
  return !complete || ss.some((l) => objGeometry.test(l));
}

/** Wavefront MTL: every statement is a known keyword, and a material is declared. */
function looksLikeMtl(text: string): boolean {
  const ss = statements(text);
  return ss.length > 0 && ss.every((l) => mtlStatement.test(l)) && ss.some((l) => /^newmtl\s/i.test(l));
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
  if (looksLikeObj(text, complete)) return { ext: 'obj', mimeType: mimeTypeOf.obj };
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
