import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { DistrictRole } from '../../contracts/districts';
import type { DistrictSpaceKind, DistrictSpaceRequest } from '../../contracts/districtSpaces';

export interface DistrictRequestsInput {
  districtId: string;
  role: DistrictRole | null;
}

/** A space the caller may name in an ask. */
export interface AskableSpace {
  sceneId: string;
  title: string;
  /** The district lists it already (it may be promoted, not hosted). */
  listed: boolean;
}

/** One thing a member or an Owner does with the district's requests. */
export type DistrictRequestChange =
  | { kind: 'ask'; sceneId: string; requestKind: DistrictSpaceKind; message: string }
  | { kind: 'accept'; requestId: string }
  | { kind: 'decline'; requestId: string }
  | { kind: 'remove'; requestId: string };

export interface DistrictRequestsLoad {
  requests: DistrictSpaceRequest[];
  spaces: AskableSpace[];
}

export interface DistrictRequestsContext extends DistrictRequestsLoad {
  districtId: string;
  role: DistrictRole | null;
  error: unknown;
  pending: DistrictRequestChange | null;
}

export type DistrictRequestsEvent =
  { type: 'requests.change'; change: DistrictRequestChange } | { type: 'requests.retry' };

/**
 * A district's hosting and promotion requests (platform.md §2.1 Spaces › Hosting Requests,
 * Promotion Requests; contracts/districtSpaces.ts). `loading` reads the requests the caller may see
 * (Owners: everyone's; members: their own) and the spaces they may ask for; `ready` takes one
 * change at a time — ask, accept, decline, withdraw or take off — sent while `working`. A refused
 * change is told (`announceFailed`) and nothing changes; a done one is told (`announce`) and the
 * lists load again. Non-members (`role` null) have nothing to load: `outside`.
 *
 * Actors: `load` ({ districtId, role } → DistrictRequestsLoad), `apply` ({ districtId, change }).
 * Tags: 'busy'.
 */
export const districtRequestsMachine = setup({
  types: {
    context: {} as DistrictRequestsContext,
    events: {} as DistrictRequestsEvent,
    input: {} as DistrictRequestsInput,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<DistrictRequestsLoad, { districtId: string; role: DistrictRole }>(async () => {
      throw new Error('districtRequestsMachine: provide a load actor');
    }),
    apply: fromPromise<unknown, { districtId: string; change: DistrictRequestChange }>(async () => {
      throw new Error('districtRequestsMachine: provide an apply actor');
    }),
  },
  actions: {
    announce: (_, _params: { change: DistrictRequestChange }) => {},
    announceFailed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    member: ({ context }) => context.role !== null,
  },
}).createMachine({
  id: 'districtRequests',
  context: ({ input }) => ({
    districtId: input.districtId,
    role: input.role,
    requests: [],
    spaces: [],
    error: null,
    pending: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'member', target: 'loading' }, { target: 'outside' }] },
    outside: { type: 'final' },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ districtId: context.districtId, role: context.role! }),
        onDone: {
          target: 'ready',
          actions: assign({
            requests: ({ event }) => event.output.requests,
            spaces: ({ event }) => event.output.spaces,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'requests.retry': 'loading' } },
    ready: {
      on: {
        'requests.change': { target: 'working', actions: assign({ pending: ({ event }) => event.change }) },
      },
    },
    working: {
      tags: 'busy',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ districtId: context.districtId, change: context.pending! }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'announce', params: ({ context }) => ({ change: context.pending! }) },
            assign({ pending: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
            assign({ pending: null }),
          ],
        },
      },
    },
  },
});

export type DistrictRequestsActorRef = ActorRefFrom<typeof districtRequestsMachine>;
export type DistrictRequestsSnapshot = SnapshotFrom<typeof districtRequestsMachine>;
