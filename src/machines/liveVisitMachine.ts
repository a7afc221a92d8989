import { type ActorRefFrom, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { LiveInstanceEntered, LiveVisitor } from '../../contracts/live';
import type { ChatMessage } from '../../contracts/live';
import { chatMachine } from './chatMachine';
import { type HubConnectionEvent, hubConnectionMachine, type HubMessage } from './hubConnectionMachine';

export interface LiveVisitInput {
  sceneId: string;
}

export interface LiveVisitContext {
  sceneId: string;
  /** The live-user hub connection (systemId `liveUser`). */
  hub: ActorRefFrom<typeof hubConnectionMachine>;
  /** The public chat of the visitor's instance (systemId `publicChat`). */
  chat: ActorRefFrom<typeof chatMachine>;
  /** The visitor's user id, once they are in. */
  userId: string | null;
  /** The instance the visitor is in, kept while reconnecting so that they rejoin it. */
  instanceId: string | null;
  /** Who is in the visitor's instance (the visitor included). */
  visitors: LiveVisitor[];
  /** How many are in the space (all instances). */
  count: number;
  /** Whether chat and voice are open to the visitor here. */
  communication: boolean;
  /** Why joining was refused. */
  error: string | null;
}

export type LiveVisitEvent =
  | { type: 'live.connected' }
  | { type: 'live.offline' }
  | { type: 'live.message'; target: string; args: unknown[] };

/** The hub messages this flow reads. */
export const liveTargets = [
  'LiveVisitorsInMySceneInstance',
  'LiveVisitorCountInMyScene',
  'ExitedInstance',
  'PublicMessage',
] as const;
const read = new Set<string>(liveTargets);

/**
 * Reports the hub connection's changes (`live.connected` when it is connected, `live.offline` when
 * it stops being so) and forwards its live messages.
 */
const watchHub = fromCallback<LiveVisitEvent, { hub: ActorRefFrom<typeof hubConnectionMachine> }>(
  ({ sendBack, input }) => {
    let connected = false;
    const snapshots = input.hub.subscribe((snapshot) => {
      const now = snapshot.matches('connected');
      if (now === connected) return;
      connected = now;
      sendBack({ type: now ? 'live.connected' : 'live.offline' });
    });
    const messages = input.hub.on('hub.received', (message: HubMessage) => {
      if (read.has(message.target))
        sendBack({ type: 'live.message', target: message.target, args: message.args });
    });
    return () => {
      snapshots.unsubscribe();
      messages.unsubscribe();
    };
  },
);

const messageFor = (event: LiveVisitEvent, target: string) =>
  event.type === 'live.message' && event.target === target ? event.args[0] : undefined;

/**
 * A visit's presence in a space (platform.md §7.6): the live-user hub connection is its child
 * (Connected, Connecting, Reconnecting, Disconnected; it connects while someone is signed in). Once
 * connected the visitor joins the space (JoinScene) and is present: the instance's visitors and the
 * space's count follow the server's messages. A dropped connection makes the visit offline; when
 * it is back, the visitor rejoins the same instance when it still has room. A refusal (the space
 * is not theirs to visit) ends the visit's presence.
 *
 * Actors (provided by the viewer's flows with src/services/liveUserHub.ts, fakes in tests): `hub`
 * (the hub connection machine with its real actors), `join`, and `release`, whose cleanup closes
 * the connection when the visit ends.
 */
export const liveVisitMachine = setup({
  types: {
    input: {} as LiveVisitInput,
    context: {} as LiveVisitContext,
    events: {} as LiveVisitEvent,
  },
  actors: {
    hub: hubConnectionMachine,
    chat: chatMachine,
    watchHub,
    join: fromPromise<LiveInstanceEntered, { sceneId: string; instanceId: string | null }>(async () => {
      throw new Error('join not provided');
    }),
    release: fromCallback<HubConnectionEvent>(() => () => {}),
  },
}).createMachine({
  id: 'liveVisit',
  context: ({ input, spawn }) => ({
    sceneId: input.sceneId,
    hub: spawn('hub', { id: 'hub', systemId: 'liveUser' }),
    chat: spawn('chat', { id: 'chat', systemId: 'publicChat', input: { sceneId: input.sceneId } }),
    userId: null,
    instanceId: null,
    visitors: [],
    count: 0,
    communication: false,
    error: null,
  }),
  invoke: [
    { id: 'watchHub', src: 'watchHub', input: ({ context }) => ({ hub: context.hub }) },
    { id: 'release', src: 'release' },
  ],
  on: {
    'live.message': {
      guard: ({ event }) => event.target === 'PublicMessage',
      actions: sendTo(
        ({ context }) => context.chat,
        ({ event }) => ({
          type: 'chat.received' as const,
          message: (event as { args: unknown[] }).args[0] as ChatMessage,
        }),
      ),
    },
  },
  initial: 'offline',
  states: {
    offline: {
      on: { 'live.connected': 'joining' },
    },
    joining: {
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ sceneId: context.sceneId, instanceId: context.instanceId }),
        onDone: {
          target: 'present',
          actions: assign(({ event }) => ({
            userId: event.output.userId,
            instanceId: event.output.instanceId,
            visitors: event.output.visitors,
            count: Math.max(1, event.output.visitors.length),
            communication: event.output.communication,
            error: null,
          })),
        },
        onError: {
          target: 'refused',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
      on: { 'live.offline': 'offline' },
    },
    present: {
      entry: sendTo(
        ({ context }) => context.chat,
        ({ context }) => ({
          type: context.communication ? ('chat.available' as const) : ('chat.disabled' as const),
          userId: context.userId ?? '',
        }),
      ),
      exit: sendTo(({ context }) => context.chat, { type: 'chat.unavailable' as const }),
      on: {
        'live.offline': { target: 'offline', actions: assign({ visitors: [], count: 0 }) },
        'live.message': [
          {
            guard: ({ event }) => Array.isArray(messageFor(event, 'LiveVisitorsInMySceneInstance')),
            actions: assign({
              visitors: ({ event }) => messageFor(event, 'LiveVisitorsInMySceneInstance') as LiveVisitor[],
            }),
          },
          {
            guard: ({ context, event }) =>
              (messageFor(event, 'LiveVisitorCountInMyScene') as { sceneId?: string } | undefined)
                ?.sceneId === context.sceneId,
            actions: assign({
              count: ({ event }) =>
                (messageFor(event, 'LiveVisitorCountInMyScene') as { count: number }).count,
            }),
          },
        ],
      },
    },
    /** The server would not let the visitor in (the message says why). */
    refused: {},
  },
});

export type LiveVisitActor = ActorRefFrom<typeof liveVisitMachine>;
