import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';

/** When autosave saves (districts-commerce-spaces.md §4 'Spaces', §9). The values live in `saveTiming`. */
export interface AutosaveTiming {
  /** How long unsaved changes wait before autosave saves them: 30 s. */
  autosaveIntervalMs: number;
  /** The wait before the first retry of a failed save; each further failure doubles it... */
  retryFirstMs: number;
  /** ...up to this. */
  retryMaxMs: number;
}

/** The wait before retrying after `failures` failed saves in a row: 2 s, 4 s, 8 s, ... capped. */
export function retryDelayMs(failures: number, timing: AutosaveTiming): number {
  const doublings = Math.max(0, failures - 1);
  return Math.min(timing.retryFirstMs * 2 ** doublings, timing.retryMaxMs);
}

export interface AutosaveContext {
  timing: AutosaveTiming;
  /** Failed saves in a row, as last reported: sets the retry backoff. */
  failures: number;
}

/**
 * What the save machine reports after every change that matters to autosave: whether autosave is
 * on for a loaded scene, whether there are unsaved changes, whether a save runs, and how many
 * saves failed in a row.
 */
export interface SaveStatusReport {
  type: 'save.status';
  enabled: boolean;
  dirty: boolean;
  saving: boolean;
  failures: number;
}

export type AutosaveEvent = SaveStatusReport;

/**
 * Autosave (districts-commerce-spaces.md §4 'Spaces'): decides WHEN to save; the save machine
 * (saveMachine.ts), its parent, does the saving and reports its status with `save.status`.
 *
 * - `off`: autosave is off, or no scene is loaded.
 * - `clean`: nothing unsaved.
 * - `waiting`: unsaved changes; `autosaveIntervalMs` after they appeared it asks for a save. More
 *   edits do not restart the wait, so editing without a pause is still saved every 30 s.
 * - `saving`: a save (manual or automatic) runs; no other is asked for.
 * - `retrying`: the last save failed; it asks again after the backoff (2 s, 4 s, ... 30 s).
 *
 * Asking is the `requestSave` action, which the parent provides (it sends itself
 * `save.requested` with `auto: true`). A request nobody answers is repeated after the same wait.
 * Every state follows the same table on `save.status` (first match wins: off, saving, failed,
 * dirty, clean); a report that keeps the state leaves its timer running.
 */
export const autosaveMachine = setup({
  types: {
    context: {} as AutosaveContext,
    events: {} as AutosaveEvent,
    input: {} as { timing: AutosaveTiming },
  },
  actions: {
    requestSave: () => {},
    rememberFailures: assign({ failures: ({ event }) => event.failures }),
  },
  guards: {
    isOff: ({ event }) => !event.enabled,
    isSaving: ({ event }) => event.saving,
    hasFailed: ({ event }) => event.failures > 0,
    isDirty: ({ event }) => event.dirty,
  },
  delays: {
    autosaveInterval: ({ context }) => context.timing.autosaveIntervalMs,
    retryBackoff: ({ context }) => retryDelayMs(context.failures, context.timing),
  },
}).createMachine({
  id: 'autosave',
  context: ({ input }) => ({ timing: input.timing, failures: 0 }),
  initial: 'off',
  states: {
    off: {
      on: {
        'save.status': [
          { guard: 'isOff', actions: 'rememberFailures' },
          { guard: 'isSaving', target: 'saving', actions: 'rememberFailures' },
          { guard: 'hasFailed', target: 'retrying', actions: 'rememberFailures' },
          { guard: 'isDirty', target: 'waiting', actions: 'rememberFailures' },
          { target: 'clean', actions: 'rememberFailures' },
        ],
      },
    },
    clean: {
      on: {
        'save.status': [
          { guard: 'isOff', target: 'off', actions: 'rememberFailures' },
          { guard: 'isSaving', target: 'saving', actions: 'rememberFailures' },
          { guard: 'hasFailed', target: 'retrying', actions: 'rememberFailures' },
          { guard: 'isDirty', target: 'waiting', actions: 'rememberFailures' },
          { actions: 'rememberFailures' },
        ],
      },
    },
    waiting: {
      after: { autosaveInterval: { target: 'waiting', reenter: true, actions: 'requestSave' } },
      on: {
        'save.status': [
          { guard: 'isOff', target: 'off', actions: 'rememberFailures' },
          { guard: 'isSaving', target: 'saving', actions: 'rememberFailures' },
          { guard: 'hasFailed', target: 'retrying', actions: 'rememberFailures' },
          { guard: 'isDirty', actions: 'rememberFailures' },
          { target: 'clean', actions: 'rememberFailures' },
        ],
      },
    },
    saving: {
      on: {
        'save.status': [
          { guard: 'isOff', target: 'off', actions: 'rememberFailures' },
          { guard: 'isSaving', actions: 'rememberFailures' },
          { guard: 'hasFailed', target: 'retrying', actions: 'rememberFailures' },
          { guard: 'isDirty', target: 'waiting', actions: 'rememberFailures' },
          { target: 'clean', actions: 'rememberFailures' },
        ],
      },
    },
    retrying: {
      after: { retryBackoff: { target: 'retrying', reenter: true, actions: 'requestSave' } },
      on: {
        'save.status': [
          { guard: 'isOff', target: 'off', actions: 'rememberFailures' },
          { guard: 'isSaving', target: 'saving', actions: 'rememberFailures' },
          { guard: 'hasFailed', actions: 'rememberFailures' },
          { guard: 'isDirty', target: 'waiting', actions: 'rememberFailures' },
          { target: 'clean', actions: 'rememberFailures' },
        ],
      },
    },
  },
});

export type AutosaveActorRef = ActorRefFrom<typeof autosaveMachine>;
export type AutosaveSnapshot = SnapshotFrom<typeof autosaveMachine>;
