import { createElement, type CSSProperties, useEffect, useReducer } from 'react';
import { vi } from 'vitest';

/**
 * A stand-in for react-unity-webgl, for `vi.mock('react-unity-webgl', () => import(...this file))`:
 * `useUnityContext` answers what the test sets in `fakeUnity.state`, records its config, the
 * messages sent and the event listeners; `<Unity>` renders a plain canvas. Tests play the build's
 * part with `setUnity` (loading, loaded) and `dispatchUnityEvent` (dispatchReactUnityEvent).
 */

type Listener = (...parameters: unknown[]) => unknown;

const initialState = () => ({
  isLoaded: false,
  loadingProgression: 0,
  instance: null as object | null,
  initialisationError: undefined as Error | undefined,
});

export const fakeUnity = {
  config: null as Record<string, unknown> | null,
  state: initialState(),
  listeners: new Map<string, Listener>(),
  sendMessage: vi.fn<(gameObject: string, method: string, json?: unknown) => void>(),
  unload: vi.fn<() => Promise<void>>(async () => {}),
  /** How many times a `<Unity>` was mounted. */
  mounts: 0,
  rerender: () => {},
  reset() {
    this.config = null;
    this.state = initialState();
    this.listeners.clear();
    this.sendMessage.mockReset();
    this.unload.mockReset();
    this.unload.mockImplementation(async () => {});
    this.mounts = 0;
  },
};

export function useUnityContext(config: Record<string, unknown>) {
  fakeUnity.config = config;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  fakeUnity.rerender = rerender;
  const { isLoaded, loadingProgression, instance, initialisationError } = fakeUnity.state;
  return {
    unityProvider: { loaderUrl: config.loaderUrl },
    isLoaded,
    loadingProgression,
    initialisationError,
    UNSAFE__unityInstance: instance,
    sendMessage: fakeUnity.sendMessage,
    unload: fakeUnity.unload,
    addEventListener: (name: string, callback: Listener) => fakeUnity.listeners.set(name, callback),
    removeEventListener: (name: string) => fakeUnity.listeners.delete(name),
  };
}

export function Unity({ style }: { style?: CSSProperties }) {
  useEffect(() => {
    fakeUnity.mounts += 1;
  }, []);
  return createElement('canvas', { 'data-testid': 'unity-canvas', style });
}

/** The build's loading state changes (wrap in `act`). */
export function setUnity(state: Partial<typeof fakeUnity.state>) {
  Object.assign(fakeUnity.state, state);
  fakeUnity.rerender();
}

/** The build calls `window.dispatchReactUnityEvent(name, ...parameters)`. */
export function dispatchUnityEvent(name: string, ...parameters: unknown[]) {
  return fakeUnity.listeners.get(name)?.(...parameters);
}
