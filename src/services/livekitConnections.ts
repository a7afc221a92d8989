import type { LocalTrackPublication, RemoteParticipant, RemoteTrackPublication, Room } from 'livekit-client';
import type { VoiceConfig, VoiceToken } from '../../contracts/voice';
import type { ConnectionsEvent } from '../machines/voiceMachine';
import { type SpatialVoices, spatialVoices } from './spatialVoices';

type Livekit = typeof import('livekit-client');

export interface LivekitConnectionsDeps {
  /** RequestVoiceToken on the live-user hub: a token to the room of the visitor's instance. */
  token(): Promise<VoiceToken>;
  /** livekit-client, downloaded only when the server talks through LiveKit. */
  load?: () => Promise<Livekit>;
  /** Where the voices play (src/services/spatialVoices.ts). */
  voices?: () => SpatialVoices;
}

/**
 * The `connections` of src/machines/voiceMachine.ts through a LiveKit server (contracts/voice.ts
 * `livekitVoice`): the browser joins the room of its instance with a token from the live-user hub,
 * publishes its microphone (muted unless the visitor is heard), and subscribes to the audio of the
 * peers the voice machine chose (the nearest), each played where its speaker stands. Signals are
 * not used: LiveKit negotiates with the browser itself.
 */
export function livekitConnections(deps: LivekitConnectionsDeps) {
  const load = deps.load ?? (() => import('livekit-client'));
  return ({
    receive,
  }: {
    input: { config: VoiceConfig; userId: string };
    receive: (listener: (event: ConnectionsEvent) => void) => void;
  }) => {
    const voices = (deps.voices ?? spatialVoices)();
    let room: Room | null = null;
    let closed = false;
    let wanted = new Set<string>();
    let track: MediaStreamTrack | null = null;
    let published: LocalTrackPublication | null = null;
    let transmit = false;
    // What the room needs done, one after another (publishing takes a while).
    let queue: Promise<unknown> = Promise.resolve();
    const then = (work: (room: Room, livekit: Livekit) => Promise<unknown> | void) => {
      queue = queue
        .then(() => ready)
        .then((joined) => (joined && !closed ? work(joined.room, joined.livekit) : undefined))
        .catch(() => {
          // The room is gone or refused the change: voice stays as it was.
        });
    };

    /** Subscribed to a peer's audio exactly while the voice machine chose them. */
    const follow = (
      publication: RemoteTrackPublication,
      participant: RemoteParticipant,
      livekit: Livekit,
    ) => {
      if (publication.kind !== livekit.Track.Kind.Audio) return;
      const want = wanted.has(participant.identity);
      if (publication.isSubscribed !== want) publication.setSubscribed(want);
    };

    const ready = (async () => {
      const [livekit, voice] = await Promise.all([load(), deps.token()]);
      if (closed) return null;
      const joined = new livekit.Room({ adaptiveStream: false, dynacast: false });
      joined
        .on(livekit.RoomEvent.TrackPublished, (publication, participant) =>
          follow(publication, participant, livekit),
        )
        .on(livekit.RoomEvent.TrackSubscribed, (subscribed, _publication, participant) => {
          if (subscribed.kind === livekit.Track.Kind.Audio)
            voices.play(participant.identity, subscribed.mediaStreamTrack);
        })
        .on(livekit.RoomEvent.TrackUnsubscribed, (_track, _publication, participant) =>
          voices.stop(participant.identity),
        )
        .on(livekit.RoomEvent.ParticipantDisconnected, (participant) => voices.stop(participant.identity));
      await joined.connect(voice.url, voice.token, { autoSubscribe: false });
      if (closed) {
        await joined.disconnect();
        return null;
      }
      room = joined;
      for (const participant of joined.remoteParticipants.values())
        for (const publication of participant.audioTrackPublications.values())
          follow(publication, participant, livekit);
      return { room: joined, livekit };
    })().catch(() => null);

    receive((event) => {
      switch (event.type) {
        case 'connections.peers':
          wanted = new Set(event.userIds);
          then((joined, livekit) => {
            for (const participant of joined.remoteParticipants.values())
              for (const publication of participant.audioTrackPublications.values())
                follow(publication, participant, livekit);
          });
          break;
        case 'connections.place':
          voices.place(event.self, event.peers);
          break;
        case 'connections.stream': {
          const next = (event.stream as MediaStream | null)?.getAudioTracks()[0] ?? null;
          if (next === track) break;
          const previous = track;
          track = next;
          if (track) {
            track.enabled = transmit;
            voices.resume();
          }
          then(async (joined, livekit) => {
            if (previous && published) {
              await joined.localParticipant.unpublishTrack(previous, false);
              published = null;
            }
            if (next && next === track) {
              published = await joined.localParticipant.publishTrack(next, {
                source: livekit.Track.Source.Microphone,
              });
              if (!transmit) await published.mute();
            }
          });
          break;
        }
        case 'connections.transmit':
          transmit = event.on;
          if (track) track.enabled = transmit;
          then(() => (transmit ? published?.unmute() : published?.mute()));
          break;
        case 'connections.signal':
          // Peer to peer only.
          break;
      }
    });

    return () => {
      closed = true;
      voices.close();
      void (room as Room | null)?.disconnect().catch(() => {});
    };
  };
}
