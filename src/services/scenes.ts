import { HTTPError, type KyInstance } from 'ky';
import type { PublishedScenePage } from '../../contracts/publishing';
import type { SceneContent } from '../../contracts/sceneContent';
import type {
  CreateSceneAnswer,
  DraftsLimitAnswer,
  SceneMetadata,
  SceneMetadataFields,
  SaveContentAnswer,
  SceneMetadataPage,
  SceneState,
} from '../../contracts/scenes';
import type { ContentPatch } from '../../contracts/contentPatch';

/**
 * Calls to the scene service (platform.md §7.3). Each throws an `ApiProblem` on failure, so
 * machines can tell a refusal (status, code) from a lost connection (no status).
 */

export interface ApiProblem {
  message: string;
  status?: number;
  code?: string;
  details?: unknown;
}

async function problem(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as {
      code?: string;
      message?: string;
      details?: unknown;
    } | null;
    throw {
      message: body?.message ?? error.message,
      status: error.response.status,
      code: body?.code,
      details: body?.details,
    } satisfies ApiProblem;
  }
  throw { message: error instanceof Error ? error.message : String(error) } satisfies ApiProblem;
}

export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return problem(error);
  }
}

const id = (sceneId: string) => encodeURIComponent(sceneId);

/** A draft's document with the version it is at (null: never saved). */
export interface VersionedContent {
  content: SceneContent;
  etag: string | null;
}

/** The version an answer names in its ETag header, without quotes. */
const etagOf = (response: Response) =>
  response.headers
    .get('etag')
    ?.replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1') ?? null;

/** Metadata fields as a multipart form (what the service expects), with optional pictures. */
export function metadataForm(
  fields: SceneMetadataFields,
  files: { coverPhoto?: Blob; photoGallery?: Blob[] } = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) form.append(key, String(v));
    else form.append(key, value === null ? '' : String(value));
  }
  if (files.coverPhoto) form.append('coverPhoto', files.coverPhoto);
  for (const f of files.photoGallery ?? []) form.append('photoGallery', f);
  return form;
}

export const scenesApi = (api: KyInstance) => ({
  create: (fields: SceneMetadataFields, signal?: AbortSignal) =>
    call(() =>
      api
        .post('sceneService/scene/metadata', { body: metadataForm(fields), retry: 0, signal })
        .json<CreateSceneAnswer>(),
    ),
  /** Changes the metadata; `files` are new pictures (cover photo, gallery) sent with it. */
  update: (
    sceneId: string,
    fields: SceneMetadataFields,
    options: { files?: { coverPhoto?: Blob; photoGallery?: Blob[] }; signal?: AbortSignal } = {},
  ) =>
    call(() =>
      api
        .patch(`sceneService/scene/metadata/${id(sceneId)}`, {
          body: metadataForm(fields, options.files),
          retry: 0,
          // Pictures may take a while on a slow connection.
          timeout: options.files ? 120_000 : undefined,
          signal: options.signal,
        })
        .json<SceneMetadata>(),
    ),
  metadata: (sceneId: string, signal?: AbortSignal) =>
    call(() => api.get(`sceneService/scene/metadata/${id(sceneId)}`, { signal }).json<SceneMetadata>()),
  /** The draft's document and its version (the If-Match of the next save; null before any save). */
  content: (sceneId: string, signal?: AbortSignal) =>
    call(async (): Promise<VersionedContent> => {
      const response = await api.get(`sceneService/scene/content/${id(sceneId)}`, { signal });
      return { content: await response.json<SceneContent>(), etag: etagOf(response) };
    }),
  /** Stores the whole document; with `ifMatch`, only over that version (409 STALE_CONTENT otherwise). */
  putContent: (
    sceneId: string,
    content: SceneContent,
    options: { ifMatch?: string | null; signal?: AbortSignal } = {},
  ) =>
    call(() =>
      api
        .put(`sceneService/scene/content/${id(sceneId)}`, {
          json: content,
          headers: options.ifMatch ? { 'if-match': `"${options.ifMatch}"` } : undefined,
          retry: 0,
          timeout: 120_000,
          signal: options.signal,
        })
        .json<SaveContentAnswer>(),
    ),
  /** Stores the changes since version `ifMatch` (409 STALE_CONTENT when it is not the current one). */
  patchContent: (sceneId: string, patch: ContentPatch, options: { ifMatch: string; signal?: AbortSignal }) =>
    call(() =>
      api
        .patch(`sceneService/scene/content/${id(sceneId)}`, {
          json: patch,
          headers: { 'if-match': `"${options.ifMatch}"` },
          retry: 0,
          timeout: 120_000,
          signal: options.signal,
        })
        .json<SaveContentAnswer>(),
    ),
  publishedMetadata: (sceneId: string, signal?: AbortSignal) =>
    call(() =>
      api.get(`sceneService/publishedscene/metadata/${id(sceneId)}`, { signal }).json<SceneMetadata>(),
    ),
  publishedContent: (sceneId: string, signal?: AbortSignal) =>
    call(() =>
      api.get(`sceneService/publishedscene/content/${id(sceneId)}`, { signal }).json<SceneContent>(),
    ),
  my: (query: { state?: SceneState; cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('sceneService/scene/metadata/my', {
          searchParams: { cp: query.cp, ipp: query.ipp, ...(query.state ? { state: query.state } : {}) },
          signal,
        })
        .json<SceneMetadataPage>(),
    ),
  /** A user's published, visible spaces (as anyone sees them). */
  publishedBy: (query: { ownerId: string; cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('sceneService/publishedscene/metadata', {
          searchParams: { ownerId: query.ownerId, cp: query.cp, ipp: query.ipp },
          signal,
        })
        .json<PublishedScenePage>(),
    ),
  /** Resolves with the answer when another draft is allowed; throws (status 422) when not. */
  draftsLimit: (signal?: AbortSignal) =>
    call(() =>
      api.get('sceneService/scene/metadata/draftsLimit', { retry: 0, signal }).json<DraftsLimitAnswer>(),
    ),
  setVisible: (sceneId: string, visible: boolean, signal?: AbortSignal) =>
    call(() => {
      const form = new FormData();
      form.append('visible', String(visible));
      return api
        .patch(`sceneService/scene/metadata/${id(sceneId)}/visibility`, { body: form, retry: 0, signal })
        .json<SceneMetadata>();
    }),
  remove: (sceneId: string, signal?: AbortSignal) =>
    call(async () => {
      await api.post(`sceneService/sceneactions/${id(sceneId)}/delete`, { retry: 0, signal });
    }),
  duplicate: (sceneId: string, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`sceneService/sceneactions/${id(sceneId)}/duplicate`, { retry: 0, signal })
        .json<CreateSceneAnswer>(),
    ),
});
export type ScenesApi = ReturnType<typeof scenesApi>;
