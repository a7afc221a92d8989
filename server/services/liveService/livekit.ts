import { AccessToken, RoomServiceClient, TrackSource } from 'livekit-server-sdk';
import { livekitRoomName, livekitVoice, type VoiceToken } from '../../../contracts/voice';

export interface LivekitSettings {
  /** As browsers reach it: wss://… (or ws:// on one machine). */
  url: string;
  apiKey: string;
  apiSecret: string;
}

/**
 * Voice through a LiveKit server (contracts/voice.ts `livekitVoice`): tokens to the room of a
 * visitor's instance, minted with livekit-server-sdk, and taking a visitor out of rooms through
 * LiveKit's room service (its API answers at the same host over HTTP).
 */
export class LivekitVoice {
  private readonly rooms: RoomServiceClient;

  constructor(private readonly settings: LivekitSettings) {
    this.rooms = new RoomServiceClient(
      settings.url.replace(/^ws(s?):/, 'http$1:'),
      settings.apiKey,
      settings.apiSecret,
    );
  }

  /**
   * A token that lets `identity` join the room of one instance, publish their microphone and
   * hear the others, and nothing else (no data, no video, no room administration).
   */
  async token(visitor: { identity: string; name: string; sceneId: string; instanceId: string }) {
    const room = livekitRoomName(visitor.sceneId, visitor.instanceId);
    const grant = new AccessToken(this.settings.apiKey, this.settings.apiSecret, {
      identity: visitor.identity,
      name: visitor.name,
      ttl: livekitVoice.tokenTtlSeconds,
    });
    grant.addGrant({
      room,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: false,
      canPublishSources: [TrackSource.MICROPHONE],
    });
    return {
      url: this.settings.url,
      room,
      identity: visitor.identity,
      token: await grant.toJwt(),
    } satisfies VoiceToken;
  }

  /** Takes `identity` out of the room of each instance named; a room they are not in is no error. */
  async remove(identity: string, sceneId: string, instanceIds: string[]) {
    await Promise.all(
      instanceIds.map((instanceId) =>
        this.rooms
          .removeParticipant(livekitRoomName(sceneId, instanceId), identity)
          .catch((error: unknown) => {
            // Not in that room (any more): what was wanted.
            if ((error as { status?: number }).status === 404) return;
            throw error;
          }),
      ),
    );
  }
}
