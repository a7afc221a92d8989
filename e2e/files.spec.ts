import { expect, test } from '@playwright/test';

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a picture uploads and downloads unchanged through the real server', async ({ request }) => {
  const upload = await request.post('/api/fileService/file?kind=picture', {
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
});

test('a file with the wrong type is refused with a clear error', async ({ request }) => {
  const upload = await request.post('/api/fileService/file?kind=picture', {
    multipart: { file: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') } },
  });
  expect(upload.status()).toBe(415);
  expect(await upload.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
});

test('the page shell is served on every path with history fallback', async ({ request }) => {
  const res = await request.get('/user/someone/library/images');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});
