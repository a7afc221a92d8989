import { type ActorRefFrom, setup } from 'xstate';
import { toastsMachine } from './toastsMachine';

/**
 * The root of the SPA's actor system. It owns the long-lived actors, each reachable anywhere by
 * its systemId (`system.get('toasts')`). Later flows (session, notifications, live user) join here.
 */
export const appMachine = setup({
  actors: { toasts: toastsMachine },
}).createMachine({
  id: 'app',
  context: ({ spawn }) => ({
    toasts: spawn('toasts', { id: 'toasts', systemId: 'toasts' }),
  }),
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
