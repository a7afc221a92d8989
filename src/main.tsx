// First: before any module builds a zod schema (see the module).
import './zodJitless';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import type { ActorOptions } from 'xstate';
import { authCallbackPath } from '../contracts/roles';
import { createApp } from './app/provide';
import './i18n';
import { languageStorageKey } from './i18n/languageKey';
import type { appMachine } from './machines/appMachine';
import { App } from './views/App';
import { AppProvider } from './app/AppContext';

// The actor tree of `?inspect` (development builds only; its code is its own chunk).
const ActorTreePanel = lazy(() => import('./views/dev/ActorTreePanel'));

/** The language this browser chose, if any (reading storage may be refused). */
function storedLanguage() {
  try {
    return localStorage.getItem(languageStorageKey) ?? 'en';
  } catch {
    return 'en';
  }
}

async function start() {
  // `?inspect` in development builds opens Stately's live inspector on the whole actor system, and
  // shows the tree of running actors in the page (that one works offline too).
  const inspecting =
    (process.env.NODE_ENV !== 'production' || !!process.env.SPACES_DEV_PAGES) &&
    new URLSearchParams(location.search).has('inspect');
  let inspect: ActorOptions<typeof appMachine>['inspect'];
  if (inspecting) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  // The language this browser chose before, so that the first paint is in it (English loads nothing).
  if (storedLanguage() !== 'en')
    await import('./i18n/languages').then((m) => m.restoreLanguage()).catch(() => undefined);
  const app = createApp({ callback: location.pathname === authCallbackPath, inspect });
  app.root.start();
  createRoot(document.getElementById('root')!).render(
    <AppProvider app={app}>
      <App />
      {inspecting && (
        <Suspense fallback={null}>
          <ActorTreePanel />
        </Suspense>
      )}
    </AppProvider>,
  );
}

void start();
