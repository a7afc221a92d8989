import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { FieldIssue, UserFull, UserPublic } from '../../contracts/users';

export type ProfileUser = UserPublic | UserFull;

/** A failed save or delete, as the forms show it. */
export interface ProfileProblem {
  message: string;
  /** Per-field messages (path like '/website'). */
  fields: FieldIssue[];
}

/** The text catalogue keys of what the page tells the user after a save. */
export interface ProfileMessages {
  saved: string;
  /** Shown when a save fails, besides the form's own message (none by default). */
  failed?: string;
}

export interface ProfileInput {
  userId: string;
  messages?: ProfileMessages;
}

export interface ProfileContext {
  userId: string;
  messages: ProfileMessages;
  user: ProfileUser | null;
  problem: ProfileProblem | null;
}

export type ProfileEvent =
  | { type: 'profile.save'; form: FormData }
  | { type: 'profile.delete'; password: string }
  | { type: 'profile.reload' }
  | { type: 'profile.dismiss' };

/**
 * One user's profile page: load it, save changes (the form's fields and pictures in one multipart
 * request), delete the account. The API calls are actors provided by the app; so are the
 * announcements: a saved record goes to the session (the signed-in user's own) and the user is told
 * (`messages`), a deleted account signs out.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    fetchUser: fromPromise<ProfileUser | null, { userId: string }>(async () => null),
    saveUser: fromPromise<UserFull, { userId: string; form: FormData }>(async () => {
      throw new Error('saveUser not provided');
    }),
    deleteUser: fromPromise<void, { userId: string; password: string }>(async () => {}),
  },
  actions: {
    /** The saved record goes to the session too (name, picture, searchable, autoSave). */
    announceSaved: (_, _params: { user: UserFull }) => {},
    announceDeleted: () => {},
    announceSaveFailed: () => {},
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    userId: input.userId,
    messages: input.messages ?? { saved: 'toasts.profileUpdated' },
    user: null,
    problem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'notFound' },
          { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ problem: ({ event }) => problemOf(event.error) }),
        },
      },
    },
    notFound: {},
    failed: { on: { 'profile.reload': { target: 'loading', actions: assign({ problem: null }) } } },
    ready: {
      on: {
        'profile.save': 'saving',
        'profile.delete': 'deleting',
        'profile.reload': 'loading',
        'profile.dismiss': { actions: assign({ problem: null }) },
      },
    },
    saving: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context, event }) => ({
          userId: context.userId,
          form: event.type === 'profile.save' ? event.form : new FormData(),
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'announceSaved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ problem: ({ event }) => problemOf(event.error) }), 'announceSaveFailed'],
        },
      },
    },
    deleting: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'deleteUser',
        src: 'deleteUser',
        input: ({ context, event }) => ({
          userId: context.userId,
          password: event.type === 'profile.delete' ? event.password : '',
        }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    deleted: { type: 'final' },
  },
});

/** Actors reject with `{ message, fields }` (or anything else, shown as its message). */
function problemOf(error: unknown): ProfileProblem {
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as { message: unknown; fields?: unknown };
    return { message: String(e.message), fields: Array.isArray(e.fields) ? (e.fields as FieldIssue[]) : [] };
  }
  return { message: String(error), fields: [] };
}

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>;
