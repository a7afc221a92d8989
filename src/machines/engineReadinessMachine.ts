import { type ActorRefFrom, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { EngineCommand, EngineEvent, EngineSettings } from '../engine/protocol';

/** Engine readiness (platform.md §9): poll every 300 ms, give up after 5000 ms. */
export const engineReadiness = { pollMs: 300, maxWaitMs: 5000 } as const;

export type EngineMode = 'viewer' | 'editor' | 'inspector';

/**
 * The host's side of the engine the page embeds (src/engine/host/enginePort.ts): the machine's
 * provided actors and actions reach the engine through it.
 */
export interface EnginePort {
  /** The page's startup settings (missing ones take their defaults), read when the engine has loaded. */
  settings(): Partial<EngineSettings> | undefined;
  /** Has the engine's code loaded? Asks for an engine when none is attached yet. */
  isLoaded(): boolean;
  /** Gives a command to the engine now. */
  deliver(command: EngineCommand): void;
  /** Calls `listener` with every event of the engine; answers the unsubscribe. */
  listen(listener: (event: EngineEvent) => void): () => void;
  /** Retry after a failure: an engine whose code never loaded is loaded again from scratch. */
  reload(): void;
  /** Unloads the engine (once; a later engine is unloaded as it arrives). */
  unload(): Promise<void>;
}

export interface EngineReadinessInput {
  mode: EngineMode;
  pollMs?: number;
  maxWaitMs?: number;
  /** The engine, as the host that embeds it offers it (absent in tests of the logic alone). */
  port?: EnginePort;
}

export interface EngineReadinessContext {
  mode: EngineMode;
  pollMs: number;
  maxWaitMs: number;
  /** Loading progress the engine reports, 0–100. */
  progress: number;
  error: string | null;
  /** Keyboard input goes to the engine unless a text field of the page has focus. */
  keyboardToEngine: boolean;
  /** Commands of the page held until the engine is ready, in order. */
  held: EngineCommand[];
  port: EnginePort | null;
}

export type EngineReadinessEvent =
  | { type: 'engine.progress'; percent: number }
  | { type: 'engine.ready'; mode: EngineMode }
  | { type: 'engine.error'; message: string }
  | { type: 'engine.retry' }
  | { type: 'page.textFocus'; focused: boolean }
  | { type: 'engine.leave' }
  /** A command for the engine: delivered when it is ready, held in order until then. */
  | { type: 'engine.command'; command: EngineCommand }
  /** The engine sent an event (relayed by `listen`). */
  | { type: 'engine.reported'; event: EngineEvent };

/** What the engine actor tells its listeners: every event of the engine (`actor.on('engine.event', …)`). */
export type EngineReadinessEmitted = { type: 'engine.event'; event: EngineEvent };

/**
 * The host's view of the engine: wait until its code has loaded (polling), send the startup
 * settings, and enable input only once the engine reports ready for this page's mode. Leaving the
 * page unloads it; a failed unload is only a warning. Side effects are provided actions/actors.
 *
 * The wait gives up after `maxWaitMs` without a sign of life: loading progress starts it again, as a
 * Unity build of tens of megabytes takes longer than that to download while it reports progress.
 * Whether a text field of the page has focus is remembered in every state, so input that becomes
 * enabled later still respects it.
 *
 * As the app's `engine` actor it is the page's way to the engine: `engine.command` delivers a
 * command once the engine is ready (held in order until then, so none arrives before
 * `Startup.start`), and every event the engine sends (`listen`) is emitted as `engine.event`.
 */
export const engineReadinessMachine = setup({
  types: {
    context: {} as EngineReadinessContext,
    events: {} as EngineReadinessEvent,
    input: {} as EngineReadinessInput,
    emitted: {} as EngineReadinessEmitted,
  },
  actors: {
    /** Has the engine's code loaded (true) or not yet (false)? */
    checkLoaded: fromPromise<boolean, { port: EnginePort | null }>(async () => false),
    unload: fromPromise<void, { port: EnginePort | null }>(async () => {}),
    /** Relays the engine's events (`engine.reported`) for the machine's whole life. */
    listen: fromCallback<EngineReadinessEvent, { port: EnginePort | null }>(() => () => {}),
  },
  actions: {
    /** Gives a command to the engine. */
    deliver: (_, _params: { command: EngineCommand }) => {},
    /** Retry: an engine whose code never loaded is loaded again. */
    reloadEngine: () => {},
    hold: assign({
      held: ({ context, event }) =>
        event.type === 'engine.command' ? [...context.held, event.command] : context.held,
    }),
    sendStartup: (_, _params: { mode: EngineMode }) => {},
    setInputEnabled: (_, _params: { enabled: boolean }) => {},
    setKeyboardCapture: (_, _params: { enabled: boolean }) => {},
    warn: (_, _params: { message: string }) => {},
    rememberTextFocus: assign({
      keyboardToEngine: ({ event }) => (event.type === 'page.textFocus' ? !event.focused : true),
    }),
    /** Progress only counts while the engine loads. */
    recordProgress: assign({
      progress: ({ event }) =>
        event.type === 'engine.progress' ? Math.max(0, Math.min(100, Math.round(event.percent))) : 0,
    }),
  },
  guards: {
    /** More loaded than before (by a whole percent): the engine is alive. */
    progressed: ({ context, event }) =>
      event.type === 'engine.progress' && Math.round(event.percent) > context.progress,
  },
  delays: {
    poll: ({ context }) => context.pollMs,
    maxWait: ({ context }) => context.maxWaitMs,
  },
}).createMachine({
  id: 'engineReadiness',
  context: ({ input }) => ({
    mode: input.mode,
    pollMs: input.pollMs ?? engineReadiness.pollMs,
    maxWaitMs: input.maxWaitMs ?? engineReadiness.maxWaitMs,
    progress: 0,
    error: null,
    keyboardToEngine: true,
    held: [],
    port: input.port ?? null,
  }),
  invoke: { id: 'listen', src: 'listen', input: ({ context }) => ({ port: context.port }) },
  on: {
    // Tells listeners, and turns the engine's progress, readiness and errors into the machine's events.
    'engine.reported': {
      actions: enqueueActions(({ event, enqueue }) => {
        const reported = event.event;
        enqueue.emit({ type: 'engine.event', event: reported });
        if (reported.type === 'loadProgress')
          enqueue.raise({ type: 'engine.progress', percent: reported.percent });
        else if (reported.type === 'ready') enqueue.raise({ type: 'engine.ready', mode: reported.mode });
        else if (reported.type === 'error')
          enqueue.raise({ type: 'engine.error', message: reported.message });
      }),
    },
    'engine.command': { actions: 'hold' },
  },
  initial: 'waiting',
  states: {
    waiting: {
      // Gives up once maxWaitMs have passed since the engine was asked for or last made progress.
      after: {
        maxWait: { target: 'failed', actions: assign({ error: 'The 3D engine did not load in time' }) },
      },
      on: {
        'engine.leave': 'unloading',
        'page.textFocus': { actions: 'rememberTextFocus' },
        'engine.progress': [
          { guard: 'progressed', target: 'waiting', reenter: true, actions: 'recordProgress' },
          { actions: 'recordProgress' },
        ],
        'engine.error': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'checkLoaded',
            src: 'checkLoaded',
            input: ({ context }) => ({ port: context.port }),
            onDone: [
              { guard: ({ event }) => event.output, target: '#engineReadiness.starting' },
              { target: 'resting' },
            ],
            onError: { target: 'resting' },
          },
        },
        resting: {
          after: { poll: 'checking' },
        },
      },
    },
    starting: {
      entry: { type: 'sendStartup', params: ({ context }) => ({ mode: context.mode }) },
      on: {
        'engine.leave': 'unloading',
        'page.textFocus': { actions: 'rememberTextFocus' },
        'engine.progress': { actions: 'recordProgress' },
        'engine.ready': { guard: ({ context, event }) => event.mode === context.mode, target: 'ready' },
        'engine.error': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    ready: {
      tags: ['inputEnabled'],
      entry: [
        assign({ progress: 100 }),
        { type: 'setInputEnabled', params: { enabled: true } },
        { type: 'setKeyboardCapture', params: ({ context }) => ({ enabled: context.keyboardToEngine }) },
        // The held commands, in order, after the startup and enabling input.
        enqueueActions(({ context, enqueue }) => {
          for (const command of context.held) enqueue({ type: 'deliver', params: { command } });
          enqueue.assign({ held: [] });
        }),
      ],
      exit: { type: 'setInputEnabled', params: { enabled: false } },
      on: {
        'engine.command': {
          actions: { type: 'deliver', params: ({ event }) => ({ command: event.command }) },
        },
        'engine.leave': 'unloading',
        'page.textFocus': {
          actions: [
            'rememberTextFocus',
            { type: 'setKeyboardCapture', params: ({ event }) => ({ enabled: !event.focused }) },
          ],
        },
        'engine.error': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {
      on: {
        'engine.leave': 'unloading',
        'page.textFocus': { actions: 'rememberTextFocus' },
        'engine.retry': {
          target: 'waiting',
          actions: ['reloadEngine', assign({ progress: 0, error: null })],
        },
      },
    },
    unloading: {
      entry: assign({ held: [] }),
      // The page has gone: nothing more for the engine.
      on: { 'engine.command': {} },
      invoke: {
        id: 'unload',
        src: 'unload',
        input: ({ context }) => ({ port: context.port }),
        onDone: 'unloaded',
        onError: {
          target: 'unloaded',
          actions: {
            type: 'warn',
            params: ({ event }) => ({
              message: `The 3D engine did not unload cleanly: ${String(event.error)}`,
            }),
          },
        },
      },
    },
    unloaded: { type: 'final' },
  },
});

export type EngineActorRef = ActorRefFrom<typeof engineReadinessMachine>;
