import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { districts, users } from '../../server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabases } from '../support/db';

/** A built app; `devPages` as a build with SPACES_DEV_PAGES=true marks it. */
function spaDir(root: string, devPages: boolean): string {
  const dir = path.join(root, devPages ? 'spa-dev' : 'spa');
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  const meta = devPages ? '<meta name="spaces-dev-pages" content="true">' : '';
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Spaces</title>${meta}</head><body><div id="root"></div></body></html>`,
  );
  // A script of the build with the compressed copies scripts/compress-build.mjs writes.
  const script = Buffer.from('console.log("the app");\n'.repeat(200));
  writeFileSync(path.join(dir, 'static', 'js', 'app.1234.js'), script);
  writeFileSync(path.join(dir, 'static', 'js', 'app.1234.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'static', 'js', 'app.1234.js.gz'), gzipSync(script));
  return dir;
}

describe.each(testDatabases())('page paths and their status on $name', ({ open }) => {
  let db: DatabaseHandle;
  let root: string;
  let t: TestApp;
  let dev: TestApp;
  const get = (app: TestApp, url: string, host = 'spaces.test', method: 'GET' | 'HEAD' = 'GET') =>
    app.app.inject({ method, url, headers: { host, accept: 'text/html' } });

  beforeAll(async () => {
    db = await open();
    root = mkdtempSync(path.join(tmpdir(), 'spa-status-'));
    t = await buildTestApp(db, { BASE_DOMAIN: 'spaces.test' }, { spaDir: spaDir(root, false) });
    dev = await buildTestApp(db, { BASE_DOMAIN: 'spaces.test' }, { spaDir: spaDir(root, true) });
    // The district the district-host cases visit.
    await db.db
      .insert(users)
      .values({ id: 'spa-district-owner', name: 'Gallery owner' })
      .onConflictDoNothing();
    await db.db
      .insert(districts)
      .values({
        id: 'spa-district-gallery',
        ownerId: 'spa-district-owner',
        title: 'Gallery',
        subdomain: 'gallery',
      })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await t?.close();
    await dev?.close();
    await db?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('sends the compressed copy of a script to browsers that accept it, and the script to others', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/static/js/app.1234.js',
        headers: { host: 'spaces.test', ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await asset();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('the app');

    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers 200 with the app for the pages of the route map, on every host', async () => {
    const everywhere = [
      '/',
      '/login',
      '/explore',
      '/Explore/',
      '/terms-of-service/data-processing-addendum',
      '/curate',
      '/curate/any-space',
      '/user',
      '/user/u1',
      '/user/u1/library/images',
      '/solutions/museums-and-galleries',
      '/resources/guides',
      '/resources/faqs',
      '/authentication/callback?code=x&state=y',
    ];
    for (const host of ['spaces.test', 'gallery.spaces.test']) {
      for (const url of everywhere) {
        const res = await get(t, url, host);
        expect(res.statusCode, `${host}${url}`).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
    }
    for (const url of ['/members', '/spaces/hosting-requests', '/library/3d-models']) {
      expect((await get(t, url, 'gallery.spaces.test')).statusCode, url).toBe(200);
    }
  });

  it('answers 404 with the same app for page paths outside the route map', async () => {
    const cases: [host: string, url: string][] = [
      ['spaces.test', '/no-such-page'],
      ['spaces.test', '/no/such/page?x=1'],
      ['spaces.test', '/resources'],
      // An article that was never written (or is still a draft) answers like a missing space.
      ['spaces.test', '/resources/guides/no-such-guide'],
      ['spaces.test', '/solutions/unknown'],
      ['spaces.test', '/user/u1/unknown'],
      ['spaces.test', '/user/me/library/nope'],
      // District sections exist on district hosts only.
      ['spaces.test', '/members'],
      ['www.spaces.test', '/members'],
      ['gallery.spaces.test', '/nothing-here'],
      ['gallery.spaces.test', '/members/nope'],
    ];
    // A page the sitemap does not list (those carry a canonical link): index.html as built.
    const app = (await get(t, '/settings')).body;
    for (const [host, url] of cases) {
      const res = await get(t, url, host);
      expect(res.statusCode, `${host}${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, `${host}${url}`).toBe(app);
    }
    const head = await get(t, '/no-such-page', 'spaces.test', 'HEAD');
    expect(head.statusCode).toBe(404);
  });

  it('answers 404 on the host of a district that does not exist, with the app that says so', async () => {
    const app = (await get(t, '/settings')).body;
    for (const url of ['/', '/members', '/spaces/published']) {
      const res = await get(t, url, 'nowhere.spaces.test');
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(app);
    }
    expect((await get(t, '/', 'gallery.spaces.test')).statusCode).toBe(200);
    // Host names are not case-sensitive.
    expect((await get(t, '/', 'GALLERY.spaces.test')).statusCode).toBe(200);
  });

  it('answers the development pages only from a build that has them', async () => {
    expect((await get(t, '/dev/engine?mode=viewer')).statusCode).toBe(404);
    expect((await get(dev, '/dev/engine?mode=viewer')).statusCode).toBe(200);
    expect((await get(dev, '/dev/other')).statusCode).toBe(404);
  });
});
