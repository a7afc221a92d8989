import { expect, test } from '@playwright/test';
import { accessTokenOf, newEmail, signUp } from './support';

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a signed-in user uploads a picture and it downloads unchanged', async ({ page, request }) => {
  await page.goto('/');
  await signUp(page, 'Fiona Files', newEmail('files'));
  const authorization = `Bearer ${await accessTokenOf(page)}`;
  const upload = await request.post('/api/fileService/file?kind=picture', {
    headers: { authorization },
    multipart: { file: { name: 'dot.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const record = await upload.json();
  expect(record).toMatchObject({ kind: 'picture', mimeType: 'image/png', size: png.length });

  const download = await request.get(`/api/fileService/file/${record.id}`);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), png)).toBe(0);
  expect(download.headers()['cache-control']).toContain('immutable');

  const thumb = await request.get(`/api/fileService/thumbnail/${record.id}`);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()['content-type']).toBe('image/webp');

  const wrongType = await request.post('/api/fileService/file?kind=picture', {
    headers: { authorization },
    multipart: { file: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') } },
  });
  expect(wrongType.status()).toBe(415);
  expect(await wrongType.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
});

test('visitors who are not signed in cannot upload', async ({ request }) => {
  const upload = await request.post('/api/fileService/file?kind=picture', {
    multipart: { file: { name: 'dot.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(401);
  expect(await upload.json()).toMatchObject({ code: 'UNAUTHORIZED' });
});

test('the page shell is served on every path with history fallback', async ({ request }) => {
  const res = await request.get('/user/someone/library/images');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});
