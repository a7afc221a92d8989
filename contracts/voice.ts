import { z } from 'zod';

/**
 * Voice (platform.md §2.7 'Voice'): the visitors of one instance talk. The embedded default needs
 * no media server: each browser opens WebRTC audio peer to peer with the nearest few speakers
 * (`voiceDefaults.maxPeers`), and their offers, answers and ICE candidates pass through the
 * live-user hub (contracts/live.ts):
 * - SendVoiceSignal(toUserId, VoiceSignalSent) → null: to a visitor of the caller's instance, on
 *   whichever server process they are;
 * - VoiceSignal(VoiceSignalReceived): what another visitor of the instance sent this one.
 * The server refuses it with 'Communications are disabled' where the space's communication ACL
 * leaves the caller out, and to a visitor the space's owner muted: without signals there is no
 * connection, so no voice. STUN and TURN servers come from `ICE_SERVERS` (GET
 * /api/communicationInteractionService/voice).
 */
export const voiceDefaults = {
  /** Speakers one visitor hears at once, the nearest (peer to peer, each a connection). */
  maxPeers: 6,
  /** Characters in one signal's data (an SDP offer of one audio track is about 4 000). */
  signalMaxLength: 16_000,
  /** Signals one user may send per window (an offer brings a dozen ICE candidates). */
  signalsPerWindow: 200,
  signalWindowMs: 10_000,
  /** Metres beyond which nobody is heard, and no connection is opened. */
  rangeMetres: 25,
  /**
   * Metres a newcomer must be nearer than a current peer to take their place (and a current peer
   * may go beyond the range): peers do not come and go while two people walk side by side.
   */
  hysteresisMetres: 2,
  /** Connections a browser accepts in all (the others' choices of it included). */
  maxConnections: 12,
  /**
   * A connection to a chosen peer that fails (a network change, a TURN server gone) is opened
   * again after this long, twice as long after each failure in a row, at most `reopenMaxMs`.
   */
  reopenFirstMs: 1000,
  reopenMaxMs: 30_000,
} as const;

/**
 * How a peer's voice fades with distance (WebAudio PannerNode, 'inverse' model): full within
 * `refDistance` metres, half at twice that, and no quieter beyond `maxDistance`.
 */
export const voiceSpatial = {
  distanceModel: 'inverse',
  refDistance: 2,
  maxDistance: 25,
  rolloffFactor: 1,
} as const;

export const VoiceSignalKind = z.enum(['offer', 'answer', 'candidate', 'bye']);
export type VoiceSignalKind = z.infer<typeof VoiceSignalKind>;

/** What a visitor sends: an SDP offer or answer, an ICE candidate (JSON), or the end ('bye'). */
export const VoiceSignalSent = z
  .object({ kind: VoiceSignalKind, data: z.string().max(voiceDefaults.signalMaxLength) })
  .strict();
export type VoiceSignalSent = z.infer<typeof VoiceSignalSent>;

/** What the other visitor gets: the signal, from whom, and where (their instance). */
export const VoiceSignalReceived = VoiceSignalSent.extend({
  from: z.string(),
  sceneId: z.string(),
  instanceId: z.string(),
}).meta({ id: 'VoiceSignalReceived' });
export type VoiceSignalReceived = z.infer<typeof VoiceSignalReceived>;

/** One STUN or TURN server, as RTCPeerConnection takes it. */
export const IceServer = z
  .object({
    urls: z.union([
      z.string().regex(/^(stun|stuns|turn|turns):/),
      z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1),
    ]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict();
export type IceServer = z.infer<typeof IceServer>;

/**
 * Voice through a LiveKit server, for crowds (`LIVEKIT_URL`, `LIVEKIT_API_KEY`,
 * `LIVEKIT_API_SECRET`): each instance of a space is one LiveKit room, and a visitor asks the
 * live-user hub for a token to it (RequestVoiceToken() → VoiceToken), which the server mints only
 * for a visitor present in the instance whom the communication ACL admits and the owner did not
 * mute. A visitor the owner mutes, removes or bans is also taken out of the room.
 */
export const livekitVoice = {
  /** Seconds a token may be used to join; LiveKit renews it for as long as the visitor stays. */
  tokenTtlSeconds: 600,
  /** Speakers a visitor hears at once, the nearest: the media server sends each only those. */
  maxPeers: 24,
} as const;

/** The LiveKit room of one instance of a space. */
export const livekitRoomName = (sceneId: string, instanceId: string) => `space-${sceneId}-${instanceId}`;

/** GET /api/communicationInteractionService/voice: how this server's visitors talk. */
export const VoiceConfig = z
  .object({
    /**
     * 'p2p': WebRTC between the browsers, signalled through the live-user hub; 'livekit': through
     * the LiveKit server at `livekitUrl`, joined with a token from RequestVoiceToken.
     */
    mode: z.enum(['p2p', 'livekit']),
    iceServers: z.array(IceServer),
    maxPeers: z.number().int(),
    livekitUrl: z.string().optional(),
  })
  .meta({ id: 'VoiceConfig' });
export type VoiceConfig = z.infer<typeof VoiceConfig>;

/** RequestVoiceToken(): a token to the LiveKit room of the caller's instance. */
export const VoiceToken = z
  .object({ url: z.string(), room: z.string(), identity: z.string(), token: z.string() })
  .meta({ id: 'VoiceToken' });
export type VoiceToken = z.infer<typeof VoiceToken>;

export const voiceMessages = {
  notPresent: 'Join the space before you talk',
  arguments: 'A voice signal names a visitor and carries an offer, an answer, a candidate or a goodbye',
  notYourself: 'You cannot talk to yourself',
  notHere: 'That visitor is not in your instance of this space',
  tooFast: 'Too many voice signals; wait a moment',
  notLivekit: 'Voice on this server goes peer to peer, not through LiveKit',
} as const;
