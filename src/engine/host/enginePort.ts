import type { EnginePort } from '../../machines/engineReadinessMachine';
import { type EngineAdapter, type EngineCommand, type EngineEvent, EngineSettings } from '../protocol';

/** An engine the host drives: the protocol's adapter, and whether its code has loaded. */
export interface HostedEngine extends EngineAdapter {
  isLoaded(): boolean;
}

/** What the page tells the port (`configure`), kept up to date as the page changes. */
export interface EnginePortPage {
  /** The page's startup settings, read when the engine has loaded. */
  settings: Partial<EngineSettings> | undefined;
  /** Asked on every readiness check while no engine is attached: get one and `attach` it. */
  requestEngine(): void;
  /** Asked by Retry when the engine never loaded: start loading it again from scratch. */
  reloadEngine(): void;
}

/** The startup settings: the page's, completed with defaults; defaults alone if the page's are wrong. */
export function startupSettings(settings: Partial<EngineSettings> | undefined): EngineSettings {
  const parsed = EngineSettings.safeParse(settings ?? {});
  if (parsed.success) return parsed.data;
  console.warn('Engine settings ignored:', parsed.error.issues.map((i) => i.message).join('; '));
  return EngineSettings.parse({});
}

const warnUnload = (error: unknown) => console.warn(`The 3D engine did not unload cleanly: ${String(error)}`);

/**
 * The host's side of one embedded engine (ARCHITECTURE.md 'The engine boundary'): the `EnginePort`
 * the app's `engine` actor (engineReadinessMachine) drives. It holds the engine once one is
 * attached (the built-in engine or a Unity player), forwards its events to whoever listens, and
 * unloads it once. Knows nothing of React or of which engine it holds.
 */
export function createEnginePort(): EnginePort & {
  /** What the page offers the port now (what it does not say stays as it was). */
  configure(page: Partial<EnginePortPage>): void;
  /** Gives the port its engine; one that arrives after unloading is unloaded at once. */
  attach(next: HostedEngine): void;
} {
  const page: EnginePortPage = { settings: undefined, requestEngine: () => {}, reloadEngine: () => {} };
  let engine: HostedEngine | null = null;
  let stopForwarding: (() => void) | null = null;
  let unloaded = false;
  const listeners = new Set<(event: EngineEvent) => void>();

  const detach = () => {
    stopForwarding?.();
    stopForwarding = null;
    const leaving = engine;
    engine = null;
    return leaving;
  };

  return {
    configure(next) {
      Object.assign(page, next);
    },
    settings: () => page.settings,
    isLoaded() {
      if (!engine) page.requestEngine();
      return engine?.isLoaded() ?? false;
    },
    deliver(command: EngineCommand) {
      engine?.send(command);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      if (engine && !engine.isLoaded()) {
        detach();
        page.reloadEngine();
      }
    },
    async unload() {
      unloaded = true;
      await detach()?.unload().catch(warnUnload);
    },
    attach(next) {
      if (unloaded) {
        next.unload().catch(warnUnload);
        return;
      }
      detach();
      engine = next;
      stopForwarding = next.on((event) => listeners.forEach((listener) => listener(event)));
    },
  };
}

export type HostEnginePort = ReturnType<typeof createEnginePort>;
