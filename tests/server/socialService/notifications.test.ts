import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationHubPath } from '../../../contracts/hubs';
import type { DatabaseHandle } from '../../../server/db';
import { notifications } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { hubClient, inbox, within } from '../hubs/support';
import { socialApi } from './followHelpers';

const keyPath = '/api/communicationInteractionService/key';

describe.each(testDatabases())('notifications on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let social: ReturnType<typeof socialApi>;
  let base = '';
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    social = socialApi(t, issuer);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** Connects to the notification hub as the SPA does: the key from the key route, then the hub. */
  async function connect(userId: string) {
    const client = hubClient(`${base}${notificationHubPath}`, {
      token: async () => {
        const res = await fetch(`${base}${keyPath}`, { headers: await issuer.headersFor(userId) });
        return ((await res.json()) as { key: string }).key;
      },
    });
    clients.push(client);
    await within(client.start(), 5000, 'start');
    return client;
  }

  it('pushes a new follower live over the hub, and keeps it for later', async () => {
    await social.signUp('live-creator', 'live-fan');
    const client = await connect('live-creator');
    const received = inbox(client, 'Notification');

    expect((await social.follow('live-fan', 'live-creator')).statusCode).toBe(200);
    const [pushed] = await received.next();
    expect(pushed).toMatchObject({
      kind: 'newFollower',
      actor: { userId: 'live-fan', name: 'Name of live-fan', username: null, profilePicture: null },
      link: '/user/live-fan',
      params: { name: 'Name of live-fan' },
      readAt: null,
      unread: 1,
    });

    const page = await social.notifications('live-creator');
    expect(page.statusCode).toBe(200);
    const { unread, ...stored } = pushed as { unread: number };
    expect(unread).toBe(1);
    expect(page.json()).toEqual({ items: [stored], cp: 0, ipp: 20, total: 1, unread: 1 });
    // Following again, even after an unfollow, tells nothing new while the first is unread.
    await social.follow('live-fan', 'live-creator');
    await social.unfollow('live-fan', 'live-creator');
    await social.follow('live-fan', 'live-creator');
    expect((await social.notifications('live-creator')).json().total).toBe(1);
    expect(received.received).toEqual([]);
  });

  it('sends the newest unread again to users who may have missed pushes', async () => {
    await social.signUp('missed', 'missed-fan-1', 'missed-fan-2', 'all-read');
    await social.follow('missed-fan-1', 'missed');
    await social.follow('missed-fan-2', 'missed');
    await social.follow('missed-fan-1', 'all-read');
    await social.markAllRead('all-read');
    const missed = inbox(await connect('missed'), 'Notification');
    const allRead = inbox(await connect('all-read'), 'Notification');
    await t.app.notifications.catchUp(['missed', 'all-read']);
    const [again] = await missed.next();
    expect(again).toMatchObject({ kind: 'newFollower', actor: { userId: 'missed-fan-2' }, unread: 2 });
    // Nothing unread: nothing sent.
    await expect(allRead.next(300)).rejects.toThrow(/timed out/);
  });

  it('stores notifications for a user who is offline, newest first, paged', async () => {
    await social.signUp('away', 'visitor-1', 'visitor-2', 'visitor-3');
    for (const v of ['visitor-1', 'visitor-2', 'visitor-3']) await social.follow(v, 'away');
    const first = (await social.notifications('away', '?cp=0&ipp=2')).json();
    expect(first).toMatchObject({ cp: 0, ipp: 2, total: 3, unread: 3 });
    expect(first.items.map((n: { actor: { userId: string } }) => n.actor.userId)).toEqual([
      'visitor-3',
      'visitor-2',
    ]);
    const second = (await social.notifications('away', '?cp=1&ipp=2')).json();
    expect(second.items.map((n: { actor: { userId: string } }) => n.actor.userId)).toEqual(['visitor-1']);
  });

  it('marks one read, then all read; only its own user may', async () => {
    await social.signUp('reader', 'writer-1', 'writer-2', 'snoop');
    await social.follow('writer-1', 'reader');
    await social.follow('writer-2', 'reader');
    const [newest, older] = (await social.notifications('reader')).json().items;

    // A stranger cannot mark someone else's notification: it is not theirs to see.
    const stranger = await social.markRead('snoop', newest.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NOT_FOUND');
    expect((await social.markRead(null, newest.id)).statusCode).toBe(401);
    expect((await social.notifications('reader')).json().unread).toBe(2);

    const marked = await social.markRead('reader', newest.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 1 });
    // Marking again keeps it read.
    expect((await social.markRead('reader', newest.id)).json()).toEqual({ unread: 1 });
    const page = (await social.notifications('reader')).json();
    expect(page.items.find((n: { id: string }) => n.id === newest.id).readAt).not.toBeNull();
    expect(page.items.find((n: { id: string }) => n.id === older.id).readAt).toBeNull();

    expect((await social.markAllRead(null)).statusCode).toBe(401);
    expect((await social.markAllRead('reader')).json()).toEqual({ unread: 0 });
    expect((await social.notifications('reader')).json().unread).toBe(0);
    expect((await social.markRead('reader', 'no-such-notification')).statusCode).toBe(404);
  });

  it('asks anonymous callers to sign in, and shows each user only their own', async () => {
    await social.signUp('private-p', 'follower-f');
    await social.follow('follower-f', 'private-p');
    expect((await social.notifications(null)).statusCode).toBe(401);
    expect((await social.settings(null)).statusCode).toBe(401);
    expect((await social.patchSettings(null, { comment: false })).statusCode).toBe(401);
    expect((await social.notifications('follower-f')).json()).toMatchObject({ total: 0, unread: 0 });
    expect((await social.notifications('private-p')).json()).toMatchObject({ total: 1, unread: 1 });
  });

  it('validates paging and settings', async () => {
    await social.signUp('validator');
    for (const query of ['?ipp=0', '?ipp=51', '?cp=-1', '?cp=abc']) {
      const res = await social.notifications('validator', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const body of [{}, { comment: 'no' }, { sms: false }]) {
      const res = await social.patchSettings('validator', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // Settings need a user record.
    expect((await social.patchSettings('no-record', { comment: false })).statusCode).toBe(404);
  });

  it('neither stores nor pushes a kind turned off, and stores it again once on', async () => {
    await social.signUp('quiet', 'noisy', 'noisy-2');
    expect((await social.settings('quiet')).json()).toEqual({
      newFollower: true,
      comment: true,
      reply: true,
      groupInvitation: true,
      districtRequest: true,
    });
    const off = await social.patchSettings('quiet', { newFollower: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      newFollower: false,
      comment: true,
      reply: true,
      groupInvitation: true,
      districtRequest: true,
    });

    const client = await connect('quiet');
    const received = inbox(client, 'Notification');
    expect((await social.follow('noisy', 'quiet')).statusCode).toBe(200);
    // The follow counts, but nothing is stored…
    expect(await social.counts('quiet')).toMatchObject({ numOfFollowers: 1 });
    expect((await social.notifications('quiet')).json()).toMatchObject({ total: 0, unread: 0 });

    // …nor pushed: the next push the client gets is the one after turning the kind on again.
    expect((await social.patchSettings('quiet', { newFollower: true })).json().newFollower).toBe(true);
    await social.follow('noisy-2', 'quiet');
    const [next] = await received.next();
    expect(next).toMatchObject({ kind: 'newFollower', actor: { userId: 'noisy-2' }, unread: 1 });
    expect(received.received).toEqual([]);
    expect((await social.notifications('quiet')).json().total).toBe(1);
  });

  it('lets other features notify through one function, never telling people of what they did', async () => {
    await social.signUp('space-owner', 'commenter');
    const told = await t.app.notifications.notify('space-owner', 'comment', {
      actorId: 'commenter',
      link: '/viewer/some-space',
      params: { spaceTitle: 'Print Fair' },
    });
    expect(told).toMatchObject({ kind: 'comment', link: '/viewer/some-space' });
    expect(
      await t.app.notifications.notify('space-owner', 'comment', {
        actorId: 'space-owner',
        link: '/viewer/some-space',
      }),
    ).toBeNull();
    const items = (await social.notifications('space-owner')).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'comment', params: { spaceTitle: 'Print Fair' } });
  });

  it("removes a deleted user's notifications and those they caused", async () => {
    const password = 'correct horse battery staple';
    const { id: gone } = await createAccount(t.app.db, { email: 'gone@example.com', password });
    await social.signUp(gone, 'stays');
    await social.follow(gone, 'stays');
    await social.follow('stays', gone);
    await social.patchSettings(gone, { reply: false });
    expect((await social.notifications('stays')).json().total).toBe(1);
    expect((await social.users.remove(gone, gone, password)).statusCode).toBe(204);
    expect((await social.notifications('stays')).json().total).toBe(0);
    const rows = await t.app.db.select().from(notifications);
    expect(rows.filter((n) => n.userId === gone || n.actorId === gone)).toEqual([]);
  });
});
