import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { engineBuildOf } from '../../../contracts/engineBuilds';
import type { DatabaseHandle } from '../../../server/db';
import { acceptsBrotli, representationOf } from '../../../server/services/assetService/buildFileTypes';
import { EngineBuildDirectory } from '../../../server/services/assetService/engineBuilds';
import { registerEngineBuild, unsetEngineBuild } from '../../../scripts/register-engine-build';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { playerContent, writeFakeBuild } from './buildFixture';

const lookupUrl = '/api/assetService/unityBuild?unityBuildName=current';

describe.each(testDatabases())('engine builds on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let source: string;
  let buildsDir: string;
  const work = mkdtempSync(path.join(tmpdir(), 'engine-builds-test-'));

  /** The lookup as an anonymous visitor and as a signed-in stranger. */
  async function lookUpAsEveryone(url = lookupUrl) {
    const anonymous = await t.app.inject({ url });
    const signedIn = await t.app.inject({ url, headers: await issuer.headersFor('someone-else') });
    return { anonymous, signedIn };
  }

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
    buildsDir = t.app.config.engineBuildsDir;
    source = writeFakeBuild(work);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
    rmSync(work, { recursive: true, force: true });
  });

  describe('GET /api/assetService/unityBuild', () => {
    it('keeps the builds in DATA_DIR/engine-builds by default', () => {
      expect(buildsDir).toBe(path.join(t.dataDir, 'engine-builds'));
    });

    // A global resource with no owner: anonymous visitors and signed-in users get the same answer.
    it('answers an empty list when no build is registered (the built-in engine), to everyone', async () => {
      const { anonymous, signedIn } = await lookUpAsEveryone();
      for (const res of [anonymous, signedIn]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });

    it.each([
      ['no unityBuildName', '/api/assetService/unityBuild'],
      ['an empty one', '/api/assetService/unityBuild?unityBuildName='],
      ['another name', '/api/assetService/unityBuild?unityBuildName=latest'],
      ['a version', '/api/assetService/unityBuild?unityBuildName=2024.1'],
    ])('refuses %s with 400 VALIDATION_FAILED, to everyone', async (_, url) => {
      const { anonymous, signedIn } = await lookUpAsEveryone(url);
      for (const res of [anonymous, signedIn]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      }
    });

    it('refuses a bad access token like every API route does', async () => {
      const res = await t.app.inject({ url: lookupUrl, headers: { authorization: 'Bearer nonsense' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('lists a newly registered build at once, with the URLs of every player, to everyone', async () => {
      await registerEngineBuild({ source, version: '2025.1-rc_2', buildsDir });
      const { anonymous, signedIn } = await lookUpAsEveryone();
      for (const res of [anonymous, signedIn]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([
          {
            unityBuildName: 'current',
            version: '2025.1-rc_2',
            players: {
              Editor: {
                loaderUrl: '/files/2025.1-rc_2/Editor/Build/Editor.loader.js',
                dataUrl: '/files/2025.1-rc_2/Editor/Build/Editor.data.br',
                frameworkUrl: '/files/2025.1-rc_2/Editor/Build/Editor.framework.js.br',
                codeUrl: '/files/2025.1-rc_2/Editor/Build/Editor.wasm.br',
                streamingAssetsUrl: '/files/2025.1-rc_2/Editor/StreamingAssets',
              },
              Viewer: {
                loaderUrl: '/files/2025.1-rc_2/Viewer/Build/Viewer.loader.js',
                dataUrl: '/files/2025.1-rc_2/Viewer/Build/Viewer.data.br',
                frameworkUrl: '/files/2025.1-rc_2/Viewer/Build/Viewer.framework.js.br',
                codeUrl: '/files/2025.1-rc_2/Viewer/Build/Viewer.wasm.br',
                streamingAssetsUrl: '/files/2025.1-rc_2/Viewer/StreamingAssets',
              },
              Inspector: {
                loaderUrl: '/files/2025.1-rc_2/Inspector/Build/Inspector.loader.js',
                dataUrl: '/files/2025.1-rc_2/Inspector/Build/Inspector.data.br',
                frameworkUrl: '/files/2025.1-rc_2/Inspector/Build/Inspector.framework.js.br',
                codeUrl: '/files/2025.1-rc_2/Inspector/Build/Inspector.wasm.br',
                streamingAssetsUrl: '/files/2025.1-rc_2/Inspector/StreamingAssets',
              },
            },
          },
        ]);
      }
    });

    it('follows `current` to the next build, and back to none when it is unset', async () => {
      await registerEngineBuild({ source, version: 'second', buildsDir });
      expect((await t.app.inject({ url: lookupUrl })).json()).toEqual([engineBuildOf('current', 'second')]);
      await unsetEngineBuild(buildsDir);
      expect((await t.app.inject({ url: lookupUrl })).json()).toEqual([]);
      writeFileSync(path.join(buildsDir, 'current'), 'second\n');
      expect((await t.app.inject({ url: lookupUrl })).json()).toEqual([engineBuildOf('current', 'second')]);
    });

    it.each([
      ['a version with no folder', 'never-registered'],
      ['an invalid version', '../outside'],
      ['an empty file', ''],
    ])('answers an empty list when `current` names %s', async (_, content) => {
      writeFileSync(path.join(buildsDir, 'current'), content);
      const res = await t.app.inject({ url: lookupUrl });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      writeFileSync(path.join(buildsDir, 'current'), 'second\n');
    });

    it('is documented in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
      expect(doc.paths['/api/assetService/unityBuild'].get.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'unityBuildName', in: 'query' })]),
      );
      expect(Object.keys(doc.paths)).toContain('/files/{version}/{player}/{*}');
    });
  });

  describe('GET /files/{version}/{player}/...', () => {
    const version = 'files-v1';
    const base = `/files/${version}`;
    const br = { 'accept-encoding': 'gzip, deflate, br' };

    beforeAll(async () => {
      await registerEngineBuild({ source, version, buildsDir });
      // Unity's page template and a secret beside the builds: neither may ever be served.
      writeFileSync(path.join(buildsDir, version, 'Viewer', 'index.html'), '<!doctype html>');
      writeFileSync(path.join(t.dataDir, 'secret.txt'), 'top secret');
      symlinkSync(
        path.join(t.dataDir, 'secret.txt'),
        path.join(buildsDir, version, 'Viewer', 'StreamingAssets', 'leak.txt'),
      );
    });

    it('serves the loader as JavaScript, cached for a year', async () => {
      const res = await t.app.inject({ url: `${base}/Viewer/Build/Viewer.loader.js` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(playerContent('Viewer').loader);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    });

    it.each([
      ['Editor', 'Editor.wasm.br', 'application/wasm', 'code'],
      ['Inspector', 'Inspector.framework.js.br', 'text/javascript; charset=utf-8', 'framework'],
      ['Viewer', 'Viewer.data.br', 'application/octet-stream', 'data'],
    ] as const)(
      'serves %s %s as stored, with Content-Encoding br and the type %s',
      async (player, name, type, part) => {
        const res = await t.app.inject({ url: `${base}/${player}/Build/${name}`, headers: br });
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({
          'content-type': type,
          'content-encoding': 'br',
          vary: 'Accept-Encoding',
          'cache-control': 'public, max-age=31536000, immutable',
        });
        const expected = brotliCompressSync(playerContent(player)[part]);
        expect(res.headers['content-length']).toBe(String(expected.length));
        expect(res.rawPayload.equals(expected)).toBe(true);
      },
    );

    it('decodes brotli for a client that does not take it (browsers on plain HTTP)', async () => {
      const res = await t.app.inject({
        url: `${base}/Editor/Build/Editor.wasm.br`,
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/wasm');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(playerContent('Editor').code)).toBe(true);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await t.app.inject({
        method: 'HEAD',
        url: `${base}/Viewer/Build/Viewer.wasm.br`,
        headers: br,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('application/wasm');
      expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
      expect(res.body).toBe('');
    });

    it('answers 304 to a current ETag and byte ranges of streaming assets', async () => {
      const url = `${base}/Viewer/StreamingAssets/videos/intro.mp4`;
      const first = await t.app.inject({ url });
      expect(first.headers['content-type']).toBe('video/mp4');
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const part = await t.app.inject({ url, headers: { range: 'bytes=2-4' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('234');
      expect(part.headers['content-range']).toBe('bytes 2-4/10');
    });

    it.each([
      ['an unknown version', '/files/no-such-version/Viewer/Build/Viewer.loader.js'],
      ['an invalid version', '/files/.hidden/Viewer/Build/Viewer.loader.js'],
      ['an unknown player', `${base}/Player/Build/Player.loader.js`],
      ['a player in lower case', `${base}/viewer/Build/Viewer.loader.js`],
      ['an unknown file', `${base}/Viewer/Build/Viewer.missing.js`],
      ["another player's file", `${base}/Viewer/Build/Editor.loader.js`],
      ['a folder', `${base}/Viewer/Build`],
      ['a folder with a slash', `${base}/Viewer/Build/`],
      ['the page template', `${base}/Viewer/index.html`],
      ['the player folder', `${base}/Viewer/`],
      ['the current file', '/files/current'],
    ])('answers 404 NOT_FOUND for %s', async (_, url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it.each([
      `${base}/Viewer/Build/../../../../secret.txt`,
      `${base}/Viewer/Build/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
      `${base}/Viewer/Build/..%2f..%2f..%2f..%2fsecret.txt`,
      `${base}/Viewer/Build%2f..%2f..%2f..%2f..%2fsecret.txt`,
      `${base}/Viewer/Build/..%5c..%5c..%5c..%5csecret.txt`,
      `${base}/Viewer/Build\\..\\..\\..\\..\\secret.txt`,
      `${base}/Viewer/..%2f..%2f..%2fsecret.txt`,
      `/files/..%2f..%2f/Viewer/Build/secret.txt`,
      `/files/%2e%2e/%2e%2e/Build/secret.txt`,
      `${base}/Viewer/%2Fetc%2Fpasswd`,
      `${base}/Viewer//etc/passwd`,
      `${base}/Viewer/Build//etc/passwd`,
      `${base}/Viewer/Build/%00secret.txt`,
      `${base}/Viewer/StreamingAssets/leak.txt`,
    ])('never serves anything outside the build: %s', async (url) => {
      const res = await t.app.inject({ url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('top secret');
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/^(NOT_FOUND|VALIDATION_FAILED)$/) });
    });

    it('refuses traversal sent over a real socket, where nothing normalises the path first', async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const rawGet = (rawPath: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest(`${address}/`, { path: rawPath }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.end();
        });
      for (const rawPath of [
        `${base}/Viewer/Build/../../../../secret.txt`,
        `${base}/Viewer/StreamingAssets/../../../../secret.txt`,
        `${base}/Viewer/Build/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
        `/files/../${version}/Viewer/Build/Viewer.loader.js`,
      ]) {
        const res = await rawGet(rawPath);
        expect([400, 404], rawPath).toContain(res.status);
        expect(res.body).not.toContain('top secret');
      }
    });

    it('serves the same files to signed-in users and anonymous visitors', async () => {
      const url = `${base}/Inspector/Build/Inspector.loader.js`;
      const anonymous = await t.app.inject({ url });
      const signedIn = await t.app.inject({ url, headers: await issuer.headersFor('someone-else') });
      expect(anonymous.statusCode).toBe(200);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toBe(anonymous.body);
    });
  });
});

describe('the builds folder', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'engine-builds-dir-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('logs a broken `current` once, not on every lookup, and again after it was fixed and broke', async () => {
    const warn = vi.fn();
    const builds = new EngineBuildDirectory(work, { warn } as unknown as FastifyBaseLogger);
    expect(await builds.current()).toBeNull();
    expect(warn).not.toHaveBeenCalled();

    writeFileSync(path.join(work, 'current'), 'gone');
    expect(await builds.current()).toBeNull();
    expect(await builds.current()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/names version gone, which has no folder/);

    writeFileSync(path.join(work, 'current'), 'not/a/version');
    expect(await builds.current()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1][0]).toMatch(/invalid version "not\/a\/version"/);
  });

  it("finds only files inside a player's Build and StreamingAssets folders", async () => {
    const builds = new EngineBuildDirectory(work, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await registerEngineBuild({ source: writeFakeBuild(work, 'src-files'), version: 'v8', buildsDir: work });
    expect(await builds.file('v8', 'Viewer', 'Build/Viewer.loader.js')).toMatchObject({
      path: path.join(work, 'v8', 'Viewer', 'Build', 'Viewer.loader.js'),
      name: 'Viewer.loader.js',
    });
    const secret = path.join(work, 'secret.txt');
    writeFileSync(secret, 'top secret');
    for (const rest of [
      secret,
      `Build/${secret}`,
      'Build/../../../secret.txt',
      'Build\\..\\x',
      'Build',
      '',
    ]) {
      expect(await builds.file('v8', 'Viewer', rest), rest).toBeNull();
    }
    expect(await builds.file('../v8', 'Viewer', 'Build/Viewer.loader.js')).toBeNull();
    expect(await builds.file('v8', '../v8/Viewer', 'Build/Viewer.loader.js')).toBeNull();
  });

  it('is read on every lookup, so a build registered elsewhere counts at once', async () => {
    const builds = new EngineBuildDirectory(work, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await registerEngineBuild({ source: writeFakeBuild(work, 'src'), version: 'v7', buildsDir: work });
    expect(await builds.current()).toEqual(engineBuildOf('current', 'v7'));
  });
});

describe('build file types', () => {
  it.each([
    ['Viewer.loader.js', 'text/javascript; charset=utf-8', null],
    ['Viewer.framework.js.br', 'text/javascript; charset=utf-8', 'br'],
    ['Viewer.wasm.br', 'application/wasm', 'br'],
    ['Viewer.data.br', 'application/octet-stream', 'br'],
    ['intro.MP4', 'video/mp4', null],
    ['catalog.json.br', 'application/json; charset=utf-8', 'br'],
    ['LICENSE', 'application/octet-stream', null],
  ])('%s is %s with coding %s', (name, contentType, encoding) => {
    expect(representationOf(name)).toEqual({ contentType, encoding });
  });

  it.each([
    [undefined, true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=0.5', true],
    ['BR', true],
    ['*', true],
    ['gzip, deflate', false],
    ['', false],
    ['br;q=0, *', false],
    ['gzip, *;q=0', false],
  ])('Accept-Encoding %j takes brotli: %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
