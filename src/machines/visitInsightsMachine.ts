import { type ActorRefFrom, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import {
  insightsLimits,
  type OpenedKind,
  type VisitEvent,
  type VisitSource,
  visitSourceOf,
  type VisitStarted,
} from '../../contracts/insights';
import type { EngineEvent } from '../engine/protocol';

/**
 * What a visit of a published space tells its owner's insights, without tracking the visitor:
 * that it started (and where it came from), how long the page was visible, and which works and
 * info points it opened. No cookie, no id kept beyond the page: the visit id lives in this actor.
 *
 * - `waiting`: until the space's first frame (`visit.loaded`).
 * - `starting`: the visit is reported; its id comes back (a failure, or no id for the owner's own
 *   visit, turns reporting `off`).
 * - `counting.visible`: time counts; a heartbeat reports it every so often (`heartbeat` actor).
 * - `counting.hidden`: the page is hidden (another tab, a locked phone, leaving): the time so far
 *   was reported as the visit's end, by beacon; coming back counts on, and a later end replaces it.
 *
 * Times come with the events (`at`, ms of a monotonic clock), so the machine reads no clock.
 */

export interface VisitInsightsInput {
  sceneId: string;
  /** The viewer's query string: `from=explore` or `from=share` say where the visit came from. */
  search: string;
  /** The viewer is embedded in another site. */
  embed: boolean;
}

export interface OpenedObject {
  kind: OpenedKind;
  objectId: string;
}

export interface VisitInsightsContext {
  sceneId: string;
  source: VisitSource;
  visitId: string | null;
  /** The page is hidden now. */
  hidden: boolean;
  /** Since when time counts (null: it does not now). */
  visibleSince: number | null;
  /** Visible time counted before `visibleSince`. */
  spentMs: number;
  /** What was opened already (each counts once per visit), as `kind:id`. */
  opened: string[];
  /** Opened before the visit had its id: sent once it has. */
  pending: OpenedObject[];
}

export type VisitInsightsEvent =
  | { type: 'visit.loaded'; at: number }
  | { type: 'page.hidden'; at: number }
  | { type: 'page.visible'; at: number }
  | { type: 'heartbeat.tick'; at: number }
  | { type: 'engine.event'; event: EngineEvent };

/** Distinct objects remembered per visit (a space has far fewer works than this). */
const maxOpened = 500;

/** The work or info point an engine event says the visitor opened, if any. */
export function openedObjectOf(event: EngineEvent): OpenedObject | null {
  switch (event.type) {
    case 'infoPointOpened':
      return { kind: 'infoPoint', objectId: event.id };
    case 'artworkFocused':
      return { kind: 'artwork', objectId: event.objectId };
    case 'videoState':
      return event.playing ? { kind: 'artwork', objectId: event.objectId } : null;
    case 'linkRequested':
      return { kind: 'artwork', objectId: event.objectId };
    default:
      return null;
  }
}

const keyOf = (object: OpenedObject) => `${object.kind}:${object.objectId}`;

/** Visible time up to `at`, in whole seconds, as the server takes it. */
export function secondsAt(context: Pick<VisitInsightsContext, 'spentMs' | 'visibleSince'>, at: number) {
  const ms = context.spentMs + (context.visibleSince === null ? 0 : Math.max(0, at - context.visibleSince));
  return Math.min(insightsLimits.maxVisitSeconds, Math.floor(ms / 1000));
}

const pausedAt = (context: VisitInsightsContext, at: number) => ({
  spentMs: context.spentMs + (context.visibleSince === null ? 0 : Math.max(0, at - context.visibleSince)),
  visibleSince: null,
});

export const visitInsightsMachine = setup({
  types: {
    context: {} as VisitInsightsContext,
    events: {} as VisitInsightsEvent,
    input: {} as VisitInsightsInput,
  },
  actors: {
    startVisit: fromPromise<VisitStarted | null, { sceneId: string; source: VisitSource }>(async () => {
      throw new Error('startVisit not provided');
    }),
    /** Tells `page.hidden` and `page.visible` (visibilitychange, pagehide, pageshow). */
    pageWatch: fromCallback<VisitInsightsEvent>(() => () => {}),
    /** Sends `heartbeat.tick` every so often while it runs. */
    heartbeat: fromCallback<VisitInsightsEvent>(() => () => {}),
  },
  actions: {
    /** Sends one event of the visit, without waiting (provided: a beacon). */
    deliver: (_, _event: VisitEvent) => {},
  },
  guards: {
    hidden: ({ context }) => context.hidden,
  },
}).createMachine({
  id: 'visitInsights',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    source: visitSourceOf(input.search, input.embed),
    visitId: null,
    hidden: false,
    visibleSince: null,
    spentMs: 0,
    opened: [],
    pending: [],
  }),
  invoke: { src: 'pageWatch' },
  on: {
    'page.hidden': {
      actions: assign(({ context, event }) => ({ hidden: true, ...pausedAt(context, event.at) })),
    },
    'page.visible': {
      actions: assign(({ context, event }) => ({
        hidden: false,
        // Time counts from the first frame on.
        visibleSince: context.visibleSince ?? (context.visitId !== null ? event.at : null),
      })),
    },
    'engine.event': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const object = openedObjectOf(event.event);
        if (!object || context.opened.includes(keyOf(object)) || context.opened.length >= maxOpened) return;
        enqueue.assign({ opened: [...context.opened, keyOf(object)] });
        if (context.visitId === null) enqueue.assign({ pending: [...context.pending, object] });
        else
          enqueue({
            type: 'deliver',
            params: { type: 'object.opened', visitId: context.visitId, ...object },
          });
      }),
    },
  },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'visit.loaded': {
          target: 'starting',
          actions: assign({ visibleSince: ({ context, event }) => (context.hidden ? null : event.at) }),
        },
      },
    },
    starting: {
      // Time between the first frame and the answer counts; 'page.visible' there resumes it.
      on: {
        'page.visible': {
          actions: assign(({ context, event }) => ({
            hidden: false,
            visibleSince: context.visibleSince ?? event.at,
          })),
        },
      },
      invoke: {
        id: 'startVisit',
        src: 'startVisit',
        input: ({ context }) => ({ sceneId: context.sceneId, source: context.source }),
        onDone: [
          {
            guard: ({ event }) => typeof event.output?.visitId === 'string',
            target: 'counting',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const visitId = event.output!.visitId;
              enqueue.assign({ visitId, pending: [] });
              for (const object of context.pending) {
                enqueue({ type: 'deliver', params: { type: 'object.opened', visitId, ...object } });
              }
            }),
          },
          // No visit id (the owner's own visit is not counted): nothing more to report.
          { target: 'off' },
        ],
        onError: 'off',
      },
    },
    counting: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'hidden', target: 'hidden' }, { target: 'visible' }] },
        visible: {
          invoke: { src: 'heartbeat' },
          on: {
            'heartbeat.tick': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue({
                  type: 'deliver',
                  params: {
                    type: 'visit.heartbeat',
                    visitId: context.visitId!,
                    seconds: secondsAt(context, event.at),
                  },
                });
              }),
            },
            'page.hidden': {
              target: 'hidden',
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue({
                  type: 'deliver',
                  params: {
                    type: 'visit.ended',
                    visitId: context.visitId!,
                    seconds: secondsAt(context, event.at),
                  },
                });
                enqueue.assign({ hidden: true, ...pausedAt(context, event.at) });
              }),
            },
          },
        },
        hidden: {
          on: {
            'page.visible': {
              target: 'visible',
              actions: assign({ hidden: false, visibleSince: ({ event }) => event.at }),
            },
          },
        },
      },
    },
    /** The visit could not be reported: nothing more is sent. */
    off: {
      on: { 'engine.event': {} },
    },
  },
});

export type VisitInsightsActorRef = ActorRefFrom<typeof visitInsightsMachine>;
