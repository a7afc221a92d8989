import {
  decodeCommand,
  type EngineChannel,
  type EngineCommand,
  type EngineEvent,
  isDecodeError,
} from '../../../engine/protocol';

/**
 * The page API of /dev/engine, on `window.engineDev`: the same protocol the app's pages use, for
 * tests, benchmarks and people poking at the engine from the console.
 *
 *   engineDev.send('Viewer', 'playGuidedTour', { tourId: 'tour-highlights' })
 *   await engineDev.next('guidedTourState', (e) => e.finished)
 *   engineDev.events   // every event so far, oldest first
 */
export interface EngineDevApi {
  send(channel: EngineChannel, method: string, payload?: unknown): void;
  events: EngineEvent[];
  /** When each event of `events` arrived (performance.now()). */
  times: number[];
  /** Resolves with the first event of this type (matching `where`) that arrives after the call. */
  next<T extends EngineEvent['type']>(
    type: T,
    where?: (event: Extract<EngineEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<EngineEvent, { type: T }>>;
  /** The latest event of this type so far, if any. */
  last<T extends EngineEvent['type']>(type: T): Extract<EngineEvent, { type: T }> | undefined;
}

declare global {
  interface Window {
    engineDev?: EngineDevApi;
  }
}

const maxEvents = 2000;

export function createEngineDevApi() {
  const waiters = new Set<(event: EngineEvent) => void>();
  let send: (cmd: EngineCommand) => void = () => {};
  const api: EngineDevApi = {
    events: [],
    times: [],
    send(channel, method, payload = {}) {
      // Checked and completed (defaults filled) exactly as a message to a Unity build would be.
      const cmd = decodeCommand(channel, method, JSON.stringify(payload));
      if (isDecodeError(cmd)) throw new Error(cmd.error);
      send(cmd);
    },
    next(type, where, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No ${type} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (event: EngineEvent) => {
          if (event.type !== type) return;
          const typed = event as Extract<EngineEvent, { type: typeof type }>;
          if (where && !where(typed)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(typed);
        };
        waiters.add(waiter);
      });
    },
    last(type) {
      for (let i = api.events.length - 1; i >= 0; i--) {
        if (api.events[i].type === type) return api.events[i] as never;
      }
      return undefined;
    },
  };
  return {
    api,
    /** Where `api.send` delivers commands (the engine host's handle). */
    setSender(sender: (cmd: EngineCommand) => void) {
      send = sender;
    },
    record(event: EngineEvent) {
      api.events.push(event);
      api.times.push(performance.now());
      if (api.events.length > maxEvents) {
        api.events.shift();
        api.times.shift();
      }
      [...waiters].forEach((w) => w(event));
    },
  };
}
