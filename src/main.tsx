import { createRoot } from 'react-dom/client';
import { type ActorOptions, createActor } from 'xstate';
import './i18n';
import { appMachine } from './machines/appMachine';
import { App } from './views/App';
import { AppActorProvider } from './views/AppContext';

async function start() {
  // `?inspect` in development opens the live statechart inspector.
  let inspect: ActorOptions<typeof appMachine>['inspect'];
  if (process.env.NODE_ENV !== 'production' && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const actor = createActor(appMachine, { inspect });
  actor.start();
  createRoot(document.getElementById('root')!).render(
    <AppActorProvider actor={actor}>
      <App />
    </AppActorProvider>,
  );
}

void start();
