import type { HubConnection } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  liveDefaults,
  type LiveInstanceEntered,
  liveUserHubPath,
  type LiveVisitor,
} from '../../../contracts/live';
import { decodePoses, encodePose, type LivePoseVisitor } from '../../../contracts/livePoses';
import { uuidv7 } from '../../../server/db/ids';
import { districtMembers, districts, sceneEvents, scenes, users } from '../../../server/db/schema';
import { hubClient, inbox } from '../hubs/support';
import { hubTestServer } from '../hubs/testServer';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('live-user hub with the official SignalR client', () => {
  // Two visitors fill an instance; counts go out within 20 ms.
  const server = hubTestServer({
    users: ['ana', 'ben', 'cai', 'dee', 'eli', 'fay', 'gus', 'hal', 'ivy', 'owner'],
    app: { live: { instanceCap: 2, countsEveryMs: 20 } },
  });
  // Ben picked an avatar in his profile; the others kept the default.
  beforeAll(async () => {
    await server.db.db.update(users).set({ avatar: 'tall/teal' }).where(eq(users.id, 'ben'));
  });

  async function space(values: Partial<typeof scenes.$inferInsert> = {}) {
    const id = uuidv7();
    await server.db.db.insert(scenes).values({
      id,
      ownerId: 'owner',
      creatorId: 'owner',
      title: 'A live space',
      state: 'Published',
      ...values,
    });
    return id;
  }

  /** A visitor's connection; `null` connects without a key, as a guest. */
  const connect = (userId: string | null, protocol?: 'messagepack') =>
    server.connect(
      liveUserHubPath,
      userId,
      (client) => ({
        myUserId: inbox(client, 'MyUserId'),
        total: inbox(client, 'TotalLiveVisitors'),
        entered: inbox(client, 'EnteredInstance'),
        exited: inbox(client, 'ExitedInstance'),
        visitors: inbox(client, 'LiveVisitorsInMySceneInstance'),
        sceneCount: inbox(client, 'LiveVisitorCountInMyScene'),
        instanceCounts: inbox(client, 'LiveVisitorCountPerSceneInstance'),
        chat: inbox(client, 'PublicMessage'),
        eventChat: inbox(client, 'EventMessage'),
        poseVisitors: inbox(client, 'PoseVisitors'),
        poses: inbox(client, 'Poses'),
        poseLeft: inbox(client, 'PoseVisitorsLeft'),
        removed: inbox(client, 'RemovedFromScene'),
      }),
      { protocol },
    );

  const join = (client: HubConnection, sceneId: string, options?: object) =>
    client.invoke<LiveInstanceEntered>('JoinScene', sceneId, ...(options ? [options] : []));

  /** Waits for the message of `box` that `match` accepts (earlier ones are passed over). */
  async function until(box: ReturnType<typeof inbox>, match: (args: unknown[]) => boolean) {
    for (;;) {
      const args = await box.next();
      if (match(args)) return args;
    }
  }

  it('tells a visitor who they are and who is in their instance, and the others that they came', async () => {
    const sceneId = await space();
    const ana = await connect('ana');
    expect(await ana.myUserId.next()).toEqual(['ana']);
    expect(await ana.total.next()).toEqual([expect.any(Number)]);

    const entered = await join(ana.client, sceneId);
    expect(entered).toEqual({
      userId: 'ana',
      sceneId,
      instanceId: '1',
      visitors: [{ userId: 'ana', name: 'Ana', profilePicture: null, avatar: null }],
      communication: true,
      poseId: expect.any(Number),
      moderator: false,
      recentMessages: [],
      eventMessages: [],
    });
    expect(await ana.entered.next()).toEqual([entered]);

    const ben = await connect('ben');
    const second = await join(ben.client, sceneId);
    expect(second.instanceId).toBe('1');
    expect(second.visitors.map((v) => v.userId)).toEqual(['ana', 'ben']);
    // Each visitor's avatar comes with them: Ben's pick, and null for Ana's default.
    const [both] = await until(ana.visitors, ([list]) => (list as unknown[]).length === 2);
    const withBen = (both as LiveVisitor[]).find((v) => v.userId === 'ben');
    expect(withBen).toEqual({ userId: 'ben', name: 'Ben', profilePicture: null, avatar: 'tall/teal' });
    expect(second.visitors[0].avatar).toBeNull();
    await until(ana.sceneCount, ([c]) => (c as { count: number }).count === 2);
    await until(ana.total, ([n]) => n === 2);

    // Ben leaves: he is told, and Ana's instance and count shrink.
    await ben.client.invoke('ExitCurrentScene');
    expect(await ben.exited.next()).toEqual([{ sceneId, instanceId: '1' }]);
    await until(ana.visitors, ([list]) => (list as unknown[]).length === 1);
    await until(ana.sceneCount, ([c]) => (c as { count: number }).count === 1);

    // Ana closes the app: the space is empty again.
    await ana.client.stop();
    await expect
      .poll(async () => {
        const res = await server.t.app.inject({
          url: `/api/communicationInteractionService/live?sceneIds=${sceneId}`,
        });
        return res.json();
      })
      .toEqual({ scenes: [{ sceneId, count: 0, visitors: [], event: null }] });
  });

  it('opens a new instance when one is full, and lets a visitor join a friend with room', async () => {
    const sceneId = await space();
    const [ana, ben, cai, dee] = await Promise.all(['ana', 'ben', 'cai', 'dee'].map((id) => connect(id)));
    expect((await join(ana.client, sceneId)).instanceId).toBe('1');
    expect((await join(ben.client, sceneId)).instanceId).toBe('1');
    // Instance 1 is full: Cai opens instance 2, even when asking to be with Ana.
    expect((await join(cai.client, sceneId, { friendUserId: 'ana' })).instanceId).toBe('2');
    // Dee joins her friend Cai, who has room.
    const dees = await join(dee.client, sceneId, { friendUserId: 'cai' });
    expect(dees.instanceId).toBe('2');
    expect(dees.visitors.map((v) => v.userId)).toEqual(['cai', 'dee']);
    // (Counts are coalesced, not lost: one may still show Cai alone in instance 2.)
    const full = [
      { instanceId: '1', count: 2 },
      { instanceId: '2', count: 2 },
    ];
    await until(ana.instanceCounts, ([list]) => JSON.stringify(list) === JSON.stringify(full));
    expect((await until(cai.sceneCount, ([c]) => (c as { count: number }).count === 4))[0]).toEqual({
      sceneId,
      count: 4,
    });

    // Ben leaves instance 1; Dee moves there by asking for it.
    await ben.client.invoke('ExitCurrentScene');
    const moved = await join(dee.client, sceneId, { instanceId: '1' });
    expect(moved.instanceId).toBe('1');
    expect(moved.visitors.map((v) => v.userId)).toEqual(['ana', 'dee']);
    expect(await dee.exited.next()).toEqual([{ sceneId, instanceId: '2' }]);
    await until(
      cai.visitors,
      ([list]) => (list as { userId: string }[]).map((v) => v.userId).join() === 'cai',
    );

    // Who is live, for the space's card: the count and the first two.
    const live = await server.t.app.inject({
      url: `/api/communicationInteractionService/live?sceneIds=${sceneId}`,
    });
    expect(live.statusCode).toBe(200);
    expect(live.json().scenes[0]).toMatchObject({ sceneId, count: 3 });
    expect(live.json().scenes[0].visitors).toHaveLength(2);
  });

  it('lets in only those who may view the space, and says whether they may talk there', async () => {
    const draft = await space({ state: 'Draft' });
    const hidden = await space({ visible: false });
    const privateSpace = await space({ privacyAclEnabled: true, userPrivacyAcl: ['ben'] });
    const quiet = await space({ communicationAclEnabled: true, userCommunicationAcl: ['ben'] });
    const ana = await connect('ana');
    await expect(join(ana.client, draft)).rejects.toThrow(/No such space/);
    await expect(join(ana.client, hidden)).rejects.toThrow(/HubException/);
    await expect(join(ana.client, privateSpace)).rejects.toThrow(/private|access|invit/i);
    await expect(join(ana.client, 'not-a-space')).rejects.toThrow(/No such space/);
    await expect(join(ana.client, '')).rejects.toThrow(/needs the id of a space/);
    await expect(join(ana.client, quiet, { everyone: true })).rejects.toThrow(/options/);
    // Refused, she is nowhere.
    const live = await server.t.app.inject({
      url: `/api/communicationInteractionService/live?sceneIds=${draft},${privateSpace}`,
    });
    expect(live.json().scenes.map((s: { count: number }) => s.count)).toEqual([0, 0]);

    expect((await join(ana.client, quiet)).communication).toBe(false);
    const ben = await connect('ben');
    expect((await join(ben.client, quiet)).communication).toBe(true);
    expect((await join(ben.client, privateSpace)).communication).toBe(true);
    // The owner may be in their own draft.
    const owner = await connect('owner');
    expect((await join(owner.client, draft)).instanceId).toBe('1');

    // A private space's visitors are not shown to those who may not view it.
    const stranger = await server.t.app.inject({
      url: `/api/communicationInteractionService/live?sceneIds=${privateSpace}`,
      headers: await server.headersFor('eli'),
    });
    expect(stranger.json().scenes[0]).toEqual({ sceneId: privateSpace, count: 0, visitors: [], event: null });
    const invited = await server.t.app.inject({
      url: `/api/communicationInteractionService/live?sceneIds=${privateSpace}`,
      headers: await server.headersFor('ben'),
    });
    expect(invited.json().scenes[0]).toMatchObject({ count: 1 });
  });

  it('carries public chat to everyone in the instance, as text, and refuses what it must', async () => {
    const sceneId = await space();
    const quiet = await space({ communicationAclEnabled: true, userCommunicationAcl: [] });
    const [ana, ben, cai] = await Promise.all(['ana', 'ben', 'cai'].map((id) => connect(id)));
    await expect(ana.client.invoke('SendPublicMessage', 'hello')).rejects.toThrow(
      /Join the space before you chat/,
    );
    await join(ana.client, sceneId);
    await join(ben.client, sceneId);
    await join(cai.client, sceneId); // instance 2: the cap is 2

    const id = await ana.client.invoke<string>('SendPublicMessage', '  <b>Hello</b> & welcome  ');
    const expected = {
      id,
      text: '<b>Hello</b> & welcome',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { id: 'ana', name: 'Ana', profilePicture: null },
      sceneId,
      instanceId: '1',
    };
    expect(await ana.chat.next()).toEqual([expected]);
    expect(await ben.chat.next()).toEqual([expected]);
    // Cai is in another instance: he hears nothing.
    await cai.client.invoke('SendPublicMessage', 'anyone?');
    expect((await cai.chat.next())[0]).toMatchObject({ text: 'anyone?', instanceId: '2' });
    expect(ana.chat.received).toHaveLength(0);
    expect(ben.chat.received).toHaveLength(0);

    // A message sent again with its id (its answer was lost) is taken once, under that id.
    const first = await ben.client.invoke<string>('SendPublicMessage', 'only once', 'p0a1-7');
    expect(first).toBe('c-p0a1-7');
    await expect(ben.client.invoke('SendPublicMessage', 'only once', 'p0a1-7')).resolves.toBe(first);
    expect(await ana.chat.next()).toEqual([expect.objectContaining({ id: first, text: 'only once' })]);
    await ben.client.invoke('SendPublicMessage', 'a bad id is ignored', '<script>');
    const [next] = (await ana.chat.next()) as { id: string; text: string }[];
    expect(next.text).toBe('a bad id is ignored');
    expect(next.id).not.toContain('script');
    expect(ana.chat.received).toHaveLength(0);
    await ben.chat.next();
    await ben.chat.next();

    // Who joins the instance later reads what was said in it of late, oldest first; the other
    // instance's chat is not theirs.
    const eli = await connect('eli');
    await ben.client.invoke('ExitCurrentScene');
    const late = await join(eli.client, sceneId, { instanceId: '1' });
    expect(late.recentMessages.map((m) => m.text)).toEqual([
      '<b>Hello</b> & welcome',
      'only once',
      'a bad id is ignored',
    ]);

    await expect(ana.client.invoke('SendPublicMessage', '   ')).rejects.toThrow(/Write a message first/);
    await expect(ana.client.invoke('SendPublicMessage', 42)).rejects.toThrow(/Write a message first/);
    await expect(ana.client.invoke('SendPublicMessage', 'x'.repeat(501))).rejects.toThrow(/at most 500/);
    // Eight messages in ten seconds, then a wait.
    for (let i = 2; i <= 8; i++) await ana.client.invoke('SendPublicMessage', `message ${i}`);
    await expect(ana.client.invoke('SendPublicMessage', 'one more')).rejects.toThrow(/too fast/);
    // Neither coming back nor another tab starts a new window.
    await ana.client.invoke('ExitCurrentScene');
    await join(ana.client, sceneId);
    await expect(ana.client.invoke('SendPublicMessage', 'back again')).rejects.toThrow(/too fast/);
    const anaAgain = await connect('ana');
    await join(anaAgain.client, sceneId);
    await expect(anaAgain.client.invoke('SendPublicMessage', 'other tab')).rejects.toThrow(/too fast/);

    // Where the space's communication ACL leaves her out, she may be there but not chat.
    const dee = await connect('dee');
    expect((await join(dee.client, quiet)).communication).toBe(false);
    await expect(dee.client.invoke('SendPublicMessage', 'hi')).rejects.toThrow(/Communications are disabled/);
  });

  it('carries the Event chat to everyone in the space while one of its events is on, and not before', async () => {
    // Senders of their own: the other tests' messages count against theirs (8 per 10 s).
    const sceneId = await space();
    const [fay, gus, hal] = await Promise.all(['fay', 'gus', 'hal'].map((id) => connect(id)));
    await join(fay.client, sceneId);
    await join(gus.client, sceneId);
    expect((await join(hal.client, sceneId)).instanceId).toBe('2'); // the cap is 2
    // Refused before it counts against her rate: more tries than the window allows, and still
    // the one she sends once the event is on is taken.
    for (let i = 0; i <= liveDefaults.messagesPerWindow; i++)
      await expect(fay.client.invoke('SendEventMessage', 'too early')).rejects.toThrow(
        /No event of this space is on now/,
      );

    const minute = 60_000;
    const eventId = uuidv7();
    await server.db.db.insert(sceneEvents).values({
      id: eventId,
      sceneId,
      title: 'Late opening',
      startsAt: new Date(Date.now() - 10 * minute).toISOString(),
      endsAt: new Date(Date.now() + 60 * minute).toISOString(),
      createdBy: 'owner',
    });
    const id = await fay.client.invoke<string>('SendEventMessage', '  Welcome to the <i>opening</i>  ', 'e1');
    expect(id).toBe('c-e1');
    const expected = {
      id,
      text: 'Welcome to the <i>opening</i>',
      time: expect.any(String),
      user: { id: 'fay', name: 'Fay', profilePicture: null },
      sceneId,
      instanceId: '1',
      eventId,
    };
    // Every instance hears it; it is not the public chat of anyone's instance.
    expect(await fay.eventChat.next()).toEqual([expected]);
    expect(await gus.eventChat.next()).toEqual([expected]);
    expect(await hal.eventChat.next()).toEqual([expected]);
    // Sent again with its id, it is taken once.
    await expect(fay.client.invoke('SendEventMessage', 'Welcome to the <i>opening</i>', 'e1')).resolves.toBe(
      id,
    );
    await hal.client.invoke('SendEventMessage', 'Glad to be here');
    expect((await fay.eventChat.next())[0]).toMatchObject({ text: 'Glad to be here', instanceId: '2' });
    expect(fay.eventChat.received).toHaveLength(0);
    expect(fay.chat.received).toHaveLength(0);

    // Who comes later reads the event's chat of late, and none of it as their instance's chat.
    const ivy = await connect('ivy');
    const late = await join(ivy.client, sceneId);
    expect(late.eventMessages!.map((m) => m.text)).toEqual([
      'Welcome to the <i>opening</i>',
      'Glad to be here',
    ]);
    expect(late.recentMessages).toEqual([]);

    // Where the space's communication ACL leaves a visitor out, the Event chat is closed to them too.
    const quiet = await space({ communicationAclEnabled: true, userCommunicationAcl: [] });
    await server.db.db.insert(sceneEvents).values({
      id: uuidv7(),
      sceneId: quiet,
      title: 'Quiet opening',
      startsAt: new Date(Date.now() - minute).toISOString(),
      endsAt: new Date(Date.now() + minute).toISOString(),
      createdBy: 'owner',
    });
    const dee = await connect('dee');
    await join(dee.client, quiet);
    await expect(dee.client.invoke('SendEventMessage', 'hi')).rejects.toThrow(/Communications are disabled/);

    // Once the event is over, its chat is closed and no longer given to newcomers.
    await server.db.db
      .update(sceneEvents)
      .set({ endsAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sceneEvents.id, eventId));
    await expect(gus.client.invoke('SendEventMessage', 'still there?')).rejects.toThrow(/No event/);
    await gus.client.invoke('ExitCurrentScene');
    expect((await join(gus.client, sceneId)).eventMessages).toEqual([]);
  });

  it('serves clients of either protocol in one instance', async () => {
    const sceneId = await space();
    const eli = await connect('eli', 'messagepack');
    const own = await connect('owner');
    expect(await eli.myUserId.next()).toEqual(['eli']);
    expect((await join(eli.client, sceneId)).visitors.map((v) => v.userId)).toEqual(['eli']);
    await join(own.client, sceneId);
    await until(eli.visitors, ([list]) => (list as unknown[]).length === 2);
    await own.client.invoke('SendPublicMessage', 'From JSON to MessagePack');
    expect((await eli.chat.next())[0]).toMatchObject({
      text: 'From JSON to MessagePack',
      user: { id: 'owner' },
    });
    await eli.client.invoke('SendPublicMessage', 'And back');
    expect((await until(own.chat, ([m]) => (m as { text: string }).text === 'And back'))[0]).toMatchObject({
      user: { id: 'eli', name: 'Eli' },
    });
  });

  it('refuses a list of too many spaces', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `space-${i}`).join(',');
    const res = await server.t.app.inject({
      url: `/api/communicationInteractionService/live?sceneIds=${ids}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('carries a visitor’s moves to the other in MessagePack and in JSON, and their leaving', async () => {
    const sceneId = await space();
    const ana = await connect('ana');
    const ben = await connect('ben', 'messagepack');
    const anaIn = await ana.client.invoke<LiveInstanceEntered>('JoinScene', sceneId);
    const benIn = await ben.client.invoke<LiveInstanceEntered>('JoinScene', sceneId);
    expect(benIn.poseId).not.toBe(anaIn.poseId);

    // Ben (MessagePack) walks: bytes go as they are, without waiting for an answer.
    await ben.client.send('SendPose', encodePose({ x: 3, y: 0, z: -2, yaw: 1, speaking: false, emote: 1 }));
    const [who] = (await ana.poseVisitors.next()) as [LivePoseVisitor[]];
    expect(who).toContainEqual({
      userId: 'ben',
      name: 'Ben',
      profilePicture: null,
      avatar: 'tall/teal',
      poseId: benIn.poseId,
    });
    for (;;) {
      const [batch] = (await ana.poses.next()) as [string];
      // JSON receives the bytes as base64 text.
      expect(typeof batch).toBe('string');
      const pose = decodePoses(batch).find((p) => p.id === benIn.poseId);
      if (pose?.x === 3) {
        expect(pose).toMatchObject({ z: -2, emote: 1, speaking: false });
        break;
      }
    }

    // Ana (JSON) sends base64; Ben receives MessagePack bytes.
    await ana.client.send(
      'SendPose',
      base64(encodePose({ x: -1, y: 0.5, z: 7, yaw: 0, speaking: true, emote: 0 })),
    );
    for (;;) {
      const [batch] = (await ben.poses.next()) as [Uint8Array];
      expect(batch).toBeInstanceOf(Uint8Array);
      const pose = decodePoses(batch).find((p) => p.id === anaIn.poseId);
      if (pose?.x === -1) {
        expect(pose).toMatchObject({ y: 0.5, z: 7, speaking: true });
        break;
      }
    }

    await ben.client.invoke('ExitCurrentScene');
    expect(await ana.poseLeft.next()).toEqual([[benIn.poseId]]);
  });

  it('refuses a pose from a visitor in no space, and bytes that are no pose', async () => {
    const sceneId = await space();
    const ana = await connect('ana', 'messagepack');
    const pose = encodePose({ x: 0, y: 0, z: 0, yaw: 0, speaking: false, emote: 0 });
    await expect(ana.client.invoke('SendPose', pose)).rejects.toThrow(/SendPose needs a pose/);
    await ana.client.invoke('JoinScene', sceneId);
    await expect(ana.client.invoke('SendPose', pose)).resolves.toBeNull();
    await expect(ana.client.invoke('SendPose', new Uint8Array(3))).rejects.toThrow(/SendPose needs a pose/);
    await expect(ana.client.invoke('SendPose', { x: 1 })).rejects.toThrow(/SendPose needs a pose/);
    await expect(ana.client.invoke('SendPose', 'not base64!')).rejects.toThrow(/SendPose needs a pose/);
    // The connection is still good.
    await expect(ana.client.invoke('SendPose', pose)).resolves.toBeNull();
  });

  it('lets a visitor without a key in as a guest, with what a signed-out visitor may do', async () => {
    const open = await space();
    const guest = await connect(null, 'messagepack');
    const [guestId] = (await guest.myUserId.next()) as [string];
    expect(guestId).toMatch(/^guest-[0-9a-f]{16}$/);
    const entered = await guest.client.invoke<LiveInstanceEntered>('JoinScene', open);
    expect(entered.visitors).toEqual([
      {
        userId: guestId,
        name: `Guest ${guestId.slice(-4).toUpperCase()}`,
        profilePicture: null,
        avatar: null,
      },
    ]);
    expect(entered.communication).toBe(true);
    await expect(guest.client.invoke('SendPublicMessage', 'Hello from a guest')).resolves.toEqual(
      expect.any(String),
    );

    // A draft is no more a guest's than a signed-out visitor's; an access list never names a guest.
    const draft = await space({ state: 'Draft' });
    await expect(guest.client.invoke('JoinScene', draft)).rejects.toThrow(/HubException/);
    const listed = await space({ communicationAclEnabled: true, userCommunicationAcl: ['ana'] });
    expect((await guest.client.invoke<LiveInstanceEntered>('JoinScene', listed)).communication).toBe(false);
    await expect(guest.client.invoke('SendPublicMessage', 'hi')).rejects.toThrow(
      /Communications are disabled/,
    );

    // Each connection without a key is another guest.
    const other = await connect(null);
    expect((await other.myUserId.next())[0]).not.toBe(guestId);
  });

  it('still refuses a key that is not valid, and the notification hub has no guests', async () => {
    const forged = hubClient(`${server.base}${liveUserHubPath}`, { token: () => 'not-a-token' });
    await expect(forged.start()).rejects.toThrow(/401|Unauthorized/);
    const notifications = hubClient(`${server.base}/hubs/notification`, { token: () => '' });
    await expect(notifications.start()).rejects.toThrow(/401|Unauthorized/);
  });

  it('lets the owner mute, remove and ban a visitor, and nobody else', async () => {
    const sceneId = await space();
    const owner = await connect('owner');
    const ana = await connect('ana');
    const ben = await connect('ben');
    await owner.client.invoke('JoinScene', sceneId);
    await ben.client.invoke('JoinScene', sceneId);

    // A stranger (even one in the space) may not, nor may the owner moderate themselves.
    await expect(ana.client.invoke('MuteVisitor', sceneId, 'ben')).rejects.toThrow(/Only the owner/);
    await expect(ben.client.invoke('RemoveVisitor', sceneId, 'owner')).rejects.toThrow(/Only the owner/);
    await expect(owner.client.invoke('BanVisitor', sceneId, 'owner')).rejects.toThrow(/to yourself/);
    await expect(owner.client.invoke('MuteVisitor', sceneId)).rejects.toThrow(/Give the id/);
    await expect(ben.client.invoke('SendPublicMessage', 'still free')).resolves.toEqual(expect.any(String));

    // Muted: Ben stays, but may not chat until unmuted.
    await owner.client.invoke('MuteVisitor', sceneId, 'ben');
    await expect(ben.client.invoke('SendPublicMessage', 'hello?')).rejects.toThrow(/muted you here/);
    await owner.client.invoke('UnmuteVisitor', sceneId, 'ben');
    await expect(ben.client.invoke('SendPublicMessage', 'thanks')).resolves.toEqual(expect.any(String));

    // Removed: out now, told why; the others see him go; he may come back.
    await owner.client.invoke('RemoveVisitor', sceneId, 'ben');
    expect(await ben.removed.next()).toEqual([{ sceneId, banned: false }]);
    await until(owner.visitors, ([list]) => (list as { userId: string }[]).every((v) => v.userId !== 'ben'));
    await expect(ben.client.invoke('SendPublicMessage', 'hi')).rejects.toThrow(/Join the space/);
    await ben.client.invoke('JoinScene', sceneId);

    // Banned: out, and kept out until the ban is lifted.
    await owner.client.invoke('BanVisitor', sceneId, 'ben');
    expect(await ben.removed.next()).toEqual([{ sceneId, banned: true }]);
    await expect(ben.client.invoke('JoinScene', sceneId)).rejects.toThrow(/does not let you in/);
    await owner.client.invoke('UnbanVisitor', sceneId, 'ben');
    await expect(ben.client.invoke<LiveInstanceEntered>('JoinScene', sceneId)).resolves.toMatchObject({
      sceneId,
    });
  });

  it("lets a district's Owners and Creators moderate its spaces, but not the space's owner", async () => {
    // Dee made the district; Cai creates in it; the space is Owner's, in the district.
    const districtId = uuidv7();
    await server.db.db
      .insert(districts)
      .values({ id: districtId, ownerId: 'dee', title: 'Harbour', subdomain: 'harbour-live' });
    await server.db.db.insert(districtMembers).values([
      { districtId, userId: 'dee', role: 'Owner' },
      { districtId, userId: 'cai', role: 'Creator' },
      { districtId, userId: 'owner', role: 'Creator' },
    ]);
    const sceneId = await space({ districtId });
    const cai = await connect('cai');
    const dee = await connect('dee');
    const ben = await connect('ben');
    const owner = await connect('owner');
    const guest = await connect(null);

    // Each is told on joining whether they moderate here.
    expect(await join(cai.client, sceneId)).toMatchObject({ moderator: true });
    expect(await join(ben.client, sceneId)).toMatchObject({ moderator: false });
    expect(await join(owner.client, sceneId)).toMatchObject({ moderator: true });
    expect(await join(guest.client, sceneId)).toMatchObject({ moderator: false });
    expect(await join(dee.client, sceneId)).toMatchObject({ moderator: true });

    // A Creator of the district mutes and removes a visitor; its Owner bans one.
    await cai.client.invoke('MuteVisitor', sceneId, 'ben');
    await expect(ben.client.invoke('SendPublicMessage', 'hello?')).rejects.toThrow(/muted you here/);
    await cai.client.invoke('RemoveVisitor', sceneId, 'ben');
    expect(await ben.removed.next()).toEqual([{ sceneId, banned: false }]);
    await dee.client.invoke('BanVisitor', sceneId, 'ben');
    await expect(join(ben.client, sceneId)).rejects.toThrow(/does not let you in/);

    // Nobody moderates the space's owner; a visitor who is not of the district moderates no one.
    await expect(dee.client.invoke('RemoveVisitor', sceneId, 'owner')).rejects.toThrow(/owner of this space/);
    await expect(guest.client.invoke('MuteVisitor', sceneId, 'cai')).rejects.toThrow(/Only the owner/);
    // The same people have no say over a space outside the district.
    const elsewhere = await space();
    await expect(cai.client.invoke('MuteVisitor', elsewhere, 'ben')).rejects.toThrow(/Only the owner/);
  });
});
