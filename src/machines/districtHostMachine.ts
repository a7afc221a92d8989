import { type ActorRefFrom, assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { District, DistrictRole } from '../../contracts/districts';

export interface DistrictHostInput {
  /** The district of this host. */
  subdomain: string;
  /** The ?invitation_code=… the visitor arrived with, if any. */
  invitationCode: string | null;
}

/** How loading the district ended: the district, or why there is none to show. */
export type DistrictLoad =
  { kind: 'district'; district: District } | { kind: 'noAccess' } | { kind: 'notFound' };

export interface DistrictHostContext {
  subdomain: string;
  invitationCode: string | null;
  district: District | null;
  /** Somebody is signed in (as the session says now). */
  signedIn: boolean;
  /** The session has said who is signed in (the first load waits for it). */
  sessionKnown: boolean;
  error: unknown;
}

export type DistrictHostEvent =
  /** Who is signed in, now or after a change (the district loads again: roles, private access). */
  | { type: 'session.changed'; signedIn: boolean }
  | { type: 'district.retry' }
  /** The district changed (its settings were saved): load it again. */
  | { type: 'district.changed'; district?: District }
  /** A signed-out visitor with an invitation asks to sign in to accept it. */
  | { type: 'invitation.signIn' }
  /** The address carries an invitation code (arriving, or back from signing in). */
  | { type: 'invitation.found'; code: string };

/**
 * The district of a district host (platform.md §2.1–2.2, §2.9; districts-commerce-spaces.md §1):
 * it waits for the session, loads the district (`load`: the district, 'noAccess' for a private one
 * the visitor is not in, 'notFound' for a subdomain no district has) and loads it again whenever
 * who is signed in changes. A visitor who arrives with ?invitation_code=… accepts it (`accept`)
 * once signed in — signed out, they are asked to sign in first (`askSignIn`) — then the district
 * loads again with their new role; an invitation that is not valid says so (`announceInvitation`).
 *
 * Actors: `sessionWatch` (sends `session.changed`), `load` ({ subdomain } → DistrictLoad),
 * `accept` ({ code } → role). Tags: 'loading'.
 */
export const districtHostMachine = setup({
  types: {
    context: {} as DistrictHostContext,
    events: {} as DistrictHostEvent,
    input: {} as DistrictHostInput,
    tags: {} as 'loading',
  },
  actors: {
    sessionWatch: fromCallback<DistrictHostEvent>(() => () => {}),
    load: fromPromise<DistrictLoad, { subdomain: string }>(async () => {
      throw new Error('districtHostMachine: provide a load actor');
    }),
    accept: fromPromise<{ districtUserRole: DistrictRole }, { code: string }>(async () => {
      throw new Error('districtHostMachine: provide an accept actor');
    }),
  },
  actions: {
    askSignIn: (_, _params: { invitationCode: string }) => {},
    announceJoined: () => {},
    announceInvitation: (_, _params: { error: unknown }) => {},
  },
  guards: {
    invitationToAccept: ({ context }) => context.invitationCode !== null && context.signedIn,
    invitationToSignIn: ({ context }) => context.invitationCode !== null && !context.signedIn,
  },
}).createMachine({
  id: 'districtHost',
  context: ({ input }) => ({
    subdomain: input.subdomain,
    invitationCode: input.invitationCode,
    district: null,
    signedIn: false,
    sessionKnown: false,
    error: null,
  }),
  invoke: { id: 'sessionWatch', src: 'sessionWatch' },
  on: {
    'session.changed': {
      target: '.starting',
      actions: assign({ signedIn: ({ event }) => event.signedIn, sessionKnown: true }),
    },
    'invitation.found': {
      guard: ({ context, event }) => context.invitationCode !== event.code,
      target: '.starting',
      actions: assign({ invitationCode: ({ event }) => event.code }),
    },
  },
  initial: 'waitingForSession',
  states: {
    waitingForSession: { tags: 'loading' },
    starting: {
      always: [
        // Until the session says who is signed in, nothing is loaded.
        { guard: ({ context }) => !context.sessionKnown, target: 'waitingForSession' },
        { guard: 'invitationToAccept', target: 'accepting' },
        { target: 'loading' },
      ],
    },
    accepting: {
      tags: 'loading',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ code: context.invitationCode! }),
        onDone: { target: 'loading', actions: [assign({ invitationCode: null }), 'announceJoined'] },
        onError: {
          target: 'loading',
          actions: [
            { type: 'announceInvitation', params: ({ event }) => ({ error: event.error }) },
            assign({ invitationCode: null }),
          ],
        },
      },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ subdomain: context.subdomain }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'district',
            target: 'ready',
            actions: assign({
              district: ({ event }) => (event.output.kind === 'district' ? event.output.district : null),
              error: null,
            }),
          },
          {
            guard: ({ event }) => event.output.kind === 'noAccess',
            target: 'noAccess',
            actions: assign({ district: null, error: null }),
          },
          { target: 'notFound', actions: assign({ district: null, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      on: {
        'invitation.signIn': {
          guard: 'invitationToSignIn',
          actions: {
            type: 'askSignIn',
            params: ({ context }) => ({ invitationCode: context.invitationCode! }),
          },
        },
        'district.changed': [
          {
            guard: ({ event }) => event.district !== undefined,
            actions: assign({ district: ({ event }) => event.district ?? null }),
          },
          { target: 'loading' },
        ],
      },
    },
    noAccess: {
      on: {
        'invitation.signIn': {
          guard: 'invitationToSignIn',
          actions: {
            type: 'askSignIn',
            params: ({ context }) => ({ invitationCode: context.invitationCode! }),
          },
        },
      },
    },
    notFound: {},
    failed: { on: { 'district.retry': 'loading' } },
  },
});

export type DistrictHostActorRef = ActorRefFrom<typeof districtHostMachine>;
export type DistrictHostSnapshot = SnapshotFrom<typeof districtHostMachine>;

/** The signed-in visitor's role in the district, when one is shown. */
export const selectDistrictRole = (s: DistrictHostSnapshot | undefined) =>
  s?.context.district?.districtUserRole ?? null;
