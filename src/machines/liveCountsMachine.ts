import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { LiveScene } from '../../contracts/live';
import { liveCardsEveryMs } from '../../contracts/liveCards';

export interface LiveCountsInput {
  /** The spaces whose cards are on the page. */
  sceneIds: readonly string[];
}

export interface LiveCountsContext {
  sceneIds: readonly string[];
  /** What is known of each space: who is live in it and its event on now (the last answer). */
  scenes: Readonly<Record<string, LiveScene>>;
}

export type LiveCountsEvent =
  /** The cards on the page changed (a list loaded more, a filter changed). */
  { type: 'live.watch'; sceneIds: readonly string[] };

/** How long a change of cards waits for the next one before asking (a list renders in steps). */
export const liveCountsSettleMs = 200;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Who is live in the spaces of a page of cards, and which of them hold an event now (space card
 * 'liveVisitors', platform.md §3; events 'on the space card while live', issue 23). `loading` asks
 * for every card's space at once (`load`: { sceneIds } → LiveScene[]); `waiting` asks again every
 * `liveCardsEveryMs`, so the counts follow the crowd while the page is open. A change of cards
 * (`live.watch`) is asked for after `liveCountsSettleMs` without another change. A failed answer
 * keeps what was shown (live counts are a hint, never an error of the page) and is tried again at
 * the next turn. Without cards, nothing is asked.
 */
export const liveCountsMachine = setup({
  types: {
    context: {} as LiveCountsContext,
    events: {} as LiveCountsEvent,
    input: {} as LiveCountsInput,
  },
  actors: {
    load: fromPromise<readonly LiveScene[], { sceneIds: readonly string[] }>(async () => {
      throw new Error('liveCountsMachine: provide a load actor');
    }),
  },
  delays: { settle: liveCountsSettleMs, refresh: liveCardsEveryMs },
  guards: {
    noCards: ({ context }) => context.sceneIds.length === 0,
    sameCards: ({ context, event }) => sameIds(context.sceneIds, event.sceneIds),
  },
  actions: {
    watch: assign({ sceneIds: (_, params: { sceneIds: readonly string[] }) => [...params.sceneIds] }),
  },
}).createMachine({
  id: 'liveCounts',
  context: ({ input }) => ({ sceneIds: [...input.sceneIds], scenes: {} }),
  initial: 'settling',
  on: {
    'live.watch': [
      { guard: 'sameCards' },
      {
        target: '.settling',
        reenter: true,
        actions: { type: 'watch', params: ({ event }) => ({ sceneIds: event.sceneIds }) },
      },
    ],
  },
  states: {
    idle: {},
    settling: {
      always: { guard: 'noCards', target: 'idle' },
      after: { settle: 'loading' },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ sceneIds: context.sceneIds }),
        onDone: {
          target: 'waiting',
          actions: assign({
            scenes: ({ context, event }) => ({
              ...context.scenes,
              ...Object.fromEntries(event.output.map((scene) => [scene.sceneId, scene])),
            }),
          }),
        },
        onError: 'waiting',
      },
    },
    waiting: { after: { refresh: 'loading' } },
  },
});

/** What a card shows of its space: nothing when no one is live and no event is on. */
export function liveOfCard(snapshot: LiveCountsSnapshot, sceneId: string): LiveScene | null {
  const scene = snapshot.context.scenes[sceneId];
  return scene && (scene.count > 0 || scene.event) ? scene : null;
}

export type LiveCountsActorRef = ActorRefFrom<typeof liveCountsMachine>;
export type LiveCountsSnapshot = SnapshotFrom<typeof liveCountsMachine>;
