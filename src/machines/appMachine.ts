import { type ActorRefFrom, setup } from 'xstate';
import { type SessionInput, sessionMachine } from './sessionMachine';
import { toastsMachine } from './toastsMachine';

/**
 * The root of the SPA's actor system. It owns the long-lived actors, each reachable anywhere by
 * its systemId (`system.get('toasts')`, `system.get('session')`). The app provides the session's
 * real actors (oidc-client-ts, the API) with `appMachine.provide`.
 */
export const appMachine = setup({
  types: { input: {} as SessionInput },
  actors: { toasts: toastsMachine, session: sessionMachine },
}).createMachine({
  id: 'app',
  context: ({ spawn, input }) => ({
    toasts: spawn('toasts', { id: 'toasts', systemId: 'toasts' }),
    session: spawn('session', { id: 'session', systemId: 'session', input }),
  }),
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
