import { type FileKind, fileServicePrefix } from '../../contracts/files';
import type {
  MediaMetadata,
  ModelBudgetRow,
  ProcessedModel,
  UploadedFile,
} from '../machines/assetUploadMachine';
import type { ApiProblem } from './scenes';

/**
 * Uploads to the file service with progress (platform.md §7.2): POST /api/fileService/file?kind=
 * for a picture, a video or a sound, POST /api/fileService/model for a model and its parts.
 * XMLHttpRequest, not fetch: fetch tells no upload progress over HTTP/1.1. The bearer token is the
 * API client's (the session's access token).
 */

export interface UploadCallbacks {
  onProgress(loaded: number, total: number): void;
  /** Every byte is sent; the answer comes once the server has processed them. */
  onSent(): void;
}

export interface UploadOptions extends UploadCallbacks {
  kind: FileKind;
  files: File[];
  /** The session's access token, if signed in. */
  token?: string;
  signal?: AbortSignal;
}

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Figures read from an answer whose optional parts may be missing or of another shape. */
function figuresOf(value: unknown): (Partial<ProcessedModel> & { bytes?: number }) | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const figures = {
    triangles: number(v.triangles),
    meshes: number(v.meshes),
    materials: number(v.materials),
    textures: number(v.textures),
    bytes: number(v.bytes),
  };
  return Object.fromEntries(Object.entries(figures).filter(([, n]) => n !== undefined));
}

const size = (value: unknown): [number, number, number] | undefined =>
  Array.isArray(value) && value.length === 3 && value.every((n) => number(n) !== undefined)
    ? (value as [number, number, number])
    : undefined;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string' && s !== '') : undefined;

function budgetOf(value: unknown): ModelBudgetRow[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((row: Record<string, unknown> | null) => {
    const limit = number(row?.limit);
    const before = number(row?.before);
    const after = number(row?.after);
    return typeof row?.row === 'string' &&
      limit !== undefined &&
      before !== undefined &&
      after !== undefined &&
      typeof row.within === 'boolean'
      ? [{ row: row.row, limit, before, after, within: row.within }]
      : [];
  });
}

/**
 * What a model upload's answer (contracts/modelIntake.ts ModelUpload) tells the form: the stored
 * model's figures, the upload's figures before processing, the budget rows, the warnings, the
 * model's own size and the size it is placed at. Parts of another shape are left out.
 */
export function processedModelOf(answer: Record<string, unknown>): ProcessedModel {
  const figures = figuresOf(answer.figures) ?? {};
  const model: ProcessedModel = {
    triangles: figures.triangles ?? 0,
    meshes: figures.meshes ?? 0,
    materials: figures.materials ?? 0,
    textures: figures.textures ?? 0,
    ...(figures.bytes !== undefined ? { bytes: figures.bytes } : {}),
  };
  const before = figuresOf(answer.before);
  if (before && Object.keys(before).length) {
    model.before = before;
    model.after = figures;
  }
  if (typeof answer.scaleNote === 'string' && answer.scaleNote) model.scaleNote = answer.scaleNote;
  const clips = strings((answer.figures as Record<string, unknown> | undefined)?.animations);
  if (clips) model.clips = clips;
  const defaultSize = size(answer.defaultSize);
  if (defaultSize) model.defaultSize = defaultSize;
  const bounds = size(answer.bounds);
  if (bounds) model.bounds = bounds;
  const budget = budgetOf(answer.budget);
  if (budget?.length) model.budget = budget;
  const warnings = strings(answer.warnings);
  if (warnings?.length) model.warnings = warnings;
  return model;
}

function problemOf(xhr: XMLHttpRequest): ApiProblem {
  let body: { message?: unknown; code?: unknown } | null;
  try {
    body = JSON.parse(xhr.responseText) as { message?: unknown; code?: unknown } | null;
  } catch {
    body = null;
  }
  return {
    message: typeof body?.message === 'string' ? body.message : `${xhr.status} ${xhr.statusText}`,
    status: xhr.status,
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
  };
}

/** Sends the files; answers the stored file (a model: the GLB the server made, with its figures). */
export function uploadFiles({
  kind,
  files,
  token,
  signal,
  onProgress,
  onSent,
}: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url =
      kind === 'model'
        ? `${fileServicePrefix}/model`
        : `${fileServicePrefix}/file?kind=${encodeURIComponent(kind)}`;
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(problemOf(xhr));
      try {
        const answer = JSON.parse(xhr.responseText) as Record<string, unknown>;
        if (kind === 'model') {
          const model = answer.model as { id: string; url: string };
          resolve({ fileId: model.id, url: model.url, model: processedModelOf(answer) });
        } else {
          resolve({ fileId: answer.id as string, url: answer.url as string });
        }
      } catch (error) {
        reject({ message: (error as Error).message, status: xhr.status } satisfies ApiProblem);
      }
    };
    xhr.onerror = () => reject({ message: 'The upload could not reach the server' } satisfies ApiProblem);
    xhr.onabort = () => reject({ message: 'The upload was cancelled' } satisfies ApiProblem);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** A picture's width and height, a video's too with its duration; nothing for other files. */
export async function readMediaMetadata(kind: FileKind, file: File): Promise<MediaMetadata> {
  if (kind === 'picture') {
    const bitmap = await createImageBitmap(file);
    const metadata = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return metadata;
  }
  if (kind === 'video' || kind === 'audio') {
    const url = URL.createObjectURL(file);
    try {
      const media = document.createElement(kind === 'video' ? 'video' : 'audio');
      media.preload = 'metadata';
      await new Promise<void>((resolve, reject) => {
        media.onloadedmetadata = () => resolve();
        media.onerror = () => reject(new Error(`${file.name} cannot be played`));
        media.src = url;
      });
      const duration = Number.isFinite(media.duration) ? Math.round(media.duration * 100) / 100 : undefined;
      if (media instanceof HTMLVideoElement)
        return {
          ...(media.videoWidth ? { width: media.videoWidth, height: media.videoHeight } : {}),
          ...(duration !== undefined ? { duration } : {}),
        };
      return duration !== undefined ? { duration } : {};
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  return {};
}
