import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyActorLogic, fromPromise } from 'xstate';
import type { FlowName } from '../../src/app/flows';
import { type App, type AppPorts, createApp } from '../../src/app/provide';
import { hubConnectionMachine } from '../../src/machines/hubConnectionMachine';
import { type SessionProfile, type SessionUser, sessionMachine } from '../../src/machines/sessionMachine';
import { AppProvider, useToasts } from '../../src/app/AppContext';
import { Toasts } from '../../src/views/kit/Toasts';

/**
 * The SPA as its views meet it in tests: the real composition root (src/app/provide.ts) over a
 * fake network (`fetch`), a session whose user the test chooses, a notification hub that never
 * connects but delivers what the test sends (`hub.send`), and an address in memory.
 */
export interface TestAppOptions {
  /** The server: every API call goes here (absolute URLs under http://localhost/api/). */
  fetch?: (request: Request) => Response | Promise<Response>;
  /** Who is signed in (nobody by default). */
  user?: SessionUser | null;
  /** The signed-in user's record (the session's profile). */
  profile?: SessionProfile | null;
  /** Where the app is (default '/'). */
  path?: string;
  /** Page flows replaced by name. */
  flows?: Partial<Record<FlowName, AnyActorLogic>>;
  /** More of the real ports (the OpenID client, say). */
  ports?: Partial<AppPorts>;
}

export interface TestApp {
  app: App;
  location: ReturnType<typeof memoryLocation>;
  /** The notification hub: delivers a server message to every actor listening. */
  hub: { send(target: string, payload: unknown): void };
}

/** Builds and starts the app, with every flow module loaded so pages render at once. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = createTestApp(options);
  await testApp.app.flows.preloadAll();
  return testApp;
}

/** Builds and starts the app at once; its flow modules load when a view first asks for one. */
export function createTestApp(options: TestAppOptions = {}): TestApp {
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const serve = options.fetch ?? (() => new Response('{}', { status: 404 }));
  const user = options.user ?? null;
  const session = sessionMachine.provide({
    actors: {
      loadUser: fromPromise(async (): Promise<SessionUser | null> => user),
      startSignIn: fromPromise<void, { returnTo: string }>(async () => {}),
      ensureProfile: fromPromise(async (): Promise<SessionProfile> => {
        if (options.profile) return options.profile;
        throw new Error('No profile in this test');
      }),
    },
  });
  const app = createApp({
    fetch: (input, init) =>
      Promise.resolve(serve(input instanceof Request ? input : new Request(input, init))),
    api: { prefixUrl: 'http://localhost/api', retry: 0 },
    navigate: (path, navigateOptions) => location.navigate(path, navigateOptions),
    actors: { session, notifications: hubConnectionMachine },
    flows: options.flows,
    ...options.ports,
  });
  app.root.start();
  const hub = {
    send(target: string, payload: unknown) {
      app.root.system.get('notifications')?.send({ type: 'hub.received', target, args: [payload] });
    },
  };
  return { app, location, hub };
}

/** Renders `ui` inside the test app (its provider and its in-memory address). */
export async function renderInApp(ui: ReactElement, options: TestAppOptions = {}) {
  return renderIn(await startTestApp(options), ui);
}

/** `renderInApp` for views that start no flow: rendered at once. */
export function renderInAppNow(ui: ReactElement, options: TestAppOptions = {}) {
  return renderIn(createTestApp(options), ui);
}

function renderIn(testApp: TestApp, ui: ReactElement) {
  const rendered = render(
    <AppProvider app={testApp.app}>
      <Router hook={testApp.location.hook} searchHook={testApp.location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...testApp, rendered };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The app's toasts, as the shell shows them. */
export function AppToasts() {
  return <Toasts toastsRef={useToasts()} />;
}
