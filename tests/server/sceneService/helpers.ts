import type { Role } from '../../../contracts/identity';
import type { DatabaseHandle } from '../../../server/db';
import {
  parseSceneContent,
  type SceneContent,
  type SceneContentInput,
} from '../../../contracts/sceneContent';
import type { TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';
import { type FormPart, multipartBody } from '../fileService/multipart';

export { paddedPng, picturePart, png } from '../userService/helpers';

const base = '/api/sceneService';

/**
 * Closes a test database quietly. pg's Pool.end() resolves before its connections have closed,
 * and the test database is then dropped WITH (FORCE): a connection still closing gets the
 * server's "terminating connection" error, which the pool re-emits with no listener. Those
 * errors mean nothing once the test is over.
 */
export async function closeQuietly(db: DatabaseHandle | undefined) {
  if (!db) return;
  const pool = (db.db as unknown as { $client?: { on?: (event: string, fn: () => void) => void } }).$client;
  if (db.kind === 'postgres') pool?.on?.('error', () => undefined);
  await db.close();
}

/** A valid content document (defaults filled), with `pictures` pictures. */
export function sampleContent(pictures = 2, extra: Partial<SceneContentInput> = {}): SceneContent {
  const parsed = parseSceneContent({
    version: 2,
    customSpace: { levels: [{ id: 'level-0', walls: [{ id: 'w1', from: [0, 0], to: [10, 0] }] }] },
    pictures: Array.from({ length: pictures }, (_, i) => ({
      id: `picture-${i}`,
      fileUri: `/demo/pictures/picture-${String(i % 100).padStart(3, '0')}.jpg`,
      title: `Picture ${i}`,
      width: 1.2,
      height: 0.9,
      transform: { position: [i, 1.6, -4] },
    })),
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.content;
}

/**
 * A valid document of about `bytes` bytes: pictures with long descriptions (at most 5000 of them,
 * the list limit), as a large exhibition exports.
 */
export function largeContent(bytes: number): SceneContent {
  const description = 'A painting of light over water, seen from the shore at dusk. '.repeat(14);
  const perPicture = JSON.stringify({ ...sampleContent(1).pictures[0], description }).length + 1;
  const count = Math.min(5000, Math.ceil(bytes / perPicture));
  const content = sampleContent(count);
  for (const p of content.pictures) p.description = description;
  return content;
}

/** Text fields, then file parts, as a browser's FormData sends them. */
export function form(fields: Record<string, string | string[]>, files: FormPart[] = []) {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const data of Array.isArray(value) ? value : [value]) parts.push({ name, data });
  }
  return multipartBody([...parts, ...files]);
}

/** Calls the scene service as a given user (or anonymously with `as: null`). */
export function sceneApi(t: TestApp, issuer: TestIssuer) {
  const auth = async (as: string | null, roles: Role[] = ['free-user']) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com`, roles });
  const id = (sceneId: string) => encodeURIComponent(sceneId);

  return {
    auth,
    async create(
      as: string | null,
      fields: Record<string, string | string[]> = {},
      files: FormPart[] = [],
      roles?: Role[],
    ) {
      const body = form(fields, files);
      return t.app.inject({
        method: 'POST',
        url: `${base}/scene/metadata`,
        headers: { ...(await auth(as, roles)), ...body.headers },
        payload: body.payload,
      });
    },
    async createJson(as: string | null, json: unknown, roles?: Role[]) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/scene/metadata`,
        headers: { ...(await auth(as, roles)), 'content-type': 'application/json' },
        payload: JSON.stringify(json),
      });
    },
    /** Creates a draft and answers its id (fails the test otherwise). */
    async draft(as: string, title = 'A space', roles?: Role[]): Promise<string> {
      const res = await this.create(as, { title }, [], roles);
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res.json().sceneId as string;
    },
    async patch(
      sceneId: string,
      as: string | null,
      fields: Record<string, string | string[]>,
      files: FormPart[] = [],
    ) {
      const body = form(fields, files);
      return t.app.inject({
        method: 'PATCH',
        url: `${base}/scene/metadata/${id(sceneId)}`,
        headers: { ...(await auth(as)), ...body.headers },
        payload: body.payload,
      });
    },
    async patchJson(sceneId: string, as: string | null, json: unknown) {
      return t.app.inject({
        method: 'PATCH',
        url: `${base}/scene/metadata/${id(sceneId)}`,
        headers: { ...(await auth(as)), 'content-type': 'application/json' },
        payload: JSON.stringify(json),
      });
    },
    async metadata(sceneId: string, as: string | null = null) {
      return t.app.inject({ url: `${base}/scene/metadata/${id(sceneId)}`, headers: await auth(as) });
    },
    async putContent(sceneId: string, as: string | null, content: unknown) {
      return t.app.inject({
        method: 'PUT',
        url: `${base}/scene/content/${id(sceneId)}`,
        headers: { ...(await auth(as)), 'content-type': 'application/json' },
        payload: typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content),
      });
    },
    async content(sceneId: string, as: string | null, headers: Record<string, string> = {}) {
      return t.app.inject({
        url: `${base}/scene/content/${id(sceneId)}`,
        headers: { ...(await auth(as)), ...headers },
      });
    },
    async my(as: string | null, query: Record<string, string | number> = {}) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return t.app.inject({ url: `${base}/scene/metadata/my?${qs}`, headers: await auth(as) });
    },
    async draftsLimit(as: string | null, roles?: Role[]) {
      return t.app.inject({ url: `${base}/scene/metadata/draftsLimit`, headers: await auth(as, roles) });
    },
    async visibility(sceneId: string, as: string | null, visible: string) {
      const body = form({ visible });
      return t.app.inject({
        method: 'PATCH',
        url: `${base}/scene/metadata/${id(sceneId)}/visibility`,
        headers: { ...(await auth(as)), ...body.headers },
        payload: body.payload,
      });
    },
    async remove(sceneId: string, as: string | null) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/sceneactions/${id(sceneId)}/delete`,
        headers: await auth(as),
      });
    },
    async duplicate(sceneId: string, as: string | null, roles?: Role[]) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/sceneactions/${id(sceneId)}/duplicate`,
        headers: await auth(as, roles),
      });
    },
    async publishedMetadata(sceneId: string, as: string | null = null) {
      return t.app.inject({ url: `${base}/publishedscene/metadata/${id(sceneId)}`, headers: await auth(as) });
    },
    async publishedContent(sceneId: string, as: string | null = null) {
      return t.app.inject({ url: `${base}/publishedscene/content/${id(sceneId)}`, headers: await auth(as) });
    },
  };
}
