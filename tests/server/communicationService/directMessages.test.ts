import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DirectMessage,
  DirectMessageGroup,
  DirectMessageGroupsAnswer,
  directMessageHubPath,
  directMessageMessages,
  directMessageRules,
  DirectMessagesPage,
} from '../../../contracts/directMessages';
import type { DatabaseHandle } from '../../../server/db';
import { directMessages, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { inbox, within } from '../hubs/support';
import { hubTestServer } from '../hubs/testServer';

const base = '/api/communicationInteractionService/directMessageGroups';

describe.each(testDatabases())('direct messages on $name', ({ open }) => {
  let db: DatabaseHandle;
  let issuer: TestIssuer;
  let t: TestApp;

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, issuer.env);
    await db.db.insert(users).values([
      ...['ana', 'ben', 'cai', 'dee', 'eli', 'fay', 'gus'].map((id) => ({
        id,
        name: `${id[0].toUpperCase()}${id.slice(1)}`,
      })),
      { id: 'gone', name: 'Gone', active: false },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await db?.close();
  });

  const headers = async (userId: string | null) => (userId ? await issuer.headersFor(userId) : {});
  const call = async (method: 'GET' | 'POST', url: string, userId: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: await headers(userId), ...(payload ? { payload } : {}) });
  const start = (userId: string | null, userIds: string[], title?: string) =>
    call('POST', base, userId, { userIds, ...(title ? { title } : {}) });
  const write = (groupId: string, userId: string | null, text: string, clientId?: string) =>
    call('POST', `${base}/${groupId}/messages`, userId, { text, ...(clientId ? { clientId } : {}) });
  const page = (groupId: string, userId: string | null, before?: string) =>
    call('GET', `${base}/${groupId}/messages${before ? `?before=${before}` : ''}`, userId);
  const groupsOf = async (userId: string) =>
    DirectMessageGroupsAnswer.parse((await call('GET', base, userId)).json());

  it('keeps a conversation between two people, with unread counts until it is read', async () => {
    const made = await start('ana', ['ben']);
    expect(made.statusCode, made.body).toBe(201);
    const group = DirectMessageGroup.parse(made.json());
    expect(group.members.map((m) => m.name)).toEqual(['Ana', 'Ben']);
    // Asking again, from either side, answers the same pair.
    const again = await start('ben', ['ana']);
    expect(again.statusCode).toBe(200);
    expect(DirectMessageGroup.parse(again.json()).groupId).toBe(group.groupId);

    const sent = await write(group.groupId, 'ana', '  Hello Ben <b>hi</b>  ');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(DirectMessage.parse(sent.json())).toMatchObject({
      text: 'Hello Ben <b>hi</b>',
      user: { id: 'ana', name: 'Ana' },
      groupId: group.groupId,
    });
    await write(group.groupId, 'ana', 'Are you there?');

    const bens = await groupsOf('ben');
    expect(bens.unread).toBe(2);
    expect(bens.groups[0]).toMatchObject({ groupId: group.groupId, unread: 2 });
    expect(bens.groups[0].lastMessage?.text).toBe('Are you there?');
    // The sender has read what they wrote.
    expect((await groupsOf('ana')).unread).toBe(0);

    const read = await call('POST', `${base}/${group.groupId}/read`, 'ben');
    expect(read.statusCode, read.body).toBe(204);
    expect((await groupsOf('ben')).unread).toBe(0);

    const messages = DirectMessagesPage.parse((await page(group.groupId, 'ben')).json());
    expect(messages.messages.map((m) => m.text)).toEqual(['Hello Ben <b>hi</b>', 'Are you there?']);
    expect(messages.more).toBe(false);
  });

  it('pages older messages, and takes a message sent again once', async () => {
    const group = DirectMessageGroup.parse((await start('cai', ['dee', 'eli'], 'Planning')).json());
    expect(group.title).toBe('Planning');
    const total = directMessageRules.pageSize + 3;
    await db.db.insert(directMessages).values(
      Array.from({ length: total }, (_, i) => ({
        id: `0000000${String(i).padStart(2, '0')}-0000-7000-8000-000000000000`,
        groupId: group.groupId,
        senderId: i % 2 ? 'dee' : 'cai',
        text: `message ${i}`,
      })),
    );
    const latest = DirectMessagesPage.parse((await page(group.groupId, 'eli')).json());
    expect(latest.messages).toHaveLength(directMessageRules.pageSize);
    expect(latest.messages.at(-1)?.text).toBe(`message ${total - 1}`);
    expect(latest.more).toBe(true);
    const older = DirectMessagesPage.parse((await page(group.groupId, 'eli', latest.messages[0].id)).json());
    expect(older.messages.map((m) => m.text)).toEqual(['message 0', 'message 1', 'message 2']);
    expect(older.more).toBe(false);

    const first = DirectMessage.parse((await write(group.groupId, 'eli', 'Once', 'eli-1')).json());
    const second = await write(group.groupId, 'eli', 'Once', 'eli-1');
    expect(DirectMessage.parse(second.json()).id).toBe(first.id);
    const after = DirectMessagesPage.parse((await page(group.groupId, 'eli')).json());
    expect(after.messages.filter((m) => m.text === 'Once')).toHaveLength(1);
  });

  it('refuses bad input with a reason and changes nothing', async () => {
    const group = DirectMessageGroup.parse((await start('fay', ['gus'])).json());
    const refusals: [Awaited<ReturnType<typeof call>>, number, string][] = [
      [await write(group.groupId, 'fay', '   '), 422, directMessageMessages.empty],
      [
        await write(group.groupId, 'fay', 'x'.repeat(directMessageRules.textMaxLength + 1)),
        422,
        directMessageMessages.tooLong,
      ],
      [await start('fay', ['gone']), 422, directMessageMessages.unknownUser],
      [await start('fay', ['nobody-at-all']), 422, directMessageMessages.unknownUser],
      [await start('fay', ['fay']), 422, directMessageMessages.nobody],
      [await start('fay', []), 400, ''],
      [
        await start(
          'fay',
          Array.from({ length: directMessageRules.maxMembers }, (_, i) => `u${i}`),
        ),
        400,
        '',
      ],
      [await write(group.groupId, 'fay', 42 as unknown as string), 400, ''],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBeTruthy();
      if (message) expect(res.json().message).toBe(message);
    }
    expect(DirectMessagesPage.parse((await page(group.groupId, 'gus')).json()).messages).toEqual([]);
    expect((await groupsOf('fay')).groups.map((g) => g.groupId)).toEqual([group.groupId]);
  });

  it('lets only members read and write, and nobody signed out', async () => {
    const group = DirectMessageGroup.parse((await start('ana', ['cai'])).json());
    await write(group.groupId, 'ana', 'Just us');
    for (const [userId, status] of [
      [null, 401],
      ['ben', 403],
    ] as const) {
      expect((await page(group.groupId, userId)).statusCode).toBe(status);
      expect((await write(group.groupId, userId, 'Let me in')).statusCode).toBe(status);
      expect((await call('POST', `${base}/${group.groupId}/read`, userId)).statusCode).toBe(status);
    }
    expect((await call('GET', base, null)).statusCode).toBe(401);
    expect((await start(null, ['ana'])).statusCode).toBe(401);
    expect((await page('no-such-group', 'ana')).statusCode).toBe(404);
    // Ben's list does not show it, and the two still read only their own words.
    expect((await groupsOf('ben')).groups.some((g) => g.groupId === group.groupId)).toBe(false);
    const texts = DirectMessagesPage.parse((await page(group.groupId, 'cai')).json()).messages.map(
      (m) => m.text,
    );
    expect(texts).toEqual(['Just us']);
  });

  it('limits how fast one person writes', async () => {
    const group = DirectMessageGroup.parse((await start('dee', ['gus'])).json());
    const answers = [];
    for (let i = 0; i <= directMessageRules.messagesPerWindow; i++)
      answers.push(await write(group.groupId, 'dee', `burst ${i}`));
    expect(answers.slice(0, -1).every((res) => res.statusCode === 201)).toBe(true);
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(directMessageMessages.tooFast);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain(base);
    expect(paths).toContain(`${base}/{groupId}/messages`);
  });
});

