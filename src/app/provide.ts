import type { KyInstance, Options as KyOptions } from 'ky';
import type { UserManager } from 'oidc-client-ts';
import { navigate } from 'wouter/use-browser-location';
import { type ActorOptions, createActor } from 'xstate';
import { appMachine, type AppActorRef } from '../machines/appMachine';
import { type HubConnectionEvent, hubConnectionMachine } from '../machines/hubConnectionMachine';
import { type SessionEvent, sessionMachine } from '../machines/sessionMachine';
import type { ToastsEvent } from '../machines/toastsMachine';
import { createApi } from '../services/api';
import { notificationHubActors } from '../services/notificationHub';
import { createUserManager, sessionActions, sessionActors } from '../services/session';
import { createFlowRegistry, type FlowLoaders, type FlowRegistry } from './flows';
import { hubMessages, sessionChanges } from './relays';
import type { AppServices } from './services';

/**
 * The app's composition root (ARCHITECTURE.md 'Assembling the app'): the one place that builds the
 * real implementations — one API client, the notification hub's connection, the OpenID client,
 * navigation — and gives every machine its actors by name with `provide`. Views never build a
 * client or choose an implementation; tests give fakes of the outside world (`AppPorts`) or of
 * actors by name (`actors`, `flows`) the same way.
 *
 * The long-lived actors (session, toasts, notifications) are provided here. The page flows are
 * provided by the modules of src/app/flows/, one per area, each loaded with the first page that
 * needs it (the first visit's scripts stay small); src/app/flows.ts names them.
 */

/** What the app reaches outside itself; every part has the browser's real one by default. */
export interface AppPorts {
  /** The network (tests: a fake server). */
  fetch?: typeof globalThis.fetch;
  /** More options of the API client (tests: an absolute prefix, no retries). */
  api?: KyOptions;
  /** Goes to another address of the app (default: the browser's history, as wouter's links do). */
  navigate?: AppServices['navigate'];
  /** The OpenID client, loaded on first use (default: oidc-client-ts for this origin). */
  userManager?: () => Promise<UserManager>;
  /** The page is the sign-in callback (default: read from the address). */
  callback?: boolean;
  /** Real actors of the root replaced by name (tests). */
  actors?: Partial<RootActors>;
  /** Page flows replaced or added by name (tests). */
  flows?: Partial<FlowLoaders>;
  inspect?: ActorOptions<typeof appMachine>['inspect'];
}

export interface App {
  root: AppActorRef;
  flows: FlowRegistry;
  services: AppServices;
}

type RootActors = {
  session: typeof sessionMachine;
  notifications: typeof hubConnectionMachine;
};

/** Builds the app: its services, its root actor (not started yet) and its flows. */
export function createApp(ports: AppPorts = {}): App {
  // The API client and the toasts reach the root's actors; the root is made last.
  const system = { current: null as AppActorRef['system'] | null };
  const toasts = (event: ToastsEvent) => system.current?.get('toasts')?.send(event);
  const token = () => system.current?.get('session')?.getSnapshot().context.user?.accessToken;
  const api: KyInstance = createApi({
    token,
    onForbidden: () => toasts({ type: 'toast.show', severity: 'error', message: 'errors.notAuthorized' }),
  }).extend({ ...(ports.fetch ? { fetch: ports.fetch } : {}), ...ports.api });
  const services: AppServices = {
    api,
    token,
    navigate:
      ports.navigate ??
      ((path, options) =>
        // A district's host is another origin: the browser goes there (a notification's link).
        /^https?:\/\//.test(path) && new URL(path).origin !== window.location.origin
          ? window.location.assign(path)
          : navigate(path, options)),
    toasts,
  };

  const session = sessionMachine.provide({
    actions: sessionActions,
    actors: {
      ...sessionActors(ports.userManager ?? createUserManager(), api),
      planWatch: hubMessages<SessionEvent>('Subscription', (payload) => {
        const { eventType, plan } = (payload ?? {}) as { eventType?: unknown; plan?: unknown };
        if (typeof eventType !== 'string') return null;
        return { type: 'plan.changed', eventType, ...(typeof plan === 'string' ? { plan } : {}) };
      }),
    },
  });
  const notifications = hubConnectionMachine.provide({
    actors: {
      ...notificationHubActors(api),
      // The hub is for signed-in users only.
      signInWatch: sessionChanges<HubConnectionEvent>((user) => ({ type: user ? 'hub.start' : 'hub.stop' })),
    },
  });

  const flows = createFlowRegistry(services, ports.flows);
  const provided = appMachine.provide({ actors: { session, notifications, ...ports.actors } });
  const root = createActor(provided, {
    input: { callback: ports.callback ?? false, flows },
    inspect: ports.inspect,
  });
  system.current = root.system;
  return { root, flows, services };
}
