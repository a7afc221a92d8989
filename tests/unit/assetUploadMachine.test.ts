import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { Asset, AssetInput, AssetType } from '../../contracts/assets';
import type { FileKind } from '../../contracts/files';
import {
  type AssetUploadContext,
  type AssetUploadEvent,
  type AssetUploadInput,
  assetUploadMachine,
  type MediaMetadata,
  type SaveAssetInput,
  type UploadedFile,
  type UploadFilesInput,
} from '../../src/machines/assetUploadMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  type MachinePath,
  replaySteps,
} from '../support/machinePaths';

const fileOf = (name: string, size = 10): File => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name);
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  // The model tells events apart by their JSON: a file's is its name and size.
  Object.defineProperty(file, 'toJSON', { value: () => ({ name, size }) });
  return file;
};

const photo = [fileOf('photo.jpg')];
const tooLarge = [fileOf('huge.png', 9 * 1024 * 1024)];
const notAPicture = [fileOf('notes.txt')];
const twoPictures = [fileOf('a.jpg'), fileOf('b.jpg')];
const chair = [fileOf('chair.gltf'), fileOf('chair.bin'), fileOf('wood.png')];
const twoModels = [fileOf('a.glb'), fileOf('b.glb')];

const fileId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const stored: UploadedFile = { fileId, url: `/api/fileService/file/${fileId}` };
const storedModel: UploadedFile = {
  ...stored,
  model: { triangles: 12, meshes: 1, materials: 1, textures: 1, scaleNote: 'Scaled from centimetres' },
};
const asset = { id: 'asset-1', type: 'picture', title: 'Photo' } as Asset;
const pictureForm = { type: 'picture', title: 'Photo', fileId } as AssetInput;
const textForm = { type: 'text3d', title: 'Hello', content: 'Hello' } as AssetInput;

/** The events worth trying in each snapshot of a form of `type`. */
const eventsFor = (type: AssetType) => (): AnyEventObject[] => {
  const form = type === 'text3d' ? textForm : pictureForm;
  const picks =
    type === 'model3d'
      ? [chair, twoModels]
      : type === 'picture'
        ? [photo, tooLarge, notAPicture, twoPictures]
        : [];
  return [
    ...picks.map((files) => ({ type: 'files.picked', files })),
    ...(type === 'text3d' ? [] : [{ type: 'files.cleared' }]),
    { type: 'xstate.done.actor.readMetadata', output: { width: 640, height: 480 } },
    { type: 'xstate.error.actor.readMetadata', error: new Error('not decodable') },
    { type: 'upload.progress', loaded: 5, total: 10 },
    { type: 'upload.sent' },
    { type: 'upload.finished', file: type === 'model3d' ? storedModel : stored },
    {
      type: 'upload.failed',
      error: { message: 'Your library is full', status: 413, code: 'QUOTA_EXCEEDED' },
    },
    { type: 'upload.retry' },
    { type: 'asset.submitted', values: form },
    { type: 'xstate.done.actor.saveAsset', output: asset },
    { type: 'xstate.error.actor.saveAsset', error: { message: 'The title is taken', status: 400 } },
  ];
};

/** Files by name: two snapshots with the same files are one state of the model. */
const serializeState = (snapshot: { value: unknown; context: AssetUploadContext }) =>
  JSON.stringify({
    value: snapshot.value,
    context: { ...snapshot.context, files: snapshot.context.files.map((f) => f.name) },
  });

