import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveInstanceEntered, liveUserHubPath } from '../../../contracts/live';
import { decodePoses, encodePose, type LivePoseVisitor } from '../../../contracts/livePoses';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { scenes, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { redisInstalled, startRedis, type TestRedis } from '../../support/redis';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { hubClient, hubKeyOf, inbox, within } from '../hubs/support';

// Two server processes' worth of apps on one database and one Redis: visitors connected to
// different ones are in the same instance, see each other, hear each other's chat, and see one
// leave; a process that stops is forgotten.

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe.skipIf(!redisInstalled())('live presence across server processes (Redis)', () => {
  let redis: TestRedis;
  let db: DatabaseHandle;
  let issuer: TestIssuer;
  let one: TestApp;
  let two: TestApp;
  const bases: string[] = [];
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    db = await testDatabases()[0].open();
    issuer = await startTestIssuer();
    const live = { instanceCap: 2, countsEveryMs: 20, shareEveryMs: 200 };
    one = await buildTestApp(db, { ...issuer.env, REDIS_URL: redis.url }, { live });
    two = await buildTestApp(db, { ...issuer.env, REDIS_URL: redis.url }, { live });
    for (const t of [one, two]) {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      bases.push(`http://127.0.0.1:${address.port}`);
    }
    await db.db.insert(users).values(
      ['ana', 'ben', 'cai', 'owner'].map((id) => ({
        id,
        name: id.toUpperCase(),
        avatar: id === 'ben' ? 'sturdy/plum' : null,
      })),
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await one?.close();
    await two?.close();
    await issuer?.close();
    await db?.close();
    await redis?.stop();
  });

  async function connect(userId: string, base: string) {
    const client = hubClient(`${base}${liveUserHubPath}`, {
      token: hubKeyOf(base, () => issuer.headersFor(userId)),
    });
    const boxes = {
      visitors: inbox(client, 'LiveVisitorsInMySceneInstance'),
      count: inbox(client, 'LiveVisitorCountInMyScene'),
      chat: inbox(client, 'PublicMessage'),
      poses: inbox(client, 'Poses'),
      poseVisitors: inbox(client, 'PoseVisitors'),
      poseLeft: inbox(client, 'PoseVisitorsLeft'),
    };
    clients.push(client);
    await within(client.start(), 5000, 'start');
    return { client, ...boxes };
  }

  async function until(box: ReturnType<typeof inbox>, match: (args: unknown[]) => boolean) {
    for (;;) if (match(await box.next())) return;
  }
  /** A published space of 'owner'. */
  async function space(title: string) {
    const id = uuidv7();
    await db.db
      .insert(scenes)
      .values({ id, ownerId: 'owner', creatorId: 'owner', title, state: 'Published' });
    return id;
  }

  /** How many the process at `base` says are live in the space. */
  async function liveCount(base: string, sceneId: string) {
    const res = await fetch(`${base}/api/communicationInteractionService/live?sceneIds=${sceneId}`);
    return ((await res.json()) as { scenes: { count: number }[] }).scenes[0].count;
  }

  const names = (list: unknown) => (list as { userId: string }[]).map((v) => v.userId).join();

  it('puts visitors of different processes in one instance, and fills it before opening another', async () => {
    const sceneId = await space('Shared');
    const ana = await connect('ana', bases[0]);
    const ben = await connect('ben', bases[1]);
    const joined = await ana.client.invoke<LiveInstanceEntered>('JoinScene', sceneId);
    expect(joined.instanceId).toBe('1');
    // Ben's process has heard of Ana once it shared her.
    await expect.poll(() => liveCount(bases[1], sceneId)).toBe(1);
    const bens = await ben.client.invoke<LiveInstanceEntered>('JoinScene', sceneId);
    expect(bens.instanceId).toBe('1');
    expect(names(bens.visitors)).toBe('ana,ben');
    await until(ana.visitors, ([list]) => names(list) === 'ana,ben');
    // Ben's avatar comes with him from the other process; Ana picked none.
    expect(bens.visitors.map((v) => v.avatar)).toEqual([null, 'sturdy/plum']);
    await until(ana.count, ([c]) => (c as { count: number }).count === 2);
    await until(ben.count, ([c]) => (c as { count: number }).count === 2);

    // Moves cross processes: Ana learns who Ben's pose id is, then sees him walk.
    await ben.client.send(
      'SendPose',
      base64(encodePose({ x: 5, y: 0, z: 1, yaw: 0, speaking: false, emote: 0 })),
    );
    await until(ana.poseVisitors, ([list]) =>
      (list as LivePoseVisitor[]).some(
        (v) => v.userId === 'ben' && v.poseId === bens.poseId && v.avatar === 'sturdy/plum',
      ),
    );
    await until(ana.poses, ([batch]) =>
      decodePoses(batch as string).some((p) => p.id === bens.poseId && p.x === 5 && p.z === 1),
    );

    // Chat crosses processes.
    await ben.client.invoke('SendPublicMessage', 'Hello from the other process');
    expect((await ana.chat.next())[0]).toMatchObject({ text: 'Hello from the other process' });

    // The instance is full (cap 2): a third visitor on Ana's process opens instance 2.
    const cai = await connect('cai', bases[0]);
    await expect.poll(() => liveCount(bases[0], sceneId)).toBe(2);
    expect((await cai.client.invoke<LiveInstanceEntered>('JoinScene', sceneId)).instanceId).toBe('2');

    // Ben goes: Ana sees it, through the other process's share.
    await ben.client.stop();
    await until(ana.visitors, ([list]) => names(list) === 'ana');
    await until(ana.poseLeft, ([ids]) => (ids as number[]).includes(bens.poseId));
    await until(ana.count, ([c]) => (c as { count: number }).count === 2);
  });

  it('forgets the visitors of a process that stops', async () => {
    const sceneId = await space('Shared too');
    const ana = await connect('ana', bases[0]);
    const ben = await connect('ben', bases[1]);
    await ana.client.invoke('JoinScene', sceneId);
    const bens = await ben.client.invoke<LiveInstanceEntered>('JoinScene', sceneId);
    await until(ana.count, ([c]) => (c as { count: number }).count === 2);
    await until(ana.poseVisitors, ([list]) =>
      (list as LivePoseVisitor[]).some((v) => v.poseId === bens.poseId),
    );
    // The second process goes away without a word (its connections close with it).
    await two.close();
    await until(ana.count, ([c]) => (c as { count: number }).count === 1);
    await until(ana.poseLeft, ([ids]) => (ids as number[]).includes(bens.poseId));
  });
});
