import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type {
  NotificationKind,
  NotificationSettings,
  NotificationSettingsPatch,
} from '../../contracts/notifications';

export interface NotificationSettingsContext {
  /** The settings as shown (a change shows at once); null until loaded. */
  settings: NotificationSettings | null;
  /** The settings as saved, to go back to when a change fails. */
  saved: NotificationSettings | null;
  error: unknown;
}

export type NotificationSettingsEvent =
  { type: 'settings.set'; kind: NotificationKind; on: boolean } | { type: 'settings.retry' };

/**
 * The switches of Settings › Notifications: one per kind (new follower, comment, reply, group
 * invitation). `loading` → `ready`; a switch saves at once (`saving`), and a refused change goes
 * back to what was saved and says so (`announceFailed`).
 *
 * Actors: `load` (→ NotificationSettings), `save` (NotificationSettingsPatch → NotificationSettings).
 */
export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    load: fromPromise<NotificationSettings>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<NotificationSettings, NotificationSettingsPatch>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    announceFailed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: null, saved: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ settings: event.output, saved: event.output, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    ready: {
      on: {
        'settings.set': {
          guard: ({ context, event }) => context.settings?.[event.kind] !== event.on,
          target: 'saving',
          actions: assign({
            settings: ({ context, event }) => ({ ...context.settings!, [event.kind]: event.on }),
          }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          const changed: NotificationSettingsPatch = {};
          for (const [kind, on] of Object.entries(context.settings!) as [NotificationKind, boolean][])
            if (context.saved?.[kind] !== on) changed[kind] = on;
          return changed;
        },
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ settings: event.output, saved: event.output, error: null })),
        },
        onError: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({ settings: context.saved, error: event.error })),
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type NotificationSettingsActorRef = ActorRefFrom<typeof notificationSettingsMachine>;
