import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { SceneEvent, SceneEventInput, SceneEventsAnswer } from '../../contracts/sceneEvents';

export interface SceneEventsInput {
  sceneId: string;
}

/** One thing an organiser does to the space's events. */
export type SceneEventChange = { kind: 'add'; event: SceneEventInput } | { kind: 'cancel'; eventId: string };

export interface SceneEventsContext {
  sceneId: string;
  events: SceneEvent[];
  mayOrganise: boolean;
  /** Why the list could not be read. */
  error: string | null;
  /** Why the last change was refused (the server's words), until the next change. */
  problem: string | null;
  pending: SceneEventChange | null;
  /** The id of the event added last (the view empties its form when it changes). */
  lastAdded: string | null;
}

export type SceneEventsEvent =
  { type: 'events.change'; change: SceneEventChange } | { type: 'events.retry' } | { type: 'events.refresh' };

/** The longest a timer waits (setTimeout's limit); the guard tells whether the clock changed anything. */
const longestWaitMs = 2 ** 31 - 1;

/**
 * How long until the list changes by the clock alone (an event starts or ends), plus a moment so
 * that the server sees it too; 0 when it changed already (an event started since it was read);
 * null when nothing is to come.
 */
export function untilChange(events: readonly SceneEvent[], now: number, marginMs = 500): number | null {
  let next = Infinity;
  for (const event of events) {
    // On now, it ends next; else it starts next.
    next = Math.min(next, Date.parse(event.live ? event.endsAt : event.startsAt));
  }
  if (next === Infinity) return null;
  return Math.max(0, next - now + marginMs);
}

const messageOf = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};

/**
 * The Events panel of the viewer (contracts/sceneEvents.ts): `loading` reads the space's events to
 * come and whether the visitor organises them; `ready` shows them and takes one change at a time
 * (schedule one, cancel one), sent while `working`. A refused change leaves the list as it was and
 * says why (`problem`); a done one reads the list again, and so does `events.refresh`. While
 * `ready`, the list is read again when an event starts or ends (`untilChange`), so 'Live now'
 * follows the clock.
 *
 * Actors: `load` ({ sceneId } → SceneEventsAnswer), `apply` ({ sceneId, change }).
 * Tags: 'busy'.
 */
export const sceneEventsMachine = setup({
  types: {
    context: {} as SceneEventsContext,
    events: {} as SceneEventsEvent,
    input: {} as SceneEventsInput,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<SceneEventsAnswer, { sceneId: string }>(async () => {
      throw new Error('sceneEventsMachine: provide a load actor');
    }),
    apply: fromPromise<unknown, { sceneId: string; change: SceneEventChange }>(async () => {
      throw new Error('sceneEventsMachine: provide an apply actor');
    }),
  },
  delays: {
    untilChange: ({ context }) =>
      Math.min(untilChange(context.events, Date.now()) ?? longestWaitMs, longestWaitMs),
  },
  guards: {
    // The timer may have been cut to setTimeout's limit: only a real change reads the list again.
    clockChanged: ({ context }) => untilChange(context.events, Date.now(), 0) === 0,
  },
}).createMachine({
  id: 'sceneEvents',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    events: [],
    mayOrganise: false,
    error: null,
    problem: null,
    pending: null,
    lastAdded: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ sceneId: context.sceneId }),
        onDone: {
          target: 'ready',
          actions: assign({
            events: ({ event }) => event.output.events,
            mayOrganise: ({ event }) => event.output.mayOrganise,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'events.retry': 'loading' } },
    ready: {
      after: { untilChange: { guard: 'clockChanged', target: 'loading' } },
      on: {
        'events.change': {
          target: 'working',
          actions: assign({ pending: ({ event }) => event.change, problem: null }),
        },
        'events.refresh': 'loading',
      },
    },
    working: {
      tags: 'busy',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ sceneId: context.sceneId, change: context.pending! }),
        onDone: {
          target: 'loading',
          actions: assign({
            lastAdded: ({ context, event }) =>
              context.pending?.kind === 'add'
                ? ((event.output as SceneEvent | null)?.eventId ?? null)
                : context.lastAdded,
            pending: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ problem: ({ event }) => messageOf(event.error), pending: null }),
        },
      },
    },
  },
});

export type SceneEventsActorRef = ActorRefFrom<typeof sceneEventsMachine>;
export type SceneEventsSnapshot = SnapshotFrom<typeof sceneEventsMachine>;
