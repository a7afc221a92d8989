import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type Tier, tierOf } from '../../contracts/roles';

/** The signed-in user as the interface needs it (platform.md §3 'User (session)'). */
export interface SessionUser {
  userId: string;
  name: string;
  email?: string;
  roles: string[];
  accessToken: string;
  /** Seconds since the epoch. */
  expiresAt?: number;
}

/** The caller's user record from the user service (only what the session needs). */
export interface SessionProfile {
  userId: string;
  name: string;
  searchable: boolean;
  autoSave: boolean;
  /** The user has closed the editor's guide once (it then no longer opens by itself). */
  editorGuideSeen?: boolean;
  profilePicture?: string | null;
}

export interface SessionContext {
  user: SessionUser | null;
  profile: SessionProfile | null;
  /** Where to go once sign-in completes. */
  returnTo: string | null;
  error: string | null;
  /** The page was the sign-in callback when the session started. */
  callback: boolean;
}

export type SessionEvent =
  | { type: 'session.signIn'; returnTo: string }
  | { type: 'session.signOut' }
  | { type: 'session.renew' }
  | { type: 'session.updated'; user: SessionUser }
  | { type: 'session.expired' }
  | { type: 'session.returned' }
  | { type: 'session.profileUpdated'; profile: SessionProfile }
  /**
   * The notification hub told of the user's plan (its Subscription event: `eventType`, and `plan`
   * when it names the plan the user has now).
   */
  | { type: 'plan.changed'; eventType: string; plan?: string };

/** Plan changes after which the token's roles are out of date: a plan became active or ended. */
export const tierChangingEvents: readonly string[] = ['subscription.activated', 'subscription.canceled'];

export interface SessionInput {
  /** True when the page is the sign-in callback (/authentication/callback). */
  callback: boolean;
}

/**
 * The session (systemId `session`): who is signed in, their tier, and their user record.
 * Sign-in and sign-out go through the OpenID Provider; the token is renewed silently before it
 * expires and copied into the `access_token` cookie on every change (the actions are provided by
 * the app; this machine touches no DOM). While signed in, a plan that became active or ended
 * (districts-commerce-spaces.md §4; `plan.changed`, relayed from the notification hub by
 * `planWatch`) renews the token, whose roles then carry the new tier, wherever the user is.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadUser: fromPromise<SessionUser | null>(async () => null),
    startSignIn: fromPromise<void, { returnTo: string }>(async () => {}),
    completeSignIn: fromPromise<{ user: SessionUser; returnTo: string | null }>(async () => {
      throw new Error('completeSignIn not provided');
    }),
    renew: fromPromise<SessionUser | null>(async () => null),
    signOut: fromPromise<void>(async () => {}),
    ensureProfile: fromPromise<SessionProfile, { user: SessionUser }>(async () => {
      throw new Error('ensureProfile not provided');
    }),
    watchUser: fromCallback<SessionEvent>(() => () => {}),
    planWatch: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    writeTokenCookie: (_, _params: { token: string }) => {},
    clearTokenCookie: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    profile: null,
    returnTo: null,
    error: null,
    callback: input.callback,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: ({ context }) => context.callback, target: 'completing' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    completing: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        onDone: {
          target: 'signedIn',
          actions: assign({
            user: ({ event }) => event.output.user,
            returnTo: ({ event }) => event.output.returnTo ?? '/',
            error: null,
          }),
        },
        onError: {
          target: 'signedOut',
          actions: assign({
            error: ({ event }) => String((event.error as Error)?.message ?? event.error),
            returnTo: '/',
          }),
        },
      },
    },
    signedOut: {
      entry: ['clearTokenCookie', assign({ user: null, profile: null })],
      on: {
        'session.signIn': 'signingIn',
        'session.returned': { actions: assign({ returnTo: null, error: null }) },
      },
    },
    signingIn: {
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ event }) => ({ returnTo: event.type === 'session.signIn' ? event.returnTo : '/' }),
        // The page leaves for the provider; an error brings the visitor back to signed out.
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
      },
    },
    signedIn: {
      entry: { type: 'writeTokenCookie', params: ({ context }) => ({ token: context.user!.accessToken }) },
      invoke: [
        { id: 'watchUser', src: 'watchUser' },
        { id: 'planWatch', src: 'planWatch' },
      ],
      initial: 'loadingProfile',
      states: {
        loadingProfile: {
          invoke: {
            id: 'ensureProfile',
            src: 'ensureProfile',
            input: ({ context }) => ({ user: context.user! }),
            onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
            onError: {
              target: 'ready',
              actions: assign({
                error: ({ event }) => String((event.error as Error)?.message ?? event.error),
              }),
            },
          },
        },
        ready: {
          on: {
            'session.renew': 'renewing',
            'plan.changed': {
              // A plan became active or ended, or the plan told is not the token's (a change
              // whose own notification was missed, e.g. while the hub's backplane was down).
              guard: ({ context, event }) =>
                tierChangingEvents.includes(event.eventType) ||
                (event.plan !== undefined && event.plan !== tierOf(context.user?.roles)),
              target: 'renewing',
            },
          },
        },
        renewing: {
          invoke: {
            id: 'renew',
            src: 'renew',
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'ready',
                actions: [
                  assign({ user: ({ event }) => event.output }),
                  { type: 'writeTokenCookie', params: ({ event }) => ({ token: event.output!.accessToken }) },
                ],
              },
              { target: '#session.signedOut' },
            ],
            onError: { target: '#session.signedOut' },
          },
        },
      },
      on: {
        'session.updated': {
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'writeTokenCookie', params: ({ event }) => ({ token: event.user.accessToken }) },
          ],
        },
        'session.expired': 'signedOut',
        'session.signOut': 'signingOut',
        'session.returned': { actions: assign({ returnTo: null }) },
        'session.profileUpdated': { actions: assign({ profile: ({ event }) => event.profile }) },
      },
    },
    signingOut: {
      // The user is gone for the interface at once; the provider's sign-out follows.
      entry: ['clearTokenCookie', assign({ user: null, profile: null })],
      invoke: { id: 'signOut', src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});

/** The tier of the signed-in user (free when signed out). */
export const selectTier = (s: { context: SessionContext }): Tier => tierOf(s.context.user?.roles);
/** 'Is me': does this user id belong to the signed-in user? */
export const selectIsMe = (s: { context: SessionContext }, userId: string | undefined) =>
  !!userId && s.context.user?.userId === userId;

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
