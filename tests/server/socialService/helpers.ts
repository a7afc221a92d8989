import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db';
import type { SocialServiceOptions } from '../../../server/services/socialService';
import { fakeSpaDir, type TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';

const base = '/api/socialService';

/** The real app, as buildTestApp makes it, with options for the social service. */
export async function buildSocialTestApp(
  db: DatabaseHandle,
  env: Record<string, string>,
  social: SocialServiceOptions,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '8080',
    ...env,
  });
  const app = await buildApp(config, { db, spaDir: fakeSpaDir(dataDir), logger: false, social });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the social service's comment and report routes as a given user (or anonymously with null). */
export function socialApi(t: TestApp, issuer: TestIssuer) {
  const auth = async (as: string | null) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com` });
  const json = async (as: string | null) => ({ ...(await auth(as)), 'content-type': 'application/json' });
  const id = encodeURIComponent;
  return {
    async list(sceneId: string, as: string | null, query: Record<string, string | number> = {}) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return t.app.inject({ url: `${base}/comments/scene/${id(sceneId)}?${qs}`, headers: await auth(as) });
    },
    async post(sceneId: string, as: string | null, body: unknown) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/comments/scene/${id(sceneId)}`,
        headers: await json(as),
        payload: JSON.stringify(body),
      });
    },
    /** Posts a comment (or a reply) and answers its id (fails the test otherwise). */
    async comment(sceneId: string, as: string, body: string, parentCommentId?: string): Promise<string> {
      const res = await this.post(sceneId, as, { body, ...(parentCommentId ? { parentCommentId } : {}) });
      if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
      return res.json().commentId as string;
    },
    async edit(commentId: string, as: string | null, body: unknown) {
      return t.app.inject({
        method: 'PATCH',
        url: `${base}/comments/${id(commentId)}`,
        headers: await json(as),
        payload: JSON.stringify(body),
      });
    },
    async remove(commentId: string, as: string | null) {
      return t.app.inject({
        method: 'DELETE',
        url: `${base}/comments/${id(commentId)}`,
        headers: await auth(as),
      });
    },
    async hide(commentId: string, as: string | null, action: 'hide' | 'unhide' = 'hide') {
      return t.app.inject({
        method: 'POST',
        url: `${base}/comments/${id(commentId)}/${action}`,
        headers: await auth(as),
      });
    },
    async report(as: string | null, body: unknown) {
      return t.app.inject({
        method: 'POST',
        url: `${base}/reports`,
        headers: await json(as),
        payload: JSON.stringify(body),
      });
    },
  };
}
