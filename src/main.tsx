import { createRoot } from 'react-dom/client';
import { type ActorOptions, createActor } from 'xstate';
import { authCallbackPath } from '../contracts/roles';
import './i18n';
import { appMachine, type AppActorRef } from './machines/appMachine';
import { sessionMachine } from './machines/sessionMachine';
import { createApi } from './services/api';
import { createUserManager, provideSession } from './services/session';
import { App } from './views/App';
import { AppActorProvider } from './views/AppContext';
import { NotificationHubProvider } from './views/hubs/useNotification';

async function start() {
  // `?inspect` in development opens the live statechart inspector.
  let inspect: ActorOptions<typeof appMachine>['inspect'];
  if (process.env.NODE_ENV !== 'production' && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  // The API reads the token from the session, which the root actor below owns.
  const rootRef: { current?: AppActorRef } = {};
  const api = createApi({
    token: () => rootRef.current?.getSnapshot().context.session.getSnapshot().context.user?.accessToken,
    onForbidden: () =>
      root
        ?.getSnapshot()
        .context.toasts.send({ type: 'toast.show', severity: 'error', message: 'errors.notAuthorized' }),
  });
  const session = provideSession(sessionMachine, createUserManager(), () => api);
  const root = createActor(appMachine.provide({ actors: { session } }), {
    input: { callback: location.pathname === authCallbackPath },
    inspect,
  });
  rootRef.current = root;
  root.start();
  createRoot(document.getElementById('root')!).render(
    <AppActorProvider actor={root} api={api}>
      <NotificationHubProvider>
        <App />
      </NotificationHubProvider>
    </AppActorProvider>,
  );
}

void start();