interface Pending<I, O> {
  input: I;
  signal: AbortSignal;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** The machine with fake actors: each stays pending until the test answers it. */
function startForm(input: AssetUploadInput) {
  const reads: Pending<{ kind: FileKind; files: File[] }, MediaMetadata>[] = [];
  const saves: Pending<SaveAssetInput, Asset>[] = [];
  const uploads: { input: UploadFilesInput; sendBack(event: AssetUploadEvent): void; stopped: boolean }[] =
    [];
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input, signal }: { input: I; signal: AbortSignal }) =>
      new Promise<O>((resolve, reject) => void list.push({ input, signal, resolve, reject }));
  const actor = createActor(
    assetUploadMachine.provide({
      actors: {
        readMetadata: fromPromise(pending(reads)),
        saveAsset: fromPromise(pending(saves)),
        uploadFiles: fromCallback<AssetUploadEvent, UploadFilesInput>(({ input, sendBack }) => {
          const upload = { input, sendBack, stopped: false };
          uploads.push(upload);
          return () => void (upload.stopped = true);
        }),
      },
    }),
    { input },
  ).start();
  const running = () => uploads.filter((upload) => !upload.stopped);
  return { actor, reads, saves, uploads, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function replay(input: AssetUploadInput, path: MachinePath<typeof assetUploadMachine>) {
  const form = startForm(input);
  for (const step of replaySteps(path)) {
    const result = invokedActorResult(step.event);
    if (result?.actorId === 'readMetadata') {
      const read = form.reads.at(-1)!;
      if (result.kind === 'done') read.resolve(result.output as MediaMetadata);
      else read.reject(result.error);
    } else if (result?.actorId === 'saveAsset') {
      const save = form.saves.at(-1)!;
      if (result.kind === 'done') save.resolve(result.output as Asset);
      else save.reject(result.error);
    } else if (step.event.type.startsWith('upload.') && step.event.type !== 'upload.retry') {
      // What the upload tells comes from the one upload running.
      expect(form.running()).toHaveLength(1);
      form.running()[0].sendBack(step.event as AssetUploadEvent);
    } else {
      const readsBefore = form.reads.length;
      form.actor.send(step.event as AssetUploadEvent);
      if (step.event.type === 'files.picked' && step.state.matches('reading')) {
        // Accepted files are read, the picture's own ones.
        expect(form.reads).toHaveLength(readsBefore + 1);
        expect(form.reads.at(-1)!.input.files).toBe((step.event as unknown as { files: File[] }).files);
      }
      if (step.event.type === 'asset.submitted') {
        // The form is saved as submitted, to the edited asset when there is one.
        expect(form.saves.at(-1)!.input).toEqual({
          assetId: input.asset?.id ?? null,
          values: (step.event as unknown as { values: AssetInput }).values,
        });
      }
    }
    await flush();

    const snapshot = form.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(serializeState(snapshot)).toEqual(serializeState(step.state));
    // One upload at most, running exactly while uploading; nothing is sent twice at once.
    expect(form.running()).toHaveLength(snapshot.matches('uploading') ? 1 : 0);
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('reading') || snapshot.matches('uploading'));
    expect(snapshot.hasTag('saving')).toBe(snapshot.matches('saving'));
    // The form can be saved only with its file stored.
    expect(snapshot.can({ type: 'asset.submitted', values: pictureForm })).toBe(
      snapshot.matches('ready') || snapshot.matches('saveFailed'),
    );
  }
  return form;
}

function modelOf(input: AssetUploadInput) {
  const model = createPathModel(assetUploadMachine, {
    events: eventsFor(input.type),
    input,
    serializeState,
    // A saved form is done: its actor takes no more events.
    filterEvents: (snapshot) => snapshot.status !== 'done',
  });
  return getTransitionPaths(model);
}

describe('assetUploadMachine (model)', () => {
  const picturePaths = modelOf({ type: 'picture' });
  const modelPaths = modelOf({ type: 'model3d' });
  const textPaths = modelOf({ type: 'text3d' });
  const editPaths = modelOf({ type: 'picture', asset });

  it('covers every state of a picture upload, and a model processed on the server', () => {
    const reached = (paths: typeof picturePaths) =>
      new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached(picturePaths)).toEqual(
      new Set(
        [
          'empty',
          'rejected',
          'reading',
          { uploading: 'sending' },
          { uploading: 'processing' },
          'uploadFailed',
          'ready',
          'saving',
          'saveFailed',
          'saved',
        ].map((value) => JSON.stringify(value)),
      ),
    );
    expect(reached(modelPaths).has(JSON.stringify({ uploading: 'processing' }))).toBe(true);
    expect(reached(textPaths)).toEqual(
      new Set(['ready', 'saving', 'saveFailed', 'saved'].map((value) => JSON.stringify(value))),
    );
  });

  describePaths(
    'a new picture',
    picturePaths,
    (path) => () => replay({ type: 'picture' }, path).then(() => {}),
  );
  describePaths('a new model', modelPaths, (path) => () => replay({ type: 'model3d' }, path).then(() => {}));
  describePaths('a new 3D text', textPaths, (path) => () => replay({ type: 'text3d' }, path).then(() => {}));
  describePaths(
    'an edited picture',
    editPaths,
    (path) => () => replay({ type: 'picture', asset }, path).then(() => {}),
  );
});

