import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { VoiceConfig, VoiceToken } from '../../contracts/voice';
import type { ConnectionsEvent } from '../../src/machines/voiceMachine';
import { livekitConnections } from '../../src/services/livekitConnections';
import type { SpatialVoices } from '../../src/services/spatialVoices';

// The wiring of voice through LiveKit, against a stand-in for livekit-client's Room with the same
// names (a LiveKit server cannot run here): which room is joined with which token, whose audio is
// subscribed as the voice machine chooses, what plays where, and the microphone published muted
// unless the visitor is heard.

type Handler = (...args: unknown[]) => void;

class FakePublication {
  isSubscribed = false;
  subscriptions: boolean[] = [];
  constructor(readonly kind = 'audio') {}
  setSubscribed(on: boolean) {
    this.isSubscribed = on;
    this.subscriptions.push(on);
  }
}

class FakeParticipant {
  audioTrackPublications = new Map<string, FakePublication>();
  constructor(readonly identity: string) {}
  publish(publication = new FakePublication()) {
    this.audioTrackPublications.set(`${this.identity}-${this.audioTrackPublications.size}`, publication);
    return publication;
  }
}

interface LocalPublication {
  track: unknown;
  options: unknown;
  muted: boolean;
  mute(): Promise<void>;
  unmute(): Promise<void>;
}

class FakeRoom {
  static rooms: FakeRoom[] = [];
  handlers = new Map<string, Handler>();
  remoteParticipants = new Map<string, FakeParticipant>();
  joined: { url: string; token: string; options: unknown } | null = null;
  disconnected = false;
  published: LocalPublication[] = [];
  localParticipant = {
    publishTrack: async (track: unknown, options: unknown) => {
      const publication: LocalPublication = {
        track,
        options,
        muted: false,
        mute: async () => void (publication.muted = true),
        unmute: async () => void (publication.muted = false),
      };
      this.published.push(publication);
      return publication;
    },
    unpublishTrack: async (track: unknown) => {
      this.published = this.published.filter((p) => p.track !== track);
    },
  };
  constructor(readonly options: unknown) {
    FakeRoom.rooms.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.(...args);
  }
  async connect(url: string, token: string, options: unknown) {
    this.joined = { url, token, options };
  }
  async disconnect() {
    this.disconnected = true;
  }
}

const fakeLivekit = {
  Room: FakeRoom,
  RoomEvent: {
    TrackPublished: 'trackPublished',
    TrackSubscribed: 'trackSubscribed',
    TrackUnsubscribed: 'trackUnsubscribed',
    ParticipantDisconnected: 'participantDisconnected',
  },
  Track: { Kind: { Audio: 'audio' }, Source: { Microphone: 'microphone' } },
};

