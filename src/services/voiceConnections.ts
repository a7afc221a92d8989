import { fromCallback } from 'xstate';
import {
  type VoiceConfig,
  voiceDefaults,
  type VoiceSignalReceived,
  type VoiceSignalSent,
} from '../../contracts/voice';
import type { ConnectionsEvent } from '../machines/voiceMachine';
import { livekitConnections, type LivekitConnectionsDeps } from './livekitConnections';
import { spatialVoices } from './spatialVoices';

/** What the connections need from the page: the hub to signal through. */
export interface VoiceConnectionsDeps {
  /** SendVoiceSignal on the live-user hub. */
  signal(toUserId: string, signal: VoiceSignalSent): Promise<unknown>;
}

/** One peer: its connection, and the path its voice takes to the speakers. */
interface Peer {
  connection: RTCPeerConnection;
  /** Whether this browser chose the peer (it may have been chosen by them only). */
  chosen: boolean;
  /** Whether the peer chose this browser (it sent an offer, and no goodbye since). */
  choosing: boolean;
  /** Perfect negotiation: the polite side gives way when both offer at once. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Candidates that came before the offer they belong to. */
  pending: RTCIceCandidateInit[];
  /** The peer's signals, handled one after another (each waits for the last to be applied). */
  queue: Promise<void>;
}

/**
 * How long the polite side (the larger user id) waits before offering, so that when two visitors
 * choose each other at once only one offer is made.
 */
const politeDelayMs = 1000;

/**
 * The peer connections of a visitor's voice:
 * one WebRTC connection per peer, an audio transceiver each way, negotiated through the live-user
 * hub with the "perfect negotiation" pattern (the larger user id is polite). The microphone's track
 * goes to every connection (replaceTrack, no renegotiation) and is enabled only while the visitor
 * is heard. Each peer's voice goes through a WebAudio PannerNode placed where they stand.
 */
