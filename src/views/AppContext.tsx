import { createContext, type ReactNode, useContext } from 'react';
import type { AppActorRef, ToastsActorRef } from '../machines/appMachine';

const AppActorContext = createContext<AppActorRef | null>(null);

/** Gives every view the running root actor. */
export function AppActorProvider({ actor, children }: { actor: AppActorRef; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used inside <AppActorProvider>');
  return actor;
}

/** The one toasts actor (systemId `toasts`). */
export function useToasts(): ToastsActorRef {
  return useAppActor().getSnapshot().context.toasts;
}
