import { assign, enqueueActions, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { VoiceConfig, VoiceSignalReceived } from '../../contracts/voice';
import { type FloorPoint, nearestPeers, samePeers } from '../lib/voicePeers';

/** How a visitor talks: while holding the talk key (or button), or whenever the microphone is on. */
export type VoiceMode = 'pushToTalk' | 'openMic';

export const voiceMessages = {
  /** platform.md §8: the microphone was refused (by the visitor or the browser). */
  microphone: 'You should give access to your microphone device',
  /** platform.md §8: the space's communication ACL leaves the visitor out. */
  disabled: 'Communications are disabled',
  /** The server's voice settings could not be read. */
  unavailable: 'Voice is not available right now',
} as const;

/** Where the visitor stands and looks (degrees), for choosing peers and placing their voices. */
export interface Listener extends FloorPoint {
  yaw: number;
}

export interface VoiceContext {
  /** The visitor's user id while present. */
  userId: string | null;
  config: VoiceConfig | null;
  mode: VoiceMode;
  /** Muted, nothing is sent even with the talk key held. */
  muted: boolean;
  /** Whether the talk key (or button) is held. */
  pressing: boolean;
  /** The microphone chosen in Settings (null: the browser's default). */
  deviceId: string | null;
  /** Whether the visitor turned the microphone on (it comes back on after a reconnect). */
  wantsMicrophone: boolean;
  /** The microphone's audio while it is on (a MediaStream in the browser). */
  stream: unknown;
  error: string | null;
  /** Where the visitor is. */
  self: Listener | null;
  /** Where the others of the instance are, by user id (as their poses came). */
  others: Record<string, FloorPoint>;
  /** Whom the visitor muted or blocked: never heard, never connected. */
  ignored: string[];
  /** The peers talked with now (the nearest `maxPeers`), sorted. */
  peers: string[];
}

export type VoiceEvent =
  /** The live visit: present, and the space lets the visitor talk. */
  | { type: 'voice.available'; userId: string }
  /** Present, but the space's communication ACL leaves them out. */
  | { type: 'voice.disabled' }
  /** Not present (offline, refused, left). */
  | { type: 'voice.unavailable' }
  /** The visitor turns their microphone on or off. */
  | { type: 'voice.enable' }
  | { type: 'voice.disable' }
  | { type: 'voice.mode'; mode: VoiceMode }
  | { type: 'voice.mute' }
  | { type: 'voice.unmute' }
  /** The talk key (or button) goes down or up. */
  | { type: 'voice.press' }
  | { type: 'voice.release' }
  /** The microphone chosen in Settings (null: the default). */
  | { type: 'voice.device'; deviceId: string | null }
  /** Where the visitor is now. */
  | { type: 'voice.moved'; self: Listener }
  /** Where others are now (a Poses message), by user id. */
  | { type: 'voice.heard'; others: Record<string, FloorPoint> }
  /** Others left the instance. */
  | { type: 'voice.left'; userIds: string[] }
  /** Whom the visitor muted or blocked. */
  | { type: 'voice.ignored'; userIds: string[] }
  /** A WebRTC signal from another visitor (VoiceSignal on the live-user hub). */
  | { type: 'voice.signal'; signal: VoiceSignalReceived };

/** What the `connections` actor is told. */
export type ConnectionsEvent =
  /** Talk with these peers (open what is new, close what is gone). */
  | { type: 'connections.peers'; userIds: string[] }
  /** Where the listener and the peers are, to place their voices. */
  | { type: 'connections.place'; self: Listener; peers: Record<string, FloorPoint> }
  /** The microphone's stream (null when it is off). */
  | { type: 'connections.stream'; stream: unknown }
  /** Whether the microphone's sound goes out now. */
  | { type: 'connections.transmit'; on: boolean }
  | { type: 'connections.signal'; signal: VoiceSignalReceived };

/** An event only the machine raises: choose the peers again. */
type VoiceRefresh = { type: 'voice.refresh' };

/** Whether the visitor's voice goes out. */
export const transmitting = (context: Pick<VoiceContext, 'stream' | 'muted' | 'mode' | 'pressing'>) =>
  context.stream !== null && !context.muted && (context.mode === 'openMic' || context.pressing);

/**
 * After anything that changes whether the visitor's voice goes out: the connections are told
 * ('transmit'), and so is whoever sends the visitor's pose ('reportSpeaking').
 */
const announce = [
  'transmit',
  {
    type: 'reportSpeaking',
    params: ({ context }: { context: VoiceContext }) => ({ speaking: transmitting(context) }),
  },
] as const;

/**
 * Voice in a space (platform.md §2.7 'Voice', §8): the live visit tells it when the visitor may
 * talk. Then it reads the server's voice settings and listens: it keeps WebRTC connections with the
 * nearest `maxPeers` visitors of the instance (with hysteresis, src/lib/voicePeers.ts), and places
 * each voice where its speaker stands. Turning the microphone on asks the browser for it ('You
 * should give access to your microphone device' when refused); the visitor talks while holding the
 * talk key (push to talk) or always (open mic), unless muted. The parent learns whether the visitor
 * is speaking (`live.speaking`), which their pose carries.
 *
 * Actors (provided by the viewer's flows, fakes in tests): `config` (GET voice settings),
 * `microphone` (getUserMedia with the chosen device), `connections` (the peer connections and their
 * audio: src/services/voiceConnections.ts). Action `stopStream` ends the microphone's tracks.
 */
export const voiceMachine = setup({
  types: {
    context: {} as VoiceContext,
    events: {} as VoiceEvent | VoiceRefresh,
    input: {} as { mode?: VoiceMode; deviceId?: string | null },
  },
  actors: {
    config: fromPromise<VoiceConfig>(async () => {
      throw new Error('config not provided');
    }),
    microphone: fromPromise<unknown, { deviceId: string | null }>(async () => {
      throw new Error('microphone not provided');
    }),
    connections: fromCallback<ConnectionsEvent, { config: VoiceConfig; userId: string }>(() => () => {}),
  },
  actions: {
    /** Ends the microphone's tracks, so the browser's recording light goes out (the flows provide it). */
    stopStream: (_, _params: { stream: unknown }) => {},
    /** Keeps the way of talking and the microphone for the next visits (the flows provide it). */
    rememberSettings: (_, _params: { mode: VoiceMode; deviceId: string | null }) => {},
    /**
     * Says goodbye to a peer who offered while the visitor is not in voice, so that they stop
     * waiting for an answer (the flows provide it: a 'bye' signal).
     */
    decline: (_, _params: { userId: string }) => {},
    /** Tells whoever sends the visitor's pose whether they are speaking (the live visit provides it). */
    reportSpeaking: (_, _params: { speaking: boolean }) => {},
    /** Tells the connections whether the visitor's voice goes out (only while active). */
    transmit: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo('connections', {
        type: 'connections.transmit',
        on: transmitting(context),
      } satisfies ConnectionsEvent),
    ),
    /** What the visitor sets, and where everyone is: kept whether or not voice is active. */
    setMode: assign({ mode: (_, params: { mode: VoiceMode }) => params.mode }),
    setMuted: assign({ muted: (_, params: { muted: boolean }) => params.muted }),
    setPressing: assign({ pressing: (_, params: { pressing: boolean }) => params.pressing }),
    setSelf: assign({ self: (_, params: { self: Listener }) => params.self }),
    addOthers: assign({
      others: ({ context }, params: { others: Record<string, FloorPoint> }) => ({
        ...context.others,
        ...params.others,
      }),
    }),
    removeOthers: assign({
      others: ({ context }, params: { userIds: string[] }) =>
        Object.fromEntries(
          Object.entries(context.others).filter(([userId]) => !params.userIds.includes(userId)),
        ),
    }),
    setIgnored: assign({ ignored: (_, params: { userIds: string[] }) => [...params.userIds] }),
    /** Chooses the peers again, and places their voices. */
    choosePeers: enqueueActions(({ context, enqueue }) => {
      if (!context.self || !context.config) return;
      const hearable = Object.fromEntries(
        Object.entries(context.others).filter(
          ([userId]) => userId !== context.userId && !context.ignored.includes(userId),
        ),
      );
      const peers = nearestPeers({
        self: context.self,
        others: hearable,
        current: context.peers,
        max: context.config.maxPeers,
      });
      if (!samePeers(peers, context.peers)) {
        enqueue.assign({ peers });
        enqueue.sendTo('connections', {
          type: 'connections.peers',
          userIds: peers,
        } satisfies ConnectionsEvent);
      }
      if (peers.length > 0)
        enqueue.sendTo('connections', {
          type: 'connections.place',
          self: context.self,
          peers: Object.fromEntries(peers.map((userId) => [userId, hearable[userId]])),
        } satisfies ConnectionsEvent);
    }),
  },
}).createMachine({
  id: 'voice',
  context: ({ input }) => ({
    userId: null,
    config: null,
    mode: input.mode ?? 'pushToTalk',
    muted: false,
    pressing: false,
    deviceId: input.deviceId ?? null,
    wantsMicrophone: false,
    stream: null,
    error: null,
    self: null,
    others: {},
    ignored: [],
    peers: [],
  }),
  on: {
    'voice.available': { target: '.loading', actions: assign({ userId: ({ event }) => event.userId }) },
    'voice.disabled': { target: '.disabled' },
    'voice.unavailable': { target: '.unavailable' },
    'voice.mode': {
      actions: [
        { type: 'setMode', params: ({ event }) => event },
        {
          type: 'rememberSettings',
          params: ({ context }) => ({ mode: context.mode, deviceId: context.deviceId }),
        },
      ],
    },
    'voice.mute': { actions: { type: 'setMuted', params: { muted: true } } },
    'voice.unmute': { actions: { type: 'setMuted', params: { muted: false } } },
    'voice.press': { actions: { type: 'setPressing', params: { pressing: true } } },
    'voice.release': { actions: { type: 'setPressing', params: { pressing: false } } },
    'voice.device': {
      actions: [
        assign({ deviceId: ({ event }) => event.deviceId }),
        {
          type: 'rememberSettings',
          params: ({ context }) => ({ mode: context.mode, deviceId: context.deviceId }),
        },
      ],
    },
    'voice.moved': { actions: { type: 'setSelf', params: ({ event }) => event } },
    'voice.heard': { actions: { type: 'addOthers', params: ({ event }) => event } },
    'voice.left': { actions: { type: 'removeOthers', params: ({ event }) => event } },
    'voice.ignored': { actions: { type: 'setIgnored', params: ({ event }) => event } },
    // Not in voice (the microphone is off): an offer is declined.
    'voice.signal': {
      guard: ({ event }) => event.signal.kind === 'offer',
      actions: { type: 'decline', params: ({ event }) => ({ userId: event.signal.from }) },
    },
  },
  initial: 'unavailable',
  states: {
    /** Not present in a space. */
    unavailable: {},
    /** Present, but the space does not let the visitor talk ('Communications are disabled'). */
    disabled: {
      entry: assign({ error: voiceMessages.disabled }),
      exit: assign({ error: null }),
    },
    loading: {
      invoke: {
        id: 'config',
        src: 'config',
        onDone: { target: 'active', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    /** The server's voice settings could not be read; the next join tries again. */
    failed: {
      entry: assign({ error: voiceMessages.unavailable }),
      exit: assign({ error: null }),
    },
    /**
     * In a space where the visitor may talk: voice is off until they turn their microphone on.
     * Then they join: connections with the nearest peers who joined too, who hear them.
     */
    active: {
      initial: 'resuming',
      states: {
        /** Back in a space (or another one): the microphone comes back on if it was on. */
        resuming: {
          always: [{ guard: ({ context }) => context.wantsMicrophone, target: 'joined' }, { target: 'off' }],
        },
        off: {
          entry: assign({ wantsMicrophone: false }),
          on: { 'voice.enable': 'joined' },
        },
        /** Talking and listening with the nearest peers; the microphone is asked for, then on. */
        joined: {
          invoke: {
            id: 'connections',
            src: 'connections',
            input: ({ context }) => ({ config: context.config!, userId: context.userId! }),
          },
          // Once the connections are started (an entry action runs before them).
          entry: raise({ type: 'voice.refresh' }),
          exit: assign({ peers: [] }),
          on: {
            // The same, and then the connections are told.
            'voice.mode': {
              actions: [
                { type: 'setMode', params: ({ event }) => event },
                {
                  type: 'rememberSettings',
                  params: ({ context }) => ({ mode: context.mode, deviceId: context.deviceId }),
                },
                ...announce,
              ],
            },
            'voice.mute': {
              actions: [{ type: 'setMuted', params: { muted: true } }, ...announce],
            },
            'voice.unmute': {
              actions: [{ type: 'setMuted', params: { muted: false } }, ...announce],
            },
            'voice.press': {
              actions: [{ type: 'setPressing', params: { pressing: true } }, ...announce],
            },
            'voice.release': {
              actions: [{ type: 'setPressing', params: { pressing: false } }, ...announce],
            },
            'voice.moved': { actions: [{ type: 'setSelf', params: ({ event }) => event }, 'choosePeers'] },
            'voice.heard': { actions: [{ type: 'addOthers', params: ({ event }) => event }, 'choosePeers'] },
            'voice.left': {
              actions: [{ type: 'removeOthers', params: ({ event }) => event }, 'choosePeers'],
            },
            'voice.ignored': {
              actions: [{ type: 'setIgnored', params: ({ event }) => event }, 'choosePeers'],
            },
            'voice.refresh': { actions: 'choosePeers' },
            'voice.signal': {
              guard: ({ context, event }) => !context.ignored.includes(event.signal.from),
              actions: enqueueActions(({ event, enqueue }) =>
                enqueue.sendTo('connections', {
                  type: 'connections.signal',
                  signal: event.signal,
                } satisfies ConnectionsEvent),
              ),
            },
          },
          initial: 'asking',
          states: {
            asking: {
              entry: assign({ error: null, wantsMicrophone: true }),
              invoke: {
                id: 'microphone',
                src: 'microphone',
                input: ({ context }) => ({ deviceId: context.deviceId }),
                onDone: {
                  target: 'on',
                  actions: assign({ stream: ({ event }) => event.output }),
                },
                onError: {
                  target: '#voice.active.denied',
                  actions: assign({ error: voiceMessages.microphone, wantsMicrophone: false }),
                },
              },
              on: { 'voice.disable': '#voice.active.off' },
            },
            on: {
              entry: [
                enqueueActions(({ context, enqueue }) =>
                  enqueue.sendTo('connections', {
                    type: 'connections.stream',
                    stream: context.stream,
                  } satisfies ConnectionsEvent),
                ),
                ...announce,
              ],
              exit: [
                { type: 'stopStream', params: ({ context }) => ({ stream: context.stream }) },
                assign({ stream: null, pressing: false }),
                enqueueActions(({ enqueue }) =>
                  enqueue.sendTo('connections', {
                    type: 'connections.stream',
                    stream: null,
                  } satisfies ConnectionsEvent),
                ),
                ...announce,
              ],
              on: {
                'voice.disable': '#voice.active.off',
                // Another microphone: ask for it, and use it.
                'voice.device': {
                  target: 'asking',
                  actions: [
                    assign({ deviceId: ({ event }) => event.deviceId }),
                    {
                      type: 'rememberSettings',
                      params: ({ context }) => ({ mode: context.mode, deviceId: context.deviceId }),
                    },
                  ],
                },
              },
            },
          },
        },
        /** The browser (or the visitor) refused the microphone; they may ask again. */
        denied: {
          exit: assign({ error: null }),
          on: { 'voice.enable': 'joined' },
        },
      },
    },
  },
});

/** What the Voice panel shows for a snapshot of the voice machine. */
export type VoicePanelView = 'disabled' | 'failed' | 'on' | 'asking' | 'off' | 'away';

export function voicePanelView(snapshot: SnapshotFrom<typeof voiceMachine>): VoicePanelView {
  if (snapshot.matches('disabled')) return 'disabled';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches({ active: { joined: 'on' } })) return 'on';
  if (snapshot.matches({ active: { joined: 'asking' } })) return 'asking';
  return snapshot.matches('active') ? 'off' : 'away';
}