describe('assetUploadMachine', () => {
  it("refuses files that do not fit with the spec's messages", () => {
    const form = startForm({ type: 'picture' });
    const problemAfter = (files: File[]) => {
      form.actor.send({ type: 'files.picked', files });
      return form.actor.getSnapshot().context.problem;
    };
    expect(problemAfter(tooLarge)).toEqual({
      step: 'file',
      key: 'validation.file.tooLarge.image',
      values: { file: 'huge.png', size: '8 MB' },
    });
    expect(problemAfter(notAPicture)).toEqual({
      step: 'file',
      key: 'validation.file.wrongType.image',
      values: { file: 'notes.txt', types: 'jpg, jpeg, png, webp' },
    });
    expect(problemAfter(twoPictures)).toEqual({ step: 'file', key: 'validation.file.onlyOne.image' });
    expect(form.reads).toHaveLength(0);
    expect(form.uploads).toHaveLength(0);
  });

  it('takes one model with its parts, and refuses two models', () => {
    const form = startForm({ type: 'model3d' });
    form.actor.send({ type: 'files.picked', files: twoModels });
    expect(form.actor.getSnapshot().context.problem?.key).toBe('validation.file.tooManyModels');
    form.actor.send({ type: 'files.picked', files: chair });
    expect(form.actor.getSnapshot().value).toBe('reading');
  });

  it('reads, uploads with progress, processes, then saves the form with the stored file', async () => {
    const form = startForm({ type: 'model3d' });
    form.actor.send({ type: 'files.picked', files: chair });
    form.reads[0].resolve({});
    await flush();
    expect(form.uploads[0].input).toEqual({ kind: 'model', files: chair });
    form.uploads[0].sendBack({ type: 'upload.progress', loaded: 30, total: 100 });
    expect(form.actor.getSnapshot().context.progress).toEqual({ loaded: 30, total: 100 });
    form.uploads[0].sendBack({ type: 'upload.sent' });
    expect(form.actor.getSnapshot().matches({ uploading: 'processing' })).toBe(true);
    form.uploads[0].sendBack({ type: 'upload.finished', file: storedModel });
    expect(form.actor.getSnapshot().context.uploaded).toEqual(storedModel);
    const values = { type: 'model3d', title: 'Chair', fileId } as AssetInput;
    form.actor.send({ type: 'asset.submitted', values });
    expect(form.saves[0].input).toEqual({ assetId: null, values });
    form.saves[0].resolve({ ...asset, type: 'model3d' });
    await flush();
    expect(form.actor.getSnapshot().status).toBe('done');
  });

  it('keeps the files after a refused upload and sends them again on retry', () => {
    const form = startForm({ type: 'picture' });
    form.actor.send({ type: 'files.picked', files: photo });
    return flush()
      .then(() => form.reads[0].resolve({ width: 1, height: 1 }))
      .then(flush)
      .then(() => {
        const error = { message: 'Your library is full', status: 413, code: 'QUOTA_EXCEEDED' };
        form.uploads[0].sendBack({ type: 'upload.failed', error });
        const { context } = form.actor.getSnapshot();
        expect(context.problem).toEqual({ step: 'upload', ...error });
        expect(context.files).toBe(photo);
        expect(context.metadata).toEqual({ width: 1, height: 1 });
        form.actor.send({ type: 'upload.retry' });
        expect(form.running()).toHaveLength(1);
        expect(form.running()[0].input.files).toBe(photo);
      });
  });
});