const config: VoiceConfig = {
  mode: 'livekit',
  iceServers: [],
  maxPeers: 24,
  livekitUrl: 'wss://lk.example.org',
};
const token: VoiceToken = { url: 'wss://lk.example.org', room: 'space-s-1', identity: 'me', token: 'jwt' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(tokenFor: () => Promise<VoiceToken> = async () => token) {
  FakeRoom.rooms = [];
  const playing = new Map<string, unknown>();
  let closed = false;
  const voices = {
    play: (userId: string, sound: unknown) => void playing.set(userId, sound),
    stop: (userId: string) => void playing.delete(userId),
    place: () => {},
    resume: () => {},
    close: () => void (closed = true),
  } as unknown as SpatialVoices;
  const actor = createActor(
    fromCallback(
      livekitConnections({ token: tokenFor, load: async () => fakeLivekit as never, voices: () => voices }),
    ),
    { input: { config, userId: 'me' } },
  ).start();
  return {
    actor,
    playing,
    closed: () => closed,
    room: () => FakeRoom.rooms[0],
    send: (event: ConnectionsEvent) => actor.send(event),
  };
}

describe('voice through LiveKit: the browser side', () => {
  it("joins its instance's room with the token, subscribing to nobody by itself", async () => {
    const voice = start();
    await settle();
    expect(voice.room().joined).toEqual({
      url: token.url,
      token: token.token,
      options: { autoSubscribe: false },
    });
    voice.actor.stop();
    expect(voice.room().disconnected).toBe(true);
    expect(voice.closed()).toBe(true);
  });

  it('hears exactly the peers the voice machine chose, whenever they publish, each where they stand', async () => {
    const voice = start();
    await settle();
    const room = voice.room();
    const ana = new FakeParticipant('ana');
    const anaMic = ana.publish();
    room.remoteParticipants.set('ana', ana);
    const ben = new FakeParticipant('ben');
    room.remoteParticipants.set('ben', ben);

    voice.send({ type: 'connections.peers', userIds: ['ana', 'ben'] });
    await settle();
    expect(anaMic.isSubscribed).toBe(true);
    // Ben publishes later: subscribed as he is chosen. Cai is not chosen: never subscribed.
    const benMic = ben.publish();
    room.emit('trackPublished', benMic, ben);
    const cai = new FakeParticipant('cai');
    const caiMic = cai.publish();
    room.remoteParticipants.set('cai', cai);
    room.emit('trackPublished', caiMic, cai);
    expect(benMic.isSubscribed).toBe(true);
    expect(caiMic.subscriptions).toEqual([]);
    // A video track is never subscribed.
    const video = ben.publish(new FakePublication('video'));
    room.emit('trackPublished', video, ben);
    expect(video.subscriptions).toEqual([]);

    const anaTrack = { kind: 'audio', mediaStreamTrack: { id: 'ana-track' } };
    room.emit('trackSubscribed', anaTrack, anaMic, ana);
    expect(voice.playing.get('ana')).toEqual({ id: 'ana-track' });

    // Ana is no longer among the nearest: unsubscribed; her voice stops when LiveKit says so.
    voice.send({ type: 'connections.peers', userIds: ['ben', 'cai'] });
    await settle();
    expect(anaMic.subscriptions).toEqual([true, false]);
    expect(caiMic.isSubscribed).toBe(true);
    room.emit('trackUnsubscribed', anaTrack, anaMic, ana);
    expect(voice.playing.has('ana')).toBe(false);
    voice.actor.stop();
  });

  it('publishes the microphone, muted unless the visitor is heard, and takes it back when it is off', async () => {
    const voice = start();
    const track = { enabled: true, kind: 'audio' };
    const stream = { getAudioTracks: () => [track] };
    voice.send({ type: 'connections.stream', stream });
    await settle();
    await settle();
    const room = voice.room();
    expect(room.published).toHaveLength(1);
    expect(room.published[0]).toMatchObject({ track, options: { source: 'microphone' }, muted: true });
    expect(track.enabled).toBe(false);

    voice.send({ type: 'connections.transmit', on: true });
    await settle();
    expect(room.published[0].muted).toBe(false);
    expect(track.enabled).toBe(true);
    voice.send({ type: 'connections.transmit', on: false });
    await settle();
    expect(room.published[0].muted).toBe(true);

    voice.send({ type: 'connections.stream', stream: null });
    await settle();
    expect(room.published).toEqual([]);
    voice.actor.stop();
  });

  it('never joins when voice ends before the token comes, nor when the token is refused', async () => {
    let give: (value: VoiceToken) => void = () => {};
    const voice = start(() => new Promise((resolve) => (give = resolve)));
    await settle();
    voice.actor.stop();
    give(token);
    await settle();
    expect(FakeRoom.rooms).toEqual([]);

    const refused = start(async () => {
      throw new Error('Communications are disabled');
    });
    refused.send({ type: 'connections.stream', stream: { getAudioTracks: () => [{ enabled: true }] } });
    refused.send({ type: 'connections.peers', userIds: ['ana'] });
    await settle();
    expect(FakeRoom.rooms).toEqual([]);
    refused.actor.stop();
  });
});
