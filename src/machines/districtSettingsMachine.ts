import { type ActorRefFrom, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { District } from '../../contracts/districts';
import type { FieldIssue } from '../../contracts/users';

/** A change of a district's settings as its form sends it: fields and pictures (null removes one). */
export interface DistrictSettingsChange {
  fields: Record<string, string | boolean | undefined>;
  pictures: Record<string, File | null | undefined>;
}

export interface DistrictSettingsContext {
  districtId: string;
  /** The server's refusal of the last save: its words and per-field messages. */
  problem: { message: string; fields: FieldIssue[] } | null;
}

export type DistrictSettingsEvent = { type: 'settings.save'; change: DistrictSettingsChange };

export type DistrictSettingsEmitted = { type: 'settings.saved'; district: District };

function problemOf(error: unknown) {
  const e = error as { message?: unknown; details?: unknown } | null;
  return {
    message: typeof e?.message === 'string' ? e.message : '',
    fields: (Array.isArray(e?.details) ? e.details : []) as FieldIssue[],
  };
}

/**
 * A district's settings pages, General and Appearance (platform.md §2.1 'District Settings'):
 * `editing` takes the form's change, `saving` sends it (`save`, PATCH district/{id}, multipart);
 * the saved district is told (`settings.saved`, and `announceSaved`) and the form goes on; a
 * refusal keeps the form as typed with the server's words beside the fields.
 *
 * Actors: `save` ({ districtId, change } → District). Tags: 'busy'.
 */
export const districtSettingsMachine = setup({
  types: {
    context: {} as DistrictSettingsContext,
    events: {} as DistrictSettingsEvent,
    input: {} as { districtId: string },
    emitted: {} as DistrictSettingsEmitted,
    tags: {} as 'busy',
  },
  actors: {
    save: fromPromise<District, { districtId: string; change: DistrictSettingsChange }>(async () => {
      throw new Error('districtSettingsMachine: provide a save actor');
    }),
  },
  actions: {
    announceSaved: () => {},
  },
}).createMachine({
  id: 'districtSettings',
  context: ({ input }) => ({ districtId: input.districtId, problem: null }),
  initial: 'editing',
  states: {
    editing: { on: { 'settings.save': 'saving' } },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          districtId: context.districtId,
          change: (event as DistrictSettingsEvent).change,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ problem: null }),
            emit(({ event }) => ({ type: 'settings.saved' as const, district: event.output })),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
  },
});

export type DistrictSettingsActorRef = ActorRefFrom<typeof districtSettingsMachine>;
export type DistrictSettingsSnapshot = SnapshotFrom<typeof districtSettingsMachine>;
