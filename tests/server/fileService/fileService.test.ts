import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRules } from '../../../contracts/files';
import type { DatabaseHandle } from '../../../server/db';
import { fileThumbnails, files } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { fileForm, multipartBody } from './multipart';

/** A noisy PNG: it compresses badly, so it is big enough to stream in several chunks. */
const noisyPng = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

/** A file of exactly `size` bytes that starts as a real PNG (what sniffing and sharp look at). */
async function paddedPng(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.alloc(size - png.length, 0x20)]);
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe.each(testDatabases())('file service on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let picture: Buffer;
  let filesDir: string;

  /** Rows, stored blobs and temp files: everything an upload may leave behind. */
  async function footprint() {
    const [{ n: rows }] = await t.app.db.select({ n: count() }).from(files);
    const [{ n: thumbs }] = await t.app.db.select({ n: count() }).from(fileThumbnails);
    const all = walk(filesDir);
    const temp = all.filter((f) => f.startsWith(path.join(filesDir, 'tmp') + path.sep));
    return { rows: Number(rows), thumbs: Number(thumbs), blobs: all.length - temp.length, temp: temp.length };
  }

  async function upload(kind: string | undefined, form: ReturnType<typeof fileForm>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/fileService/file${kind === undefined ? '' : `?kind=${kind}`}`,
      headers: { ...form.headers, ...(await issuer.headersFor('uploader')) },
      payload: form.payload,
    });
  }

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
    filesDir = path.join(t.dataDir, 'files');
    picture = await noisyPng(400, 300);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  describe('a picture', () => {
    let record: Record<string, unknown> & { id: string; url: string };

    beforeAll(async () => {
      const res = await upload('picture', fileForm('Gallery wall.png', picture, 'image/png'));
      expect(res.statusCode, res.body).toBe(201);
      record = res.json();
    });

    it('is stored and described', () => {
      expect(record).toMatchObject({
        url: `/api/fileService/file/${record.id}`,
        thumbnailUrl: `/api/fileService/thumbnail/${record.id}`,
        size: picture.length,
        mimeType: 'image/png',
        kind: 'picture',
        originalName: 'Gallery wall.png',
        width: 400,
        height: 300,
      });
      expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Date(String(record.createdAt)).toISOString()).toBe(record.createdAt);
    });

    it('downloads byte for byte, with caching headers', async () => {
      const res = await t.app.inject({ url: record.url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(picture)).toBe(true);
      expect(res.headers).toMatchObject({
        etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
        'cache-control': 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-type': 'image/png',
        'content-length': String(picture.length),
        'content-disposition': `inline; filename="Gallery wall.png"; filename*=UTF-8''Gallery%20wall.png`,
      });
    });

    it('answers 304 to a current If-None-Match', async () => {
      const { etag } = (await t.app.inject({ url: record.url })).headers;
      for (const inm of [String(etag), `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await t.app.inject({ url: record.url, headers: { 'if-none-match': inm } });
        expect(res.statusCode, inm).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      const stale = await t.app.inject({ url: record.url, headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode).toBe(200);
    });

    it('serves byte ranges', async () => {
      const size = picture.length;
      const cases: [string, number, number][] = [
        ['bytes=0-9', 0, 9],
        ['bytes=100-', 100, size - 1],
        ['bytes=-50', size - 50, size - 1],
        [`bytes=10-${size + 1000}`, 10, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await t.app.inject({ url: record.url, headers: { range } });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(picture.subarray(start, end + 1)), range).toBe(true);
      }
      // Several ranges or another unit: the whole file.
      const multi = await t.app.inject({ url: record.url, headers: { range: 'bytes=0-1,5-6' } });
      expect(multi.statusCode).toBe(200);
      expect(multi.rawPayload.length).toBe(size);
    });

    it('answers 416 to a range outside the file', async () => {
      for (const range of [`bytes=${picture.length}-`, 'bytes=-0']) {
        const res = await t.app.inject({ url: record.url, headers: { range } });
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${picture.length}`);
        expect(res.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', message: expect.any(String) });
      }
    });

    it('answers HEAD with the headers only', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: record.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(picture.length));
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(res.rawPayload.length).toBe(0);
    });

    it('has WebP thumbnails, made once', async () => {
      const before = await footprint();
      const first = await t.app.inject({ url: `/api/fileService/thumbnail/${record.id}` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(first.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
      const afterFirst = await footprint();
      expect(afterFirst.thumbs).toBe(before.thumbs + 1);

      const second = await t.app.inject({ url: `/api/fileService/thumbnail/${record.id}?w=320` });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(await footprint()).toEqual(afterFirst);
      const cached = await t.app.inject({
        url: `/api/fileService/thumbnail/${record.id}`,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);

      const small = await t.app.inject({ url: `/api/fileService/thumbnail/${record.id}?w=160` });
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });
      // Never enlarged.
      const large = await t.app.inject({ url: `/api/fileService/thumbnail/${record.id}?w=1280` });
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    });

    it('refuses thumbnail widths outside the table', async () => {
      for (const w of ['100', 'big', '-1']) {
        const res = await t.app.inject({ url: `/api/fileService/thumbnail/${record.id}?w=${w}` });
        expect(res.statusCode, w).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('is stored once however often it is uploaded', async () => {
      const before = await footprint();
      const res = await upload('picture', fileForm('copy.png', picture));
      expect(res.statusCode).toBe(201);
      expect(res.json().id).not.toBe(record.id);
      const after = await footprint();
      expect(after.rows).toBe(before.rows + 1);
      expect(after.blobs).toBe(before.blobs);
    });
  });

  it('takes a picture of exactly the limit and refuses one byte more, leaving nothing', async () => {
    const limit = uploadRules.picture.maxBytes;
    expect(limit).toBe(8388608);
    const atLimit = await upload('picture', fileForm('big.png', await paddedPng(limit)));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().size).toBe(limit);

    const before = await footprint();
    const res = await upload('picture', fileForm('too big.png', await paddedPng(limit + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxBytes: limit } });
    expect(await footprint()).toEqual(before);
  });

  it('decides the type from the bytes, not the name', async () => {
    const before = await footprint();
    const res = await upload('picture', fileForm('x.png', 'just some text, not a picture\n', 'image/png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const wrongKind = await upload('audio', fileForm('song.mp3', picture, 'audio/mpeg'));
    expect(wrongKind.statusCode).toBe(415);
    expect(await footprint()).toEqual(before);
  });

  it('finds the size of a JPEG whose header is far from the start', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer();
    // Two large application segments (as big EXIF/ICC blocks are) before the frame header.
    const segment = Buffer.concat([Buffer.from([0xff, 0xef, 0xff, 0xff]), Buffer.alloc(0xffff - 2, 0x41)]);
    const padded = Buffer.concat([jpeg.subarray(0, 2), segment, segment, jpeg.subarray(2)]);
    const res = await upload('picture', fileForm('far.jpg', padded));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/jpeg', width: 120, height: 90, size: padded.length });
    const back = await t.app.inject({ url: res.json().url });
    expect(back.rawPayload.equals(padded)).toBe(true);
  });

  it('refuses a picture that cannot be read', async () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 1),
    ]);
    const res = await upload('picture', fileForm('broken.png', broken));
    expect(res.statusCode).toBe(415);
  });

  it('needs a known kind and a file part', async () => {
    const form = fileForm('a.png', picture);
    for (const kind of [undefined, 'document', '']) {
      const res = await upload(kind, form);
      expect(res.statusCode, String(kind)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const noFile = multipartBody([{ name: 'title', data: 'hello' }]);
    const res = await upload('picture', noFile);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      headers: { 'content-type': 'application/octet-stream', ...(await issuer.headersFor('uploader')) },
      payload: picture,
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses uploads from visitors who are not signed in, storing nothing', async () => {
    const before = await footprint();
    const form = fileForm('anonymous.png', picture);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await footprint()).toEqual(before);
  });

  it('records who uploaded a file', async () => {
    const res = await upload('picture', fileForm('mine.png', picture));
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row.ownerId).toBe('uploader');
  });

  it('answers UPLOAD_TRUNCATED to a body that ends early, leaving nothing', async () => {
    const before = await footprint();
    const form = fileForm('cut.png', picture);
    for (const cut of [Math.floor(form.payload.length / 2), 200, form.payload.length - 10]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fileService/file?kind=picture',
        headers: { 'content-type': form.headers['content-type'], ...(await issuer.headersFor('uploader')) },
        payload: form.payload.subarray(0, cut),
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UPLOAD_TRUNCATED' });
    }
    expect(await footprint()).toEqual(before);
  });

  it('leaves nothing when the client goes away mid-upload', async () => {
    const before = await footprint();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const form = fileForm('gone.png', await noisyPng(600, 400));
    const auth = await issuer.headersFor('uploader');
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${address}/api/fileService/file?kind=picture`, {
        method: 'POST',
        headers: { ...form.headers, ...auth },
      });
      req.on('error', () => resolve());
      req.write(form.payload.subarray(0, 300_000), () => setTimeout(() => req.destroy(), 100));
    });
    for (let i = 0; i < 50 && (await footprint()).temp > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await footprint()).toEqual(before);
    const health = await t.app.inject({ url: '/readyz' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['0190a5b2-0000-7000-8000-000000000000', 'nope', '..%2F..%2Fetc']) {
      for (const url of [`/api/fileService/file/${id}`, `/api/fileService/thumbnail/${id}`]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
      }
    }
  });

  it('accepts glTF, GLB, OBJ, MTL, textures and .bin buffers as models', async () => {
    const gltf = JSON.stringify({
      asset: { version: '2.0' },
      scenes: [{ nodes: [] }],
      buffers: [{ uri: 'a.bin', byteLength: 4 }],
    });
    const glb = Buffer.alloc(32);
    glb.write('glTF', 0);
    glb.writeUInt32LE(2, 4);
    glb.writeUInt32LE(32, 8);
    const obj =
      '# cube\nmtllib cube.mtl\no Cube\nv 1 1 1\nv -1 1 1\nv 1 -1 1\nvn 0 0 1\nusemtl red\nf 1 2 3\n';
    const mtl = '# material\nnewmtl red\nKd 1 0 0\nNs 10\nd 1.0\nillum 2\n';
    const cases: [string, Buffer | string, string][] = [
      ['scene.gltf', gltf, 'model/gltf+json'],
      ['scene.glb', glb, 'model/gltf-binary'],
      ['cube.obj', obj, 'model/obj'],
      ['cube.mtl', mtl, 'model/mtl'],
      ['a.bin', Buffer.from([1, 2, 3, 4]), 'application/octet-stream'],
      ['texture.png', picture, 'image/png'],
    ];
    for (const [name, data, mimeType] of cases) {
      const res = await upload('model', fileForm(name, data));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'model', mimeType, originalName: name });
      expect(res.json().thumbnailUrl).toBeUndefined();
      const back = await t.app.inject({ url: res.json().url });
      expect(back.rawPayload.equals(Buffer.from(data)), name).toBe(true);
      expect(back.headers['content-type']).toBe(mimeType);
    }
    const notObj = await upload('model', fileForm('notes.obj', 'hello world\nthis is prose\n'));
    expect(notObj.statusCode).toBe(415);
  });

  describe('Wavefront OBJ and MTL as exporters write them', () => {
    const cube = 'v 1 1 -1\nv 1 -1 -1\nv 1 1 1\nvt 0.625 0.5\nvn 0 1 0\nf 1/1/1 2/1/1 3/1/1\n';
    const blender293 =
      "# Blender v2.93.1 OBJ File: ''\n# www.blender.org\nmtllib cube.mtl\no Cube\n" +
      'v 1.000000 1.000000 -1.000000\nv 1.000000 -1.000000 -1.000000\nv 1.000000 1.000000 1.000000\n' +
      'vt 0.625000 0.500000\nvn 0.0000 1.0000 0.0000\nusemtl Material\ns off\nf 1/1/1 2/1/1 3/1/1\n';
    const blender36 =
      '# Blender 3.6.0\n# www.blender.org\nmtllib untitled.mtl\no Cube\n' +
      'v 1.000000 1.000000 -1.000000\nv 1.000000 -1.000000 -1.000000\nv 1.000000 1.000000 1.000000\n' +
      'vn -0.0000 1.0000 -0.0000\nvt 0.625000 0.500000\ns 0\nusemtl Material\nf 1/1/1 2/1/1 3/1/1\nl 1 2\n';
    const max =
      '# 3ds Max Wavefront OBJ Exporter v0.97b - (c)2007 guruware\n# File Created: 25.01.2012 12:00:00\n\n' +
      'mtllib box.mtl\n\n#\n# object Box001\n#\n\n' +
      'v  -10.0000 0.0000 10.0000\nv  10.0000 0.0000 10.0000\nv  -10.0000 0.0000 -10.0000\n# 3 vertices\n\n' +
      'vn 0.0000 -1.0000 -0.0000\n# 1 vertex normals\n\nvt 0.0000 0.0000 0.0000\n# 1 texture coords\n\n' +
      'g Box001\nusemtl wire_028089177\ns 2\nf 1/1/1 2/1/1 3/1/1 \n# 1 faces\n\n';
    const hashComment = '#comment\n#exported by hand\n' + cube;
    const crlf = '# Blender 3.6.0\r\n#crlf\r\no Cube\r\n' + cube.replaceAll('\n', '\r\n');
    const bomIndented = '\ufeff# with a byte order mark\n\to Cube\n  g part\n' + cube.replace(/^/gm, '  ');
    const everyStatement =
      '#c\nmtllib a.mtl b.mtl\nmaplib m.mpc\no thing\ng one two\ns 1\nmg 1 0.5\nusemtl red\nusemap off\n' +
      'v 0 0 0\nv 1 0 0 1\nv 0 1 0 0.5 0.5 0.5\nvt 0 0\nvn 0 0 1\nvp 0.5\np 1\nl 1 2 3\nf 1 2 \\\n 3\n' +
      'bevel off\nc_interp off\nd_interp off\nlod 0\nshadow_obj s.obj\ntrace_obj t.obj\n' +
      'ctech cparm 1\nstech cparma 1 1\ncstype bezier\ndeg 3\ncurv 0 1 1 2 3 1\nparm u 0 1\nend\n';
    const commentsFirst = '#' + 'x'.repeat(70) + '\n';
    const longCommentHead = commentsFirst.repeat(Math.ceil(4096 / commentsFirst.length)) + cube;
    const bigObj = '# Blender 3.6.0\no Big\n' + 'v 0.123456 0.654321 1.000000\n'.repeat(4000) + 'f 1 2 3\n';
    const mtl =
      "# Blender MTL File: 'None'\n#Material Count: 1\r\n\r\nnewmtl Material\n\tNs 323.999994\n\tKa 1 1 1\n" +
      '\tKd 0.8 0.8 0.8\n\tKs 0.5 0.5 0.5\n\tKe 0 0 0\n\tNi 1.45\n\td 1\n\tTr 0\n\tTf 1 1 1\n\tillum 2\n' +
      '\tmap_Kd -s 1 1 1 wood.png\n\tmap_Bump -bm 1 normal.png\n\tbump normal.png\n\tPr 0.5\n\tPm 0\n';

    it.each([
      ['Blender 2.93', blender293],
      ['Blender 3.6', blender36],
      ['3ds Max', max],
      ['#comment without a space', hashComment],
      ['CRLF line endings', crlf],
      ['a byte order mark and indented statements', bomIndented],
      ['every statement of the spec', everyStatement],
      ['4 KB of comments before the first vertex', longCommentHead],
      ['more than the sniffed head', bigObj],
    ])('accepts an OBJ from %s', async (_, text) => {
      const res = await upload('model', fileForm('model.obj', text));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mimeType: 'model/obj', size: Buffer.byteLength(text) });
    });

    it('accepts an MTL with #comments, CRLF, tabs and texture options', async () => {
      const res = await upload('model', fileForm('model.mtl', mtl));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mimeType: 'model/mtl' });
    });

    it.each([
      ['JSON', 'data.obj', '{"v": [1, 2, 3], "f": [1, 2, 3]}\n'],
      ['an HTML page', 'page.obj', '<!doctype html>\n<html><body>v 1 2 3</body></html>\n'],
      ['a CSV', 'table.obj', 'v,x,y,z\nv,1,2,3\nf,1,2,3\n'],
      ['prose', 'notes.obj', 'v is for vertex\nhello world\n'],
      ['a shell script', 'run.obj', '#!/bin/sh\n# v 1 2 3\necho f 1 2 3\n'],
      ['comments only', 'empty.obj', '# Blender 3.6.0\n#nothing here\n'],
      ['names without geometry', 'names.obj', 'o Cube\ng part\n'],
      ['Markdown', 'readme.mtl', '# newmtl\n\nSome words about materials.\n'],
    ])('refuses %s, storing nothing', async (_, name, text) => {
      const before = await footprint();
      const res = await upload('model', fileForm(name, text));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('not one of the types a model may be'),
      });
      expect(await footprint()).toEqual(before);
    });
  });

  it('has no thumbnails for other kinds', async () => {
    const res = await upload('model', fileForm('cube.obj', 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    const thumb = await t.app.inject({ url: `/api/fileService/thumbnail/${res.json().id}` });
    expect(thumb.statusCode).toBe(404);
    expect(thumb.json().code).toBe('NOT_FOUND');
  });

  it('accepts audio it recognises', async () => {
    const samples = 800;
    const wav = Buffer.alloc(44 + samples * 2);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + samples * 2, 4);
    wav.write('WAVE', 8);
    wav.write('fmt ', 12);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(8000, 24);
    wav.writeUInt32LE(16000, 28);
    wav.writeUInt16LE(2, 32);
    wav.writeUInt16LE(16, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(samples * 2, 40);
    const res = await upload('audio', fileForm('beep.wav', wav));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'audio', mimeType: 'audio/wav' });
  });

  it('keeps the original name, whatever its script', async () => {
    const res = await upload('picture', fileForm('Café ☕ menu.png', picture));
    expect(res.statusCode).toBe(201);
    expect(res.json().originalName).toBe('Café ☕ menu.png');
    const back = await t.app.inject({ url: res.json().url });
    expect(back.headers['content-disposition']).toBe(
      `inline; filename="Caf_ _ menu.png"; filename*=UTF-8''Caf%C3%A9%20%E2%98%95%20menu.png`,
    );
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/fileService/file',
        '/api/fileService/file/{id}',
        '/api/fileService/thumbnail/{id}',
      ]),
    );
    const post = doc.paths['/api/fileService/file'].post;
    expect(post.tags).toEqual(['files']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415']));
    expect(Object.keys(doc.paths['/api/fileService/file/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '206', '304', '404', '416']),
    );
  });
});
