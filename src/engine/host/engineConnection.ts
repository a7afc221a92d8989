import { createActor, fromPromise } from 'xstate';
import { engineReadinessMachine } from '../../machines/engineReadinessMachine';
import {
  type EngineAdapter,
  type EngineCommand,
  type EngineEvent,
  type EngineMode,
  EngineSettings,
} from '../protocol';

/** An engine the host drives: the protocol's adapter, and whether its code has loaded. */
export interface HostedEngine extends EngineAdapter {
  isLoaded(): boolean;
}

export interface EngineConnectionOptions {
  mode: EngineMode;
  /** The settings to start the engine with, read when it has loaded. */
  settings(): Partial<EngineSettings> | undefined;
  /** Every event the engine sends. */
  onEvent(event: EngineEvent): void;
  /** Asked on every readiness check while no engine is attached: get one and `attach` it. */
  requestEngine(): void;
  /** Asked by Retry when the engine never loaded: start loading it again from scratch. */
  reloadEngine(): void;
}

/** The startup settings: the page's, completed with defaults; defaults alone if the page's are wrong. */
function startupSettings(settings: Partial<EngineSettings> | undefined): EngineSettings {
  const parsed = EngineSettings.safeParse(settings ?? {});
  if (parsed.success) return parsed.data;
  console.warn('Engine settings ignored:', parsed.error.issues.map((i) => i.message).join('; '));
  return EngineSettings.parse({});
}

/**
 * The host's side of one engine (ARCHITECTURE.md 'The engine boundary'): runs the readiness machine
 * (src/machines/engineReadinessMachine.ts) with the real effects, turns engine events into machine
 * events, and holds the page's commands until the engine is ready so none arrives before
 * `Startup.start`. Knows nothing of React or of which engine it drives.
 */
export function createEngineConnection(options: EngineConnectionOptions) {
  const { mode } = options;
  let engine: HostedEngine | null = null;
  let stopListening: (() => void) | null = null;
  let left = false;
  const held: EngineCommand[] = [];

  const deliver = (cmd: EngineCommand) => engine?.send(cmd);
  const detach = () => {
    stopListening?.();
    stopListening = null;
    engine = null;
  };

  const machine = engineReadinessMachine.provide({
    actors: {
      checkLoaded: fromPromise(async () => {
        if (!engine) options.requestEngine();
        return engine?.isLoaded() ?? false;
      }),
      unload: fromPromise(async () => {
        const leaving = engine;
        detach();
        await leaving?.unload();
      }),
    },
    actions: {
      sendStartup: (_, { mode }) =>
        deliver({
          channel: 'Startup',
          method: 'start',
          payload: { mode, settings: startupSettings(options.settings()) },
        }),
      setInputEnabled: (_, { enabled }) =>
        deliver({ channel: 'Character', method: 'setInputEnabled', payload: { enabled } }),
      setKeyboardCapture: (_, { enabled }) =>
        deliver({ channel: 'Core', method: 'setKeyboardCapture', payload: { enabled } }),
      warn: (_, { message }) => console.warn(message),
    },
  });
  const actor = createActor(machine, { input: { mode } });
  // Runs after the transition's actions: held commands follow Startup.start and enabling input.
  actor.subscribe((snapshot) => {
    if (snapshot.matches('ready')) held.splice(0).forEach(deliver);
  });

  const toMachine = (event: EngineEvent) => {
    if (event.type === 'loadProgress') actor.send({ type: 'engine.progress', percent: event.percent });
    else if (event.type === 'ready') actor.send({ type: 'engine.ready', mode: event.mode });
    else if (event.type === 'error') actor.send({ type: 'engine.error', message: event.message });
  };

  return {
    actor,
    start() {
      actor.start();
    },
    /** Gives the connection its engine; one that arrives after leaving is unloaded at once. */
    attach(next: HostedEngine) {
      if (left) {
        next.unload().catch((error: unknown) => console.warn('The 3D engine did not unload cleanly:', error));
        return;
      }
      detach();
      engine = next;
      stopListening = next.on((event) => {
        toMachine(event);
        options.onEvent(event);
      });
    },
    /** A command from the page: delivered when the engine is ready, held in order until then. */
    send(cmd: EngineCommand) {
      if (left) return;
      if (actor.getSnapshot().matches('ready')) deliver(cmd);
      else held.push(cmd);
    },
    /** Whether a text field of the page has focus (typing then belongs to the page). */
    textFocus(focused: boolean) {
      actor.send({ type: 'page.textFocus', focused });
    },
    retry() {
      if (!actor.getSnapshot().can({ type: 'engine.retry' })) return;
      if (engine && !engine.isLoaded()) {
        detach();
        options.reloadEngine();
      }
      actor.send({ type: 'engine.retry' });
    },
    /** The page is going: the machine unloads the engine. */
    leave() {
      left = true;
      held.length = 0;
      actor.send({ type: 'engine.leave' });
    },
  };
}

export type EngineConnection = ReturnType<typeof createEngineConnection>;