function peerToPeer(deps: VoiceConnectionsDeps) {
  return ({
    input,
    receive,
  }: {
    input: ConnectionsInput;
    receive: (listener: (event: ConnectionsEvent) => void) => void;
  }) => {
    const peers = new Map<string, Peer>();
    let track: MediaStreamTrack | null = null;
    let transmit = false;
    const voices = spatialVoices();

    const send = (to: string, kind: VoiceSignalSent['kind'], data: string) =>
      void deps.signal(to, { kind, data }).catch(() => {
        // Refused (muted by the owner, the peer gone): the connection fails on its own and is closed.
      });

    /** Sends the microphone (or nothing) on every audio line of a connection. */
    const attach = (connection: RTCPeerConnection) => {
      for (const transceiver of connection.getTransceivers()) {
        if (transceiver.currentDirection === 'stopped') continue;
        if (transceiver.direction === 'recvonly') transceiver.direction = 'sendrecv';
        void transceiver.sender.replaceTrack(track).catch(() => {});
      }
    };

    /**
     * A connection to a peer: offering (this browser chose them), it adds the audio line; answering
     * (their offer came), it adds none and answers on theirs.
     */
    function open(userId: string, offering: boolean): Peer {
      const connection = new RTCPeerConnection({ iceServers: input.config.iceServers });
      if (offering) {
        connection.addTransceiver('audio', { direction: 'sendrecv' });
        attach(connection);
      }
      const peer: Peer = {
        connection,
        chosen: offering,
        choosing: !offering,
        polite: input.userId > userId,
        makingOffer: false,
        ignoreOffer: false,
        pending: [],
        queue: Promise.resolve(),
      };
      peers.set(userId, peer);
      connection.onnegotiationneeded = async () => {
        try {
          peer.makingOffer = true;
          await connection.setLocalDescription();
          send(userId, 'offer', JSON.stringify(connection.localDescription));
        } catch {
          // Closed meanwhile.
        } finally {
          peer.makingOffer = false;
        }
      };
      connection.onicecandidate = ({ candidate }) => {
        if (candidate) send(userId, 'candidate', JSON.stringify(candidate));
      };
      connection.ontrack = ({ track: remote, streams }) => voices.play(userId, streams[0] ?? remote);
      connection.onconnectionstatechange = () => {
        if (connection.connectionState === 'connected') failures.delete(userId);
        if (connection.connectionState !== 'failed' || peers.get(userId) !== peer) return;
        close(userId);
        // Still chosen here: opened again after a while (a peer who only chose this browser
        // offers again from their side).
        if (peer.chosen) reopenLater(userId);
      };
      return peer;
    }

    function close(userId: string, sayBye = false) {
      const peer = peers.get(userId);
      if (!peer) return;
      peers.delete(userId);
      if (sayBye) send(userId, 'bye', '');
      voices.stop(userId);
      peer.connection.close();
    }

    /** Opens a connection to a peer this browser chose; the polite side lets the other offer first. */
    const waiting = new Map<string, ReturnType<typeof setTimeout>>();
    /** The peers this browser chose last (`connections.peers`). */
    let wantedNow = new Set<string>();
    /** Failures in a row of the connection to a peer, and the timers that open it again. */
    const failures = new Map<string, number>();
    const reopening = new Map<string, ReturnType<typeof setTimeout>>();
    function reopenLater(userId: string) {
      const count = (failures.get(userId) ?? 0) + 1;
      failures.set(userId, count);
      const delay = Math.min(voiceDefaults.reopenFirstMs * 2 ** (count - 1), voiceDefaults.reopenMaxMs);
      clearTimeout(reopening.get(userId));
      reopening.set(
        userId,
        setTimeout(() => {
          reopening.delete(userId);
          if (wantedNow.has(userId)) want(userId);
        }, delay),
      );
    }
    function want(userId: string) {
      const peer = peers.get(userId);
      if (peer) {
        peer.chosen = true;
        return;
      }
      if (waiting.has(userId) || reopening.has(userId) || declined.has(userId)) return;
      if (input.userId < userId) {
        open(userId, true);
        return;
      }
      waiting.set(
        userId,
        setTimeout(() => {
          waiting.delete(userId);
          if (!peers.has(userId)) open(userId, true);
          else peers.get(userId)!.chosen = true;
        }, politeDelayMs),
      );
    }

    /**
     * Peers who said goodbye (they left voice, dropped this browser, or have not joined): not
     * offered to again until they offer, so that nobody is asked over and over.
     */
    const declined = new Set<string>();

    function signalled(signal: VoiceSignalReceived) {
      const { from } = signal;
      if (signal.kind === 'bye') {
        declined.add(from);
        close(from);
        return;
      }
      if (signal.kind === 'offer') declined.delete(from);
      let peer = peers.get(from);
      if (!peer) {
        // Chosen by them: accepted while there is room, or told goodbye.
        if (signal.kind !== 'offer') return;
        if (peers.size >= voiceDefaults.maxConnections) return send(from, 'bye', '');
        const timer = waiting.get(from);
        if (timer) {
          clearTimeout(timer);
          waiting.delete(from);
        }
        // Their offer brings the audio line: this side answers on it (also when it chose them too).
        peer = open(from, false);
        peer.chosen = timer !== undefined;
      }
      if (signal.kind === 'offer') peer.choosing = true;
      const current = peer;
      current.queue = current.queue.then(() => apply(from, current, signal));
    }

    async function apply(from: string, peer: Peer, signal: VoiceSignalReceived) {
      if (peers.get(from) !== peer) return;
      try {
        if (signal.kind === 'candidate') {
          const candidate = JSON.parse(signal.data) as RTCIceCandidateInit;
          if (!peer.connection.remoteDescription) peer.pending.push(candidate);
          else await peer.connection.addIceCandidate(candidate).catch(() => {});
          return;
        }
        const description = JSON.parse(signal.data) as RTCSessionDescriptionInit;
        const collision =
          description.type === 'offer' && (peer.makingOffer || peer.connection.signalingState !== 'stable');
        peer.ignoreOffer = !peer.polite && collision;
        if (peer.ignoreOffer) return;
        await peer.connection.setRemoteDescription(description);
        for (const candidate of peer.pending.splice(0))
          await peer.connection.addIceCandidate(candidate).catch(() => {});
        if (description.type === 'offer') {
          attach(peer.connection);
          await peer.connection.setLocalDescription();
          send(from, 'answer', JSON.stringify(peer.connection.localDescription));
        }
      } catch {
        // A malformed or stale signal: the connection stays as it was.
      }
    }

    receive((event) => {
      switch (event.type) {
        case 'connections.peers': {
          const wanted = new Set(event.userIds);
          wantedNow = wanted;
          for (const [userId, timer] of reopening)
            if (!wanted.has(userId)) {
              clearTimeout(timer);
              reopening.delete(userId);
              failures.delete(userId);
            }
          for (const [userId, peer] of peers) {
            if (wanted.has(userId)) continue;
            peer.chosen = false;
            // Dropped here: closed unless the peer still chose this browser (then it is told).
            if (!peer.choosing) close(userId, true);
          }
          for (const [userId, timer] of waiting)
            if (!wanted.has(userId)) {
              clearTimeout(timer);
              waiting.delete(userId);
            }
          for (const userId of wanted) want(userId);
          break;
        }
        case 'connections.place':
          voices.place(event.self, event.peers);
          break;
        case 'connections.stream': {
          const stream = event.stream as MediaStream | null;
          track = stream?.getAudioTracks()[0] ?? null;
          if (track) track.enabled = transmit;
          if (track) voices.resume();
          for (const peer of peers.values()) attach(peer.connection);
          break;
        }
        case 'connections.transmit':
          transmit = event.on;
          if (track) track.enabled = transmit;
          break;
        case 'connections.signal':
          signalled(event.signal);
          break;
      }
    });

    return () => {
      for (const timer of [...waiting.values(), ...reopening.values()]) clearTimeout(timer);
      for (const userId of [...peers.keys()]) close(userId, true);
      voices.close();
    };
  };
}

type ConnectionsInput = { config: VoiceConfig; userId: string };

/**
 * The `connections` actor of src/machines/voiceMachine.ts: peer to peer, or through LiveKit when
 * the server says so (contracts/voice.ts).
 */
export function voiceConnections(deps: VoiceConnectionsDeps & LivekitConnectionsDeps) {
  const p2p = peerToPeer(deps);
  const livekit = livekitConnections(deps);
  return fromCallback<ConnectionsEvent, ConnectionsInput>((args) =>
    args.input.config.mode === 'livekit' ? livekit(args) : p2p(args),
  );
}

/** The browser's microphone (the device chosen in Settings, or the default), with echo cancellation. */
export async function openMicrophone(deviceId: string | null): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot record sound');
  return navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
}

/** Ends a microphone stream's tracks (the browser's recording light goes out). */
export function stopMicrophone(stream: unknown) {
  for (const track of (stream as MediaStream | null)?.getTracks() ?? []) track.stop();
}
