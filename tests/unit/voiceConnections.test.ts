import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type VoiceConfig, voiceDefaults } from '../../contracts/voice';
import { voiceConnections } from '../../src/services/voiceConnections';

// Peer-to-peer voice when a connection fails (a network change, a TURN server gone): the browser
// that chose the peer opens it again, later and later while it keeps failing, and stops once the
// peer is no longer chosen. A stand-in RTCPeerConnection records what is opened: real ones cannot
// fail on demand (e2e/voice.spec.ts carries real audio between two browsers).

class FakeConnection {
  static opened: FakeConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  transceivers: {
    direction: string;
    currentDirection: string | null;
    sender: { replaceTrack(): Promise<void> };
  }[] = [];
  closed = false;
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: (() => void) | null = null;
  ontrack: (() => void) | null = null;
  constructor() {
    FakeConnection.opened.push(this);
  }
  addTransceiver() {
    this.transceivers.push({
      direction: 'sendrecv',
      currentDirection: null,
      sender: { replaceTrack: async () => {} },
    });
  }
  getTransceivers() {
    return this.transceivers;
  }
  async setLocalDescription() {
    this.localDescription = { type: 'offer', sdp: 'v=0' };
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate() {}
  close() {
    this.closed = true;
  }
  /** The connection reaches `state` (as the browser would tell it). */
  reach(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const config: VoiceConfig = { mode: 'p2p', iceServers: [], maxPeers: 6 };

function start(userId: string) {
  const signals: { to: string; kind: string }[] = [];
  const actor = createActor(
    voiceConnections({
      signal: async (to, signal) => void signals.push({ to, kind: signal.kind }),
      token: async () => {
        throw new Error('no LiveKit here');
      },
    }),
    { input: { config, userId } },
  ).start();
  return { actor, signals, latest: () => FakeConnection.opened.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeConnection.opened = [];
  vi.stubGlobal('RTCPeerConnection', FakeConnection);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('peer-to-peer voice connections', () => {
  it('opens a failed connection to a chosen peer again, waiting longer after each failure', async () => {
    const h = start('ana');
    h.actor.send({ type: 'connections.peers', userIds: ['ben'] });
    expect(FakeConnection.opened).toHaveLength(1);

    let wait: number = voiceDefaults.reopenFirstMs;
    for (let failure = 1; failure <= 7; failure++) {
      const failed = h.latest();
      failed.reach('failed');
      expect(failed.closed).toBe(true);
      // The voice machine's choice comes again meanwhile: it does not cut the wait short.
      h.actor.send({ type: 'connections.peers', userIds: ['ben'] });
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeConnection.opened).toHaveLength(failure);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeConnection.opened).toHaveLength(failure + 1);
      // Opened again as the offering side, with its own audio line.
      expect(h.latest().transceivers).toHaveLength(1);
      wait = Math.min(wait * 2, voiceDefaults.reopenMaxMs);
    }
    expect(wait).toBe(voiceDefaults.reopenMaxMs);

    // Once connected, the next failure waits the shortest time again.
    h.latest().reach('connected');
    h.latest().reach('failed');
    await vi.advanceTimersByTimeAsync(voiceDefaults.reopenFirstMs);
    expect(FakeConnection.opened).toHaveLength(9);
    h.actor.stop();
  });

  it('stops trying once the peer is no longer chosen, and when voice ends', async () => {
    const h = start('ana');
    h.actor.send({ type: 'connections.peers', userIds: ['ben'] });
    h.latest().reach('failed');
    h.actor.send({ type: 'connections.peers', userIds: [] });
    await vi.advanceTimersByTimeAsync(voiceDefaults.reopenMaxMs * 2);
    expect(FakeConnection.opened).toHaveLength(1);

    // Chosen again later: opened at once, as any newly chosen peer.
    h.actor.send({ type: 'connections.peers', userIds: ['ben'] });
    expect(FakeConnection.opened).toHaveLength(2);
    h.latest().reach('failed');
    h.actor.stop();
    await vi.advanceTimersByTimeAsync(voiceDefaults.reopenMaxMs * 2);
    expect(FakeConnection.opened).toHaveLength(2);
  });

  it('leaves reopening to the peer when only the peer chose this browser', async () => {
    const h = start('ana');
    h.actor.send({ type: 'connections.peers', userIds: [] });
    h.actor.send({
      type: 'connections.signal',
      signal: {
        from: 'cai',
        sceneId: 's1',
        instanceId: '1',
        kind: 'offer',
        data: JSON.stringify({ type: 'offer', sdp: 'v=0' }),
      },
    });
    expect(FakeConnection.opened).toHaveLength(1);
    h.latest().reach('failed');
    await vi.advanceTimersByTimeAsync(voiceDefaults.reopenMaxMs * 2);
    expect(FakeConnection.opened).toHaveLength(1);
    h.actor.stop();
  });
});
