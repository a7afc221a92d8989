import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { AnyActorRef } from 'xstate';
import type { FlowInput, FlowName, FlowRef, FlowRegistry } from './flows';
import type {
  AppActorRef,
  NotificationsActorRef,
  SessionActorRef,
  ToastsActorRef,
} from '../machines/appMachine';

/** What views reach of the app: its root actor and where its flows come from. */
export interface AppHandle {
  root: AppActorRef;
  flows: Pick<FlowRegistry, 'loaded' | 'load'>;
}

const AppContext = createContext<AppHandle | null>(null);

/** Gives every view the running app (src/app/provide.ts builds it). */
export function AppProvider({ app, children }: { app: AppHandle; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

function useApp(): AppHandle {
  const value = useContext(AppContext);
  if (!value) throw new Error('Views must be rendered inside <AppProvider>');
  return value;
}

export function useAppActor(): AppActorRef {
  return useApp().root;
}

/** The one toasts actor (systemId `toasts`). */
export function useToasts(): ToastsActorRef {
  return useAppActor().getSnapshot().context.toasts;
}

/** The session actor (systemId `session`). */
export function useSession(): SessionActorRef {
  return useAppActor().getSnapshot().context.session;
}

/** The notification hub's connection (systemId `notifications`). */
export function useNotifications(): NotificationsActorRef {
  return useAppActor().getSnapshot().context.notifications;
}

let nextFlowId = 0;

/**
 * Runs the flow `name` while the calling component is mounted: the root spawns it into the app's
 * actor system (under `systemId` when given, so other actors can reach it) with `input` as it is
 * on mount, and stops it on unmount. Answers undefined until the flow runs: its module may still be
 * loading, and the flow starts after the first render.
 */
export function useFlow<K extends FlowName>(
  name: K,
  input: FlowInput<K>,
  options: { systemId?: string } = {},
): FlowRef<K> | undefined {
  const { root, flows } = useApp();
  const [loaded, setLoaded] = useState(() => flows.loaded(name) !== undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const [id] = useState(() => `${name}-${++nextFlowId}`);
  const [start] = useState(() => ({ input, systemId: options.systemId }));

  useEffect(() => {
    if (loaded) return;
    let current = true;
    flows.load(name).then(
      () => current && setLoaded(true),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [flows, name, loaded]);

  useLayoutEffect(() => {
    if (!loaded) return;
    root.send({ type: 'flow.entered', flow: name, id, systemId: start.systemId, input: start.input });
    return () => root.send({ type: 'flow.left', id });
  }, [root, name, id, start, loaded]);

  // The root's snapshot changes as it spawns and stops its children.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = root.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [root],
  );
  const actor = useSyncExternalStore(
    subscribe,
    () => root.getSnapshot().children[id] as AnyActorRef | undefined,
  );

  // A flow that cannot load is the page's failure (the error page offers a reload).
  if (failure) throw failure;
  return actor as FlowRef<K> | undefined;
}
