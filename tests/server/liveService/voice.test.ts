import type { HubConnection } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { type LiveInstanceEntered, liveUserHubPath } from '../../../contracts/live';
import { voiceDefaults, type VoiceSignalReceived } from '../../../contracts/voice';
import { uuidv7 } from '../../../server/db/ids';
import { scenes } from '../../../server/db/schema';
import { inbox } from '../hubs/support';
import { hubTestServer } from '../hubs/testServer';

// Voice signalling through the live-user hub, with the official SignalR client: offers, answers,
// candidates and goodbyes reach a visitor of the same instance, and nobody else; the server
// refuses them where the visitor may not talk.

const iceServers = [
  { urls: 'stun:stun.example.org:3478' },
  { urls: ['turn:turn.example.org:3478'], username: 'visitor', credential: 'secret' },
];
const offer = {
  kind: 'offer',
  data: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n',
};

describe('voice signalling on the live-user hub', () => {
  const server = hubTestServer({
    users: ['ana', 'ben', 'cai', 'dee', 'eve', 'owner'],
    env: { ICE_SERVERS: JSON.stringify(iceServers) },
    app: { live: { instanceCap: 2, countsEveryMs: 20 } },
  });

  async function space(values: Partial<typeof scenes.$inferInsert> = {}) {
    const id = uuidv7();
    await server.db.db.insert(scenes).values({
      id,
      ownerId: 'owner',
      creatorId: 'owner',
      title: 'A space to talk in',
      state: 'Published',
      ...values,
    });
    return id;
  }

  const connect = (userId: string) =>
    server.connect(liveUserHubPath, userId, (client) => ({ signals: inbox(client, 'VoiceSignal') }));

  const join = (client: HubConnection, sceneId: string) =>
    client.invoke<LiveInstanceEntered>('JoinScene', sceneId);

  it('tells browsers the STUN and TURN servers to use and how many speakers they hear', async () => {
    const res = await server.t.app.inject({
      method: 'GET',
      url: '/api/communicationInteractionService/voice',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'p2p', iceServers, maxPeers: voiceDefaults.maxPeers });
  });

  it('carries an offer and its answer between two visitors of one instance, and only to them', async () => {
    const sceneId = await space();
    const [ana, ben, cai] = await Promise.all(['ana', 'ben', 'cai'].map(connect));
    await join(ana.client, sceneId);
    const benIn = await join(ben.client, sceneId);
    // The cap is 2: Cai is in the space's second instance.
    expect((await join(cai.client, sceneId)).instanceId).not.toBe(benIn.instanceId);

    await expect(ana.client.invoke('SendVoiceSignal', 'ben', offer)).resolves.toBeNull();
    const [got] = (await ben.signals.next()) as [VoiceSignalReceived];
    expect(got).toEqual({ ...offer, from: 'ana', sceneId, instanceId: benIn.instanceId });

    const answer = { kind: 'answer', data: 'v=0\r\ns=-\r\n' };
    await ben.client.invoke('SendVoiceSignal', 'ana', answer);
    expect(await ana.signals.next()).toEqual([
      { ...answer, from: 'ben', sceneId, instanceId: benIn.instanceId },
    ]);
    const candidate = {
      kind: 'candidate',
      data: JSON.stringify({ candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' }),
    };
    await ben.client.invoke('SendVoiceSignal', 'ana', candidate);
    expect(await ana.signals.next()).toEqual([
      { ...candidate, from: 'ben', sceneId, instanceId: benIn.instanceId },
    ]);

    // Not to a visitor of another instance, not to oneself, and only signals of the four kinds.
    await expect(ana.client.invoke('SendVoiceSignal', 'cai', offer)).rejects.toThrow(
      /not in your instance of this space/,
    );
    await expect(ana.client.invoke('SendVoiceSignal', 'ana', offer)).rejects.toThrow(/talk to yourself/);
    for (const bad of [
      { kind: 'video', data: 'x' },
      { kind: 'offer', data: 'x'.repeat(voiceDefaults.signalMaxLength + 1) },
      { kind: 'offer', data: 'x', extra: true },
      'offer',
    ])
      await expect(ana.client.invoke('SendVoiceSignal', 'ben', bad)).rejects.toThrow(/carries an offer/);
    await expect(ana.client.invoke('SendVoiceSignal', '', offer)).rejects.toThrow(/carries an offer/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cai.signals.received).toEqual([]);
  });

  it('refuses signals where the visitor may not talk: not in the space, left out by the ACL, muted', async () => {
    const [dee, eve, owner] = await Promise.all(['dee', 'eve', 'owner'].map(connect));
    await expect(dee.client.invoke('SendVoiceSignal', 'eve', offer)).rejects.toThrow(/Join the space/);

    // The communication ACL names only the owner: Dee may visit but not talk.
    const quiet = await space({ communicationAclEnabled: true, userCommunicationAcl: [] });
    await join(owner.client, quiet);
    expect((await join(dee.client, quiet)).communication).toBe(false);
    await expect(dee.client.invoke('SendVoiceSignal', 'owner', offer)).rejects.toThrow(
      /Communications are disabled/,
    );

    // The owner mutes Eve: she may no longer offer, though a goodbye still ends a call.
    const open = await space();
    await join(owner.client, open);
    await join(eve.client, open);
    await owner.client.invoke('MuteVisitor', open, 'eve');
    await expect(eve.client.invoke('SendVoiceSignal', 'owner', offer)).rejects.toThrow(/muted you/);
    await eve.client.invoke('SendVoiceSignal', 'owner', { kind: 'bye', data: '' });
    expect(await owner.signals.next()).toEqual([
      expect.objectContaining({ kind: 'bye', from: 'eve', sceneId: open }),
    ]);
  });

  it('limits how many signals one visitor sends', async () => {
    const sceneId = await space();
    const [ana, ben] = await Promise.all(['ana', 'ben'].map(connect));
    await join(ana.client, sceneId);
    await join(ben.client, sceneId);
    const candidate = { kind: 'candidate', data: '{}' };
    const sent = await Promise.allSettled(
      Array.from({ length: voiceDefaults.signalsPerWindow + 5 }, () =>
        ana.client.invoke('SendVoiceSignal', 'ben', candidate),
      ),
    );
    const refused = sent.filter((r) => r.status === 'rejected');
    // The earlier tests' signals count too (the window is per user): at least the 5 over.
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/Too many voice signals/);
  });
});
