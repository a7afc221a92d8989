import { afterEach, describe, expect, it, vi } from 'vitest';
import { processedModelOf, uploadFiles } from '../../src/services/uploads';

const record = (id: string) => ({ id, url: `/api/fileService/file/${id}` });

describe('processedModelOf', () => {
  it("reads the intake's figures", () => {
    expect(
      processedModelOf({
        model: record('m'),
        figures: { triangles: 12, meshes: 1, materials: 2, textures: 3, bytes: 2048 },
      }),
    ).toEqual({ triangles: 12, meshes: 1, materials: 2, textures: 3, bytes: 2048 });
  });

  it("reads the intake's before/after figures, budget, warnings, clips and sizes", () => {
    const model = processedModelOf({
      model: record('m'),
      source: 'zip',
      figures: {
        triangles: 48_000,
        meshes: 2,
        materials: 3,
        textures: 2,
        bytes: 1_200_000,
        animations: ['Walk', 'Run'],
      },
      before: { triangles: 300_000, meshes: 2, materials: 3, textures: 2, bytes: 14_000_000 },
      budget: [
        { row: 'maxTriangles', limit: 50_000, before: 300_000, after: 48_000, within: true },
        { row: 'maxBytes', limit: 16_777_216, before: 14_000_000, after: 1_200_000, within: true },
      ],
      warnings: ['The texture rock.png is missing'],
      bounds: [155, 60, 30],
      defaultSize: [2, 0.774, 0.387],
      scaleNote: 'The model is 155 m long; it will be placed 2 m long. Its original scale is 155 m.',
    });
    expect(model).toMatchObject({
      triangles: 48_000,
      before: { triangles: 300_000, bytes: 14_000_000 },
      after: { triangles: 48_000, bytes: 1_200_000 },
      budget: [
        { row: 'maxTriangles', limit: 50_000, before: 300_000, after: 48_000, within: true },
        { row: 'maxBytes', limit: 16_777_216, before: 14_000_000, after: 1_200_000, within: true },
      ],
      warnings: ['The texture rock.png is missing'],
      clips: ['Walk', 'Run'],
      bounds: [155, 60, 30],
      defaultSize: [2, 0.774, 0.387],
      scaleNote: 'The model is 155 m long; it will be placed 2 m long. Its original scale is 155 m.',
    });
  });

  it('ignores parts of another shape', () => {
    const model = processedModelOf({
      model: record('m'),
      figures: { triangles: 'many', meshes: 1, animations: 'Walk' },
      before: 'yesterday',
      budget: [{ row: 'maxTriangles', limit: 'lots' }],
      warnings: 'none',
      scaleNote: 42,
      bounds: [1, 'x', 2],
      defaultSize: [1, 2],
    });
    expect(model).toEqual({ triangles: 0, meshes: 1, materials: 0, textures: 0 });
  });
});

/** A fake XMLHttpRequest that the test answers. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadFiles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the files with the bearer token, tells progress, and answers the stored file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: [number, number][] = [];
    let sent = false;
    const photo = new File(['x'], 'photo.jpg');
    const done = uploadFiles({
      kind: 'picture',
      files: [photo],
      token: 'tok',
      onProgress: (loaded, total) => progress.push([loaded, total]),
      onSent: () => (sent = true),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual([
      'POST',
      '/api/fileService/file?kind=picture',
      'Bearer tok',
    ]);
    expect((xhr.body?.get('file') as File).name).toBe('photo.jpg');
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    xhr.upload.onload?.();
    xhr.answer(201, record('f1'));
    await expect(done).resolves.toEqual({ fileId: 'f1', url: '/api/fileService/file/f1' });
    expect(progress).toEqual([[5, 10]]);
    expect(sent).toBe(true);
  });

  it("sends a model's parts together and rejects with the server's code", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const files = [new File(['{}'], 'chair.gltf'), new File(['b'], 'chair.bin')];
    const done = uploadFiles({ kind: 'model', files, onProgress: () => {}, onSent: () => {} });
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/fileService/model');
    expect(xhr.headers.authorization).toBeUndefined();
    expect((xhr.body?.getAll('file') as File[]).map((f) => f.name)).toEqual(['chair.gltf', 'chair.bin']);
    xhr.answer(422, { code: 'MODEL_PART_MISSING', message: 'chair.bin is missing' });
    await expect(done).rejects.toEqual({
      message: 'chair.bin is missing',
      status: 422,
      code: 'MODEL_PART_MISSING',
    });
  });

  it('aborts the request when its signal does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const abort = new AbortController();
    const done = uploadFiles({
      kind: 'video',
      files: [new File(['v'], 'clip.mp4')],
      signal: abort.signal,
      onProgress: () => {},
      onSent: () => {},
    });
    abort.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ message: 'The upload was cancelled' });
  });
});