describe('direct-message-group hub with the official SignalR client', () => {
  const server = hubTestServer({ users: ['ana', 'ben', 'cai'] });

  const connect = (userId: string | null) =>
    server.connect(directMessageHubPath, userId, (client) => ({
      groups: inbox(client, 'NewDirectMessageGroup'),
      messages: inbox(client, 'NewDirectMessageGroupMessage'),
    }));

  it('tells every member of a new group and delivers each message to every member, as text', async () => {
    const ana = await connect('ana');
    const ben = await connect('ben');
    const benAgain = await connect('ben');
    const cai = await connect('cai');
    const res = await server.t.app.inject({
      method: 'POST',
      url: base,
      headers: await server.headersFor('ana'),
      payload: { userIds: ['ben'] },
    });
    const group = DirectMessageGroup.parse(res.json());
    const [told] = await within(ben.groups.next(), 3000, 'NewDirectMessageGroup');
    expect(DirectMessageGroup.parse(told).groupId).toBe(group.groupId);
    await within(ana.groups.next(), 3000, 'own NewDirectMessageGroup');

    const id = await ana.client.invoke<string>(
      'SendDirectMessageGroupMessage',
      group.groupId,
      '<img src=x onerror=alert(1)>',
      'ana-1',
    );
    for (const box of [ben.messages, benAgain.messages, ana.messages]) {
      const [message] = await within(box.next(), 3000, 'NewDirectMessageGroupMessage');
      expect(DirectMessage.parse(message)).toMatchObject({ id, text: '<img src=x onerror=alert(1)>' });
    }
    // Someone not in the group neither receives it nor may write in it.
    await expect(cai.client.invoke('SendDirectMessageGroupMessage', group.groupId, 'Hi')).rejects.toThrow(
      directMessageMessages.notMember,
    );
    await expect(ana.client.invoke('SendDirectMessageGroupMessage', group.groupId, '  ')).rejects.toThrow(
      directMessageMessages.empty,
    );
    await expect(ana.client.invoke('SendDirectMessageGroupMessage', 42, 'Hi')).rejects.toThrow(
      'needs a conversation id',
    );
    expect(cai.messages.received).toEqual([]);
  });

  it('refuses a connection without a key', async () => {
    await expect(connect(null)).rejects.toThrow();
  });
});
