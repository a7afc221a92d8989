import { type ActorRefFrom, type AnyActorLogic, enqueueActions, setup, stopChild } from 'xstate';
import { hubConnectionMachine } from './hubConnectionMachine';
import { type SessionInput, sessionMachine } from './sessionMachine';
import { toastsMachine } from './toastsMachine';

/**
 * A flow of a part of the page (a page, a dialog, a list, a card) entering or leaving the screen.
 * The root spawns the flow's logic, named by `flow`, as its child `id` (and under `systemId`, when
 * given, so other actors reach it with `system.get(systemId)`); `flow.left` stops it.
 */
export type FlowEvent =
  | { type: 'flow.entered'; flow: string; id: string; systemId?: string; input?: unknown }
  | { type: 'flow.left'; id: string };

export type AppEvent = FlowEvent;

/** The long-lived actors' system ids: the ones every part of the app may reach. */
export const appSystemIds = {
  session: 'session',
  toasts: 'toasts',
  notifications: 'notifications',
} as const;

/** Where the root finds a flow's logic by name (the app's flow registry, src/app/flows.ts). */
export interface FlowLogicSource {
  loaded(flow: string): AnyActorLogic | undefined;
}

export interface AppInput extends SessionInput {
  /** The page flows the root may spawn; none by default. */
  flows?: FlowLogicSource;
}

const noFlows: FlowLogicSource = { loaded: () => undefined };

/**
 * The root of the SPA's actor system: every actor of the app lives in it (ARCHITECTURE.md 'The
 * SPA: a root system of actors').
 *
 * - It spawns the long-lived actors at once, each under its systemId: `session` (who is signed
 *   in), `toasts`, and `notifications` (the notification hub connection).
 * - It spawns each page flow (the editor page, the viewer page, Explore, a checkout, a list, a
 *   space card, the engine of a page that hosts one …) on `flow.entered`, sent when the part of
 *   the page that shows it mounts, and stops it on `flow.left`, sent when that part unmounts. A
 *   flow's own children (the editor page's save and autosave, say) live under it.
 *
 * The app's composition root (src/app/provide.ts) provides the long-lived actors' real
 * implementations and gives the flows' logic as `input.flows`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    toasts: toastsMachine,
    notifications: hubConnectionMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ spawn, input }) => ({
    flows: input.flows ?? noFlows,
    toasts: spawn('toasts', { id: 'toasts', systemId: appSystemIds.toasts }),
    session: spawn('session', {
      id: 'session',
      systemId: appSystemIds.session,
      input: { callback: input.callback },
    }),
    notifications: spawn('notifications', { id: 'notifications', systemId: appSystemIds.notifications }),
  }),
  on: {
    'flow.entered': {
      actions: enqueueActions(({ context, enqueue, event }) => {
        const logic = context.flows.loaded(event.flow);
        if (!logic) throw new Error(`No flow named '${event.flow}' has been loaded`);
        // Any flow's logic: the typed form only knows the actors named in setup.
        const spawnChild = enqueue.spawnChild as unknown as (
          src: AnyActorLogic,
          options: { id: string; systemId?: string; input?: unknown },
        ) => void;
        spawnChild(logic, { id: event.id, systemId: event.systemId, input: event.input });
      }),
    },
    'flow.left': { actions: stopChild(({ event }) => event.id) },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type NotificationsActorRef = ActorRefFrom<typeof hubConnectionMachine>;
