import type { KyInstance } from 'ky';
import { createContext, type ReactNode, useContext } from 'react';
import type { AppActorRef, SessionActorRef, ToastsActorRef } from '../machines/appMachine';

interface AppContextValue {
  actor: AppActorRef;
  api: KyInstance | null;
}

const AppActorContext = createContext<AppContextValue | null>(null);

/** Gives every view the running root actor and the API client. */
export function AppActorProvider({
  actor,
  api = null,
  children,
}: {
  actor: AppActorRef;
  api?: KyInstance | null;
  children: ReactNode;
}) {
  return <AppActorContext.Provider value={{ actor, api }}>{children}</AppActorContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppActorContext);
  if (!value) throw new Error('useAppActor must be used inside <AppActorProvider>');
  return value;
}

export function useAppActor(): AppActorRef {
  return useAppContext().actor;
}

/** The one toasts actor (systemId `toasts`). */
export function useToasts(): ToastsActorRef {
  return useAppActor().getSnapshot().context.toasts;
}

/** The session actor (systemId `session`). */
export function useSession(): SessionActorRef {
  return useAppActor().getSnapshot().context.session;
}

/** The API client, or null where a view is rendered without one (a page or component on its own). */
export function useOptionalApi(): KyInstance | null {
  return useAppContext().api ?? null;
}

/** The API client (machines' actors use it; views pass it to the machines they start). */
export function useApi(): KyInstance {
  const api = useAppContext().api;
  if (!api) throw new Error('No API client');
  return api;
}
