import { AccessToken, RoomServiceClient, TrackSource } from 'livekit-server-sdk';
import { livekitRoomName, livekitVoice, type VoiceConfig, type VoiceToken } from '../../../contracts/voice';
import type { Config } from '../../config';

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

  /** The server's LiveKit, when LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET are set. */
  static fromConfig(config: Config | undefined): LivekitVoice | null {
    const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = config ?? {};
    return url && apiKey && apiSecret ? new LivekitVoice({ url, apiKey, apiSecret }) : null;
  }

  constructor(private readonly settings: LivekitSettings) {
    this.rooms = new RoomServiceClient(
      settings.url.replace(/^ws(s?):/, 'http$1:'),
      settings.apiKey,
      settings.apiSecret,
    );
  }

  /** GET …/voice with LiveKit: browsers join its rooms and hear the nearest `maxPeers`. */
  voiceConfig(): VoiceConfig {
    return {
      mode: 'livekit',
      iceServers: [],
      maxPeers: livekitVoice.maxPeers,
      livekitUrl: this.settings.url,
    };
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
