import {
  decodeEvent,
  type EngineAdapter,
  type EngineCommand,
  type EngineEvent,
  encodeCommand,
  isDecodeError,
} from '../protocol';

/** The parts of react-unity-webgl's context the bridge uses, as of the latest render. */
export interface UnityControls {
  /** The build has loaded and its instance takes messages. */
  loaded: boolean;
  sendMessage(gameObject: string, method: string, json: string): void;
  unload(): Promise<void>;
}

/** The Unity engine as the host sees it: the protocol's adapter, and whether the build has loaded. */
export interface UnityEngineAdapter extends EngineAdapter {
  isLoaded(): boolean;
}

/**
 * Turns react-unity-webgl's context into the protocol's `EngineAdapter` (src/engine/protocol.ts):
 * commands become `sendMessage(channel, method, json)` and wait in order until the build has loaded;
 * events the build dispatches with `dispatchReactUnityEvent(name, json)` are decoded (a bad one is
 * dropped with a warning); loading progression 0..1 becomes `loadProgress` percent events.
 */
export function createUnityBridge() {
  const listeners = new Set<(event: EngineEvent) => void>();
  const queue: EngineCommand[] = [];
  let controls: UnityControls | null = null;
  let lastPercent = -1;

  const emit = (event: EngineEvent) => listeners.forEach((listener) => listener(event));
  const flush = () => {
    while (controls?.loaded && queue.length) {
      const { gameObject, method, json } = encodeCommand(queue.shift()!);
      controls.sendMessage(gameObject, method, json);
    }
  };

  const adapter: UnityEngineAdapter = {
    send(cmd) {
      queue.push(cmd);
      flush();
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async unload() {
      if (!controls) throw new Error('The Unity build was never mounted');
      try {
        await controls.unload();
      } catch (error) {
        // react-unity-webgl rejects with nothing when there is no instance to quit.
        throw error ?? new Error('There was no Unity instance to unload');
      }
    },
    isLoaded: () => controls?.loaded ?? false,
  };

  return {
    adapter,
    /** The context after a render. */
    update(next: UnityControls) {
      controls = next;
      flush();
    },
    /** react-unity-webgl's `loadingProgression`, 0..1. */
    progress(fraction: number) {
      const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      if (percent === lastPercent) return;
      lastPercent = percent;
      emit({ type: 'loadProgress', percent });
    },
    /** An event the build dispatched; Unity passes strings, or nothing for an event without data. */
    dispatch(name: string, json: unknown) {
      const decoded = decodeEvent(name, json === undefined ? '' : String(json));
      if (isDecodeError(decoded)) {
        console.warn(`Dropped an event from the Unity engine: ${decoded.error}`);
        return;
      }
      emit(decoded);
    },
    /** The build could not be started (react-unity-webgl's `initialisationError`). */
    failed(error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      emit({ type: 'error', code: 'ENGINE_LOAD_FAILED', message: message.slice(0, 2000) });
    },
  };
}

export type UnityBridge = ReturnType<typeof createUnityBridge>;
