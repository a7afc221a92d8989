import type { Role } from '../../../contracts/identity';
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
    async putContent(
      sceneId: string,
      as: string | null,
      content: unknown,
      headers: Record<string, string> = {},
    ) {
      return t.app.inject({
        method: 'PUT',
        url: `${base}/scene/content/${id(sceneId)}`,
        headers: { ...(await auth(as)), 'content-type': 'application/json', ...headers },
        payload: typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content),
      });
    },
    /** An incremental save made on the version `ifMatch` (an ETag as the server sends it, quotes and all). */
    async patchContent(sceneId: string, as: string | null, patch: unknown, ifMatch?: string) {
      return t.app.inject({
        method: 'PATCH',
        url: `${base}/scene/content/${id(sceneId)}`,
        headers: {
          ...(await auth(as)),
          'content-type': 'application/json',
          ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
        },
        payload: JSON.stringify(patch),
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
    async publish(sceneId: string, as: string | null, body: unknown, roles?: Role[]) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/sceneactions/${id(sceneId)}/publish`,
        headers: { ...(await auth(as, roles)), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    },
    async unpublish(sceneId: string, as: string | null, roles?: Role[]) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/sceneactions/${id(sceneId)}/unpublish`,
        headers: await auth(as, roles),
      });
    },
    async slots(as: string | null, which: 'my' | 'available' | string = 'my', roles?: Role[]) {
      return t.app.inject({
        url: `${base}/slot/${encodeURIComponent(which)}`,
        headers: await auth(as, roles),
      });
    },
    async deleteSlot(slotId: string, as: string | null, roles?: Role[]) {
      return t.app.inject({
        method: 'DELETE',
        url: `${base}/slot/${encodeURIComponent(slotId)}`,
        headers: await auth(as, roles),
      });
    },
    async search(
      as: string | null,
      query: Record<string, string | number> = {},
      headers: Record<string, string> = {},
    ) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return t.app.inject({
        url: `${base}/publishedscene/metadata?${qs}`,
        headers: { ...(await auth(as)), ...headers },
      });
    },
    async many(ids: string[], as: string | null = null) {
      return t.app.inject({
        url: `${base}/publishedscene/metadata/many/${ids.map(id).join(',')}`,
        headers: await auth(as),
      });
    },
    async view(sceneId: string, as: string | null, headers: Record<string, string> = {}) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/publishedscene/${id(sceneId)}/view`,
        headers: { ...(await auth(as)), ...headers },
      });
    },
    /**
     * A draft ready to publish: a title, three tags (or `tags`) and saved content. Answers its id.
     */
    async ready(as: string, title = 'A space', tags = ['art', 'sea', 'light'], roles?: Role[]) {
      const sceneId = await this.draft(as, title, roles);
      const patched = await this.patchJson(sceneId, as, { tags });
      if (patched.statusCode !== 200) throw new Error(`patch: ${patched.statusCode} ${patched.body}`);
      const saved = await this.putContent(sceneId, as, sampleContent(1));
      if (saved.statusCode !== 200) throw new Error(`content: ${saved.statusCode} ${saved.body}`);
      return sceneId;
    },
    /** The id of the caller's first available slot. */
    async freeSlot(as: string, roles?: Role[]): Promise<string> {
      const res = await this.slots(as, 'available', roles);
      const first = (res.json() as { items: { slotId: string }[] }).items[0];
      if (!first) throw new Error(`no free slot: ${res.body}`);
      return first.slotId;
    },
    /** Publishes a ready space into the caller's first free slot (fails the test otherwise). */
    async publishNow(sceneId: string, as: string, body: Record<string, unknown> = {}, roles?: Role[]) {
      const slotId = await this.freeSlot(as, roles);
      const res = await this.publish(sceneId, as, { slotId, ...body }, roles);
      if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
      return res.json() as { metadata: { sceneId: string }; slot: { slotId: string } };
    },
  };
}
