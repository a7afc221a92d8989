import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { districts, users } from '../../server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabases } from '../support/db';

describe.each(testDatabases())('platform server on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  beforeAll(async () => {
    db = await open();
    t = await buildTestApp(db, { BASE_DOMAIN: 'spaces.test' });
    // The district whose host is served below (a host no district has answers 404: spa.test.ts).
    await db.db.insert(users).values({ id: 'app-test-owner', name: 'Owner' }).onConflictDoNothing();
    await db.db
      .insert(districts)
      .values({ id: 'app-test-gallery', ownerId: 'app-test-owner', title: 'Gallery', subdomain: 'gallery' })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  it('answers /healthz and /readyz when the database and files are reachable', async () => {
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', files: 'ok' } });
  });

  it('serves the app with history fallback on the main host and on district hosts', async () => {
    for (const host of ['spaces.test', 'gallery.spaces.test']) {
      // Paths outside the route map answer 404 with the same page (spa.test.ts).
      for (const url of ['/', '/explore', '/user/u1/library/images', '/no/such/page']) {
        const res = await t.app.inject({ url, headers: { host, accept: 'text/html' } });
        expect(res.statusCode, `${host}${url}`).toBe(url === '/no/such/page' ? 404 : 200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<div id="root">');
        expect(res.body).toContain('<meta name="base-domain" content="spaces.test">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ url: '/static/js/index.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and missing assets with the JSON error shape, not the app', async () => {
    for (const url of ['/api/nope', '/api/fileService/nope', '/static/js/missing.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const post = await t.app.inject({ method: 'POST', url: '/explore' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('refuses framing everywhere except the embedded viewer', async () => {
    const page = await t.app.inject({ url: '/viewer/abc' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await t.app.inject({ url: '/healthz' });
    expect(api.headers['x-frame-options']).toBe('DENY');
    // No space 'abc' exists (a 404 page), but its headers are those of any embed.
    const embed = await t.app.inject({ url: '/viewer/embed/abc?showSignIn=1' });
    expect(embed.statusCode).toBe(404);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('sends a CSP that allows the app, blob: and data: images, wasm and workers', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    // The engine's text workers load from blob: URLs; web views and YouTube frames are https pages.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' blob:(;|$)/);
    expect(csp).toMatch(/frame-src 'self' https:(;|$)/);
  });

  it('gives every response a request id, and keeps one the caller sent', async () => {
    const a = await t.app.inject({ url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    expect(b.headers['x-request-id']).toBe('trace-42');
  });

  it('rejects malformed JSON with a 400 and the error shape', async () => {
    t.app.log.level = 'silent';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('publishes an OpenAPI document built from the route schemas, and its UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/api/fileService/file/{id}']),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('before the app is built', () => {
  it('says how to build it instead of failing obscurely', async () => {
    const [pglite] = testDatabases();
    const db = await pglite.open();
    const t = await buildTestApp(db, {}, { spaDir: null });
    try {
      const res = await t.app.inject({ url: '/explore' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringContaining('npm run build'),
      });
    } finally {
      await t.close();
      await db.close();
    }
  });
});
