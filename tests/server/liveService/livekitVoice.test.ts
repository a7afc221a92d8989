import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HubConnection } from '@microsoft/signalr';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveInstanceEntered, liveUserHubPath } from '../../../contracts/live';
import { livekitRoomName, livekitVoice, type VoiceToken } from '../../../contracts/voice';
import { hubTestServer, insertSpace } from '../hubs/testServer';

// Voice through LiveKit, as far as it can be tested without a LiveKit server: the tokens the
// live-user hub mints (read back with livekit-server-sdk's own TokenVerifier), the rooms they
// name, whom they are refused, and the room service calls that take a muted, removed or banned
// visitor out of voice, received by a stand-in for LiveKit's HTTP API (Twirp, as the SDK sends
// them). That a LiveKit server accepts these tokens and carries audio is not tested here.

const apiKey = 'APIspacestest';
const apiSecret = 'a-secret-of-at-least-thirty-two-characters';

/** What LiveKit's room service was asked, by path, with the caller's verified claims. */
interface RoomServiceCall {
  method: string;
  body: { room?: string; identity?: string };
  claims: Awaited<ReturnType<TokenVerifier['verify']>>;
}

describe('voice through LiveKit', () => {
  const calls: RoomServiceCall[] = [];
  const env: Record<string, string> = {};
  let roomService: Server;

  beforeAll(async () => {
    const verifier = new TokenVerifier(apiKey, apiSecret);
    roomService = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', async () => {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const claims = await verifier.verify(token).catch(() => null);
        if (!claims) {
          res.writeHead(401).end();
          return;
        }
        calls.push({ method: req.url ?? '', body: JSON.parse(body || '{}'), claims });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => roomService.listen(0, '127.0.0.1', resolve));
    const { port } = roomService.address() as AddressInfo;
    Object.assign(env, {
      LIVEKIT_URL: `ws://127.0.0.1:${port}`,
      LIVEKIT_API_KEY: apiKey,
      LIVEKIT_API_SECRET: apiSecret,
    });
  });
  afterAll(() => new Promise<void>((resolve) => roomService?.close(() => resolve())));

  const server = hubTestServer({
    users: ['ana', 'ben', 'dee', 'eve', 'owner'],
    env,
    app: { live: { instanceCap: 2, countsEveryMs: 20 } },
  });

  const space = (values: Parameters<typeof insertSpace>[2] = {}) =>
    insertSpace(server, 'A space for a crowd', values);

  const connect = (userId: string) => server.connect(liveUserHubPath, userId, () => ({}));
  const join = (client: HubConnection, sceneId: string) =>
    client.invoke<LiveInstanceEntered>('JoinScene', sceneId);

  it('tells browsers to talk through the LiveKit server, and how many they hear', async () => {
    const res = await server.t.app.inject({
      method: 'GET',
      url: '/api/communicationInteractionService/voice',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'livekit',
      iceServers: [],
      maxPeers: livekitVoice.maxPeers,
      livekitUrl: env.LIVEKIT_URL,
    });
  });

  it("mints a token to the room of the visitor's instance that lets them talk and listen, nothing more", async () => {
    const sceneId = await space();
    const [ana, ben] = await Promise.all(['ana', 'ben'].map(connect));
    const anaIn = await join(ana.client, sceneId);
    await join(ben.client, sceneId);

    const before = Math.floor(Date.now() / 1000);
    const voice = await ana.client.invoke<VoiceToken>('RequestVoiceToken');
    const room = livekitRoomName(sceneId, anaIn.instanceId);
    expect(voice).toEqual({ url: env.LIVEKIT_URL, room, identity: 'ana', token: expect.any(String) });
    const claims = await new TokenVerifier(apiKey, apiSecret).verify(voice.token);
    expect(claims.sub).toBe('ana');
    expect(claims.iss).toBe(apiKey);
    expect(claims.name).toBe(anaIn.visitors.find((v) => v.userId === 'ana')?.name);
    expect(claims.video).toEqual({
      room,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: false,
      canPublishSources: ['microphone'],
    });
    expect(claims.exp! - before).toBeGreaterThanOrEqual(livekitVoice.tokenTtlSeconds - 5);
    expect(claims.exp! - before).toBeLessThanOrEqual(livekitVoice.tokenTtlSeconds + 5);
    // A token signed with another secret is not LiveKit's.
    await expect(
      new TokenVerifier(apiKey, 'another-secret-of-thirty-two-characters').verify(voice.token),
    ).rejects.toThrow();

    // Ben is in the same instance, so the same room; the next instance is another room.
    expect((await ben.client.invoke<VoiceToken>('RequestVoiceToken')).room).toBe(room);
    const dee = await connect('dee');
    const deeIn = await join(dee.client, sceneId);
    expect(deeIn.instanceId).not.toBe(anaIn.instanceId);
    expect((await dee.client.invoke<VoiceToken>('RequestVoiceToken')).room).toBe(
      livekitRoomName(sceneId, deeIn.instanceId),
    );
  });

  it('refuses a token where the visitor may not talk: not in a space, left out by the ACL, muted', async () => {
    const [dee, eve, owner] = await Promise.all(['dee', 'eve', 'owner'].map(connect));
    await expect(dee.client.invoke('RequestVoiceToken')).rejects.toThrow(/Join the space/);

    const quiet = await space({ communicationAclEnabled: true, userCommunicationAcl: [] });
    await join(owner.client, quiet);
    expect((await join(dee.client, quiet)).communication).toBe(false);
    await expect(dee.client.invoke('RequestVoiceToken')).rejects.toThrow(/Communications are disabled/);
    // The owner may always talk in their space.
    await expect(owner.client.invoke<VoiceToken>('RequestVoiceToken')).resolves.toMatchObject({
      identity: 'owner',
    });

    const open = await space();
    await join(owner.client, open);
    await join(eve.client, open);
    await owner.client.invoke('MuteVisitor', open, 'eve');
    await expect(eve.client.invoke('RequestVoiceToken')).rejects.toThrow(/muted you/);
  });

  it('takes a visitor the owner mutes, removes or bans out of the room of their instance', async () => {
    const sceneId = await space();
    const [owner, eve] = await Promise.all(['owner', 'eve'].map(connect));
    await join(owner.client, sceneId);
    const eveIn = await join(eve.client, sceneId);
    const room = livekitRoomName(sceneId, eveIn.instanceId);
    const removals = () =>
      calls
        .filter((c) => c.method === '/twirp/livekit.RoomService/RemoveParticipant' && c.body.room === room)
        .map((c) => ({
          identity: c.body.identity,
          admin: c.claims.video?.roomAdmin,
          for: c.claims.video?.room,
        }));

    await owner.client.invoke('MuteVisitor', sceneId, 'eve');
    expect(removals()).toEqual([{ identity: 'eve', admin: true, for: room }]);
    // Unmuting takes nobody out.
    await owner.client.invoke('UnmuteVisitor', sceneId, 'eve');
    expect(removals()).toHaveLength(1);
    await owner.client.invoke('RemoveVisitor', sceneId, 'eve');
    expect(removals()).toHaveLength(2);
    await join(eve.client, sceneId);
    await owner.client.invoke('BanVisitor', sceneId, 'eve');
    expect(removals()).toEqual(Array(3).fill({ identity: 'eve', admin: true, for: room }));
  });
});

describe('voice without LiveKit', () => {
  const server = hubTestServer({ users: ['ana'] });

  it('refuses LiveKit tokens: voice goes peer to peer', async () => {
    const sceneId = await insertSpace(server, 'Peer to peer', { ownerId: 'ana', creatorId: 'ana' });
    const ana = await server.connect(liveUserHubPath, 'ana', () => ({}));
    await ana.client.invoke('JoinScene', sceneId);
    await expect(ana.client.invoke('RequestVoiceToken')).rejects.toThrow(/peer to peer/);
  });
});
