import { createRoot } from 'react-dom/client';
import type { ActorOptions } from 'xstate';
import { authCallbackPath } from '../contracts/roles';
import { createApp } from './app/provide';
import './i18n';
import type { appMachine } from './machines/appMachine';
import { App } from './views/App';
import { AppProvider } from './app/AppContext';

async function start() {
  // `?inspect` in development opens the live statechart inspector on the whole actor system.
  let inspect: ActorOptions<typeof appMachine>['inspect'];
  if (process.env.NODE_ENV !== 'production' && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const app = createApp({ callback: location.pathname === authCallbackPath, inspect });
  app.root.start();
  createRoot(document.getElementById('root')!).render(
    <AppProvider app={app}>
      <App />
    </AppProvider>,
  );
}

void start();
