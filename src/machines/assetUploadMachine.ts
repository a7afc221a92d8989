import { type ActorRefFrom, assign, fromCallback, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { Asset, AssetInput, AssetType } from '../../contracts/assets';
import type { FileKind } from '../../contracts/files';
import { checkFiles, type FileProblem, fileKindOf } from '../lib/assetFiles';

/** What the browser reads of a picture or a video before sending it (platform.md §3 'Uploaded image'). */
export interface MediaMetadata {
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
}

/** Figures of a model: triangles, meshes, materials, textures. */
export interface ModelCounts {
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
}

/** One row of the published model budget, with the figures before and after processing. */
export interface ModelBudgetRow {
  row: string;
  limit: number;
  before: number;
  after: number;
  within: boolean;
}

/** What the server tells of a model it processed (contracts/modelIntake.ts ModelUpload). */
export interface ProcessedModel extends ModelCounts {
  bytes?: number;
  /** The upload's figures before the server optimised it, and after. */
  before?: Partial<ModelCounts> & { bytes?: number };
  after?: Partial<ModelCounts> & { bytes?: number };
  /** Why the model is placed at another size than its own, in the server's words. */
  scaleNote?: string;
  /** Names of the model's animation clips. */
  clips?: string[];
  /** Width, height and depth in metres the model gets when placed. */
  defaultSize?: [number, number, number];
  /** The model's own width, height and depth in metres. */
  bounds?: [number, number, number];
  /** Each row of the budget, and whether the stored model is within it. */
  budget?: ModelBudgetRow[];
  /** What the server could not do or keep (a missing texture, a row still over budget). */
  warnings?: string[];
}

/** The stored file an upload made. */
export interface UploadedFile {
  fileId: string;
  url: string;
  /** Models only: what the server made of the upload. */
  model?: ProcessedModel;
}

/** Why a step failed: an i18n key with its values (the browser's checks), or the server's answer. */
export interface AssetUploadProblem {
  step: 'file' | 'read' | 'upload' | 'save';
  key?: string;
  values?: Record<string, string | number>;
  message?: string;
  status?: number;
  code?: string;
}

export interface AssetUploadInput {
  type: AssetType;
  /** The asset being edited; a new one when absent. */
  asset?: Asset | null;
  /** The district whose library the asset goes into; the caller's own library when absent. */
  districtId?: string | null;
}

export interface AssetUploadContext {
  type: AssetType;
  /** The file-service kind of the asset's file; null for texts and web views. */
  kind: FileKind | null;
  /** The edited asset's id; null for a new asset. */
  assetId: string | null;
  /** The district whose library it is saved into; null for the caller's own library. */
  districtId: string | null;
  /** The files picked last (a model: its file and parts). */
  files: File[];
  metadata: MediaMetadata | null;
  /** Bytes sent of the upload, while it is sent. */
  progress: { loaded: number; total: number } | null;
  uploaded: UploadedFile | null;
  problem: AssetUploadProblem | null;
  /** The asset as saved. */
  asset: Asset | null;
}

export type AssetUploadEvent =
  /** Files chosen in the drop zone (dropped or picked). */
  | { type: 'files.picked'; files: File[] }
  /** The chosen file removed: the form's file, its address, dimensions and duration are cleared. */
  | { type: 'files.cleared' }
  /** Send the files again after a failed upload. */
  | { type: 'upload.retry' }
  /** The form, validated by its contract schema: create or update the asset. */
  | { type: 'asset.submitted'; values: AssetInput }
  // Told by the uploadFiles actor.
  | { type: 'upload.progress'; loaded: number; total: number }
  /** Every byte is sent; the server is processing the upload. */
  | { type: 'upload.sent' }
  | { type: 'upload.finished'; file: UploadedFile }
  | { type: 'upload.failed'; error: unknown };

export interface UploadFilesInput {
  kind: FileKind;
  files: File[];
}

export interface SaveAssetInput {
  assetId: string | null;
  values: AssetInput;
  /** A district's library; absent for the caller's own. */
  districtId?: string;
}

/** An API failure as the services throw it (ApiProblem), in the form's words. */
function serverProblem(step: 'upload' | 'save', error: unknown): AssetUploadProblem {
  const { message, status, code } = (error ?? {}) as { message?: unknown; status?: unknown; code?: unknown };
  return {
    step,
    message: typeof message === 'string' ? message : String(error),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

const fileProblem = (problem: FileProblem): AssetUploadProblem => ({ step: 'file', ...problem });

/**
 * One asset's upload form (districts-commerce-spaces.md §2 'Asset upload form', §3; platform.md §3,
 * §5 'File drop'): the files picked are checked against contracts/files.ts (`rejected` with the
 * spec's message when they do not fit), the browser reads a picture's or a video's dimensions
 * and duration (`readMetadata`), then the bytes are sent (`uploadFiles`, telling its progress, and
 * `upload.sent` when the server starts processing them, which for a model takes a while). With the
 * file stored the form may be submitted: `saveAsset` creates the asset, or updates the one being
 * edited. A failed upload waits for `upload.retry`; a failed save keeps the form for another try.
 * Texts and web views have no file: they start `ready`, as does an edited asset.
 *
 * States: `empty`, `rejected`, `reading`, `uploading` (`sending`, `processing`), `uploadFailed`,
 * `ready`, `saving`, `saveFailed`, `saved` (final). Tags: 'busy' while reading or uploading,
 * 'saving'. The views ask `can({ type: 'asset.submitted', ... })` before enabling Save.
 */
export const assetUploadMachine = setup({
  types: {
    context: {} as AssetUploadContext,
    events: {} as AssetUploadEvent,
    input: {} as AssetUploadInput,
    tags: {} as 'busy' | 'saving',
  },
  actors: {
    readMetadata: fromPromise<MediaMetadata, { kind: FileKind; files: File[] }>(async () => {
      throw new Error('assetUploadMachine: provide a readMetadata actor');
    }),
    uploadFiles: fromCallback<AssetUploadEvent, UploadFilesInput>(() => {
      throw new Error('assetUploadMachine: provide an uploadFiles actor');
    }),
    saveAsset: fromPromise<Asset, SaveAssetInput>(async () => {
      throw new Error('assetUploadMachine: provide a saveAsset actor');
    }),
  },
  guards: {
    needsFile: ({ context }) => context.kind !== null && context.assetId === null,
    takesFiles: ({ context }) => context.kind !== null,
    filesRefused: ({ context, event }) =>
      event.type === 'files.picked' &&
      context.kind !== null &&
      checkFiles(context.kind, event.files) !== null,
  },
  actions: {
    takeFiles: assign(({ event }) => ({
      files: event.type === 'files.picked' ? event.files : [],
      metadata: null,
      progress: null,
      uploaded: null,
      problem: null,
    })),
    refuseFiles: assign(({ context, event }) => ({
      files: [],
      metadata: null,
      progress: null,
      uploaded: null,
      problem:
        event.type === 'files.picked' && context.kind
          ? fileProblem(checkFiles(context.kind, event.files)!)
          : null,
    })),
    clearFiles: assign({ files: [], metadata: null, progress: null, uploaded: null, problem: null }),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'assetUpload',
  context: ({ input }) => ({
    type: input.type,
    kind: fileKindOf(input.type),
    assetId: input.asset?.id ?? null,
    districtId: input.districtId ?? null,
    files: [],
    metadata: null,
    progress: null,
    uploaded: null,
    problem: null,
    asset: null,
  }),
  initial: 'starting',
  on: {
    'files.picked': [
      { guard: not('takesFiles') },
      { guard: 'filesRefused', target: '.rejected', actions: 'refuseFiles' },
      { target: '.reading', actions: 'takeFiles' },
    ],
    'files.cleared': { guard: 'takesFiles', target: '.empty', actions: 'clearFiles' },
  },
  states: {
    starting: {
      always: [{ guard: 'needsFile', target: 'empty' }, { target: 'ready' }],
    },
    empty: {},
    rejected: {},
    reading: {
      tags: 'busy',
      invoke: {
        id: 'readMetadata',
        src: 'readMetadata',
        input: ({ context }) => ({ kind: context.kind!, files: context.files }),
        onDone: { target: 'uploading', actions: assign({ metadata: ({ event }) => event.output }) },
        onError: {
          target: 'rejected',
          actions: assign(({ context }) => ({
            files: [],
            problem: {
              step: 'read' as const,
              key: 'assetUpload.unreadable',
              values: { file: context.files[0]?.name ?? '' },
            },
          })),
        },
      },
    },
    uploading: {
      tags: 'busy',
      invoke: {
        id: 'uploadFiles',
        src: 'uploadFiles',
        input: ({ context }) => ({ kind: context.kind!, files: context.files }),
      },
      entry: assign({ progress: null, problem: null }),
      initial: 'sending',
      states: {
        sending: {
          on: {
            'upload.progress': {
              actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }),
            },
            'upload.sent': 'processing',
          },
        },
        processing: {},
      },
      on: {
        'upload.finished': {
          target: 'ready',
          actions: assign({ uploaded: ({ event }) => event.file, progress: null }),
        },
        'upload.failed': {
          target: 'uploadFailed',
          actions: assign({ problem: ({ event }) => serverProblem('upload', event.error), progress: null }),
        },
      },
    },
    uploadFailed: {
      on: { 'upload.retry': 'uploading' },
    },
    ready: {
      on: { 'asset.submitted': 'saving' },
    },
    saving: {
      tags: 'saving',
      entry: 'clearProblem',
      invoke: {
        id: 'saveAsset',
        src: 'saveAsset',
        input: ({ context, event }) => ({
          assetId: context.assetId,
          values: (event as Extract<AssetUploadEvent, { type: 'asset.submitted' }>).values,
          ...(context.districtId ? { districtId: context.districtId } : {}),
        }),
        onDone: { target: 'saved', actions: assign({ asset: ({ event }) => event.output }) },
        onError: {
          target: 'saveFailed',
          actions: assign({ problem: ({ event }) => serverProblem('save', event.error) }),
        },
      },
      // The form stays as it is while saving: no other file may be picked.
      on: { 'files.picked': {}, 'files.cleared': {} },
    },
    saveFailed: {
      on: { 'asset.submitted': 'saving' },
    },
    saved: { type: 'final' },
  },
});

export type AssetUploadActorRef = ActorRefFrom<typeof assetUploadMachine>;
export type AssetUploadSnapshot = SnapshotFrom<typeof assetUploadMachine>;
