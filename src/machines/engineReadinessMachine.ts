import { assign, fromPromise, setup } from 'xstate';

/** Engine readiness (platform.md §9): poll every 300 ms, give up after 5000 ms. */
export const engineReadiness = { pollMs: 300, maxWaitMs: 5000 } as const;

export type EngineMode = 'viewer' | 'editor' | 'inspector';

export interface EngineReadinessInput {
  mode: EngineMode;
  pollMs?: number;
  maxWaitMs?: number;
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
}

export type EngineReadinessEvent =
  | { type: 'engine.progress'; percent: number }
  | { type: 'engine.ready'; mode: EngineMode }
  | { type: 'engine.error'; message: string }
  | { type: 'engine.retry' }
  | { type: 'page.textFocus'; focused: boolean }
  | { type: 'engine.leave' };

/**
 * The host's view of the engine: wait until its code has loaded (polling), send the startup
 * settings, and enable input only once the engine reports ready for this page's mode. Leaving the
 * page unloads it; a failed unload is only a warning. Side effects are provided actions/actors.
 *
 * The wait gives up after `maxWaitMs` without a sign of life: loading progress starts it again, as a
 * Unity build of tens of megabytes takes longer than that to download while it reports progress.
 * Whether a text field of the page has focus is remembered in every state, so input that becomes
 * enabled later still respects it.
 */
export const engineReadinessMachine = setup({
  types: {
    context: {} as EngineReadinessContext,
    events: {} as EngineReadinessEvent,
    input: {} as EngineReadinessInput,
  },
  actors: {
    /** Has the engine's code loaded (true) or not yet (false)? */
    checkLoaded: fromPromise<boolean>(async () => false),
    unload: fromPromise<void>(async () => {}),
  },
  actions: {
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
  }),
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
      ],
      exit: { type: 'setInputEnabled', params: { enabled: false } },
      on: {
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
        'engine.retry': { target: 'waiting', actions: assign({ progress: 0, error: null }) },
      },
    },
    unloading: {
      invoke: {
        id: 'unload',
        src: 'unload',
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
