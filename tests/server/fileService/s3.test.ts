import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { type LocalS3, startLocalS3 } from '../storage/s3rver';
import { fileForm } from './multipart';

describe('file service with an S3 store', () => {
  let s3: LocalS3;
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    s3 = await startLocalS3();
    db = await testDatabases()[0].open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { ...s3.env, ...issuer.env, SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await s3?.stop();
    await issuer?.close();
  });

  it('uses S3 and reports it ready', async () => {
    expect(t.app.blobStore.kind).toBe('s3');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ checks: { files: 'ok' } });
  });

  it('round-trips an upload, ranges and thumbnails', async () => {
    const picture = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      ...(await (async ({ headers, payload }) => ({
        headers: { ...headers, ...(await issuer.headersFor('uploader')) },
        payload,
      }))(fileForm('s3.png', picture))),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url, id } = res.json();

    const back = await t.app.inject({ url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(picture)).toBe(true);

    const part = await t.app.inject({ url, headers: { range: 'bytes=0-0' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(picture.subarray(0, 1))).toBe(true);

    const tail = await t.app.inject({ url, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(picture.subarray(picture.length - 100))).toBe(true);

    const thumb = await t.app.inject({ url: `/api/fileService/thumbnail/${id}?w=160` });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });

    // The spool folder is empty once uploads are done, and the files folder is not used.
    expect(readdirSync(path.join(t.dataDir, 'tmp', 's3-spool'))).toEqual([]);
  });

  it('leaves nothing behind after a truncated upload', async () => {
    const form = fileForm('cut.bin', Buffer.alloc(200_000, 7));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=model',
      headers: { 'content-type': form.headers['content-type'], ...(await issuer.headersFor('uploader')) },
      payload: form.payload.subarray(0, 100_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UPLOAD_TRUNCATED');
    expect(readdirSync(path.join(t.dataDir, 'tmp', 's3-spool'))).toEqual([]);
  });
});
