import { describe, expect, it } from 'vitest';
import { blockMessages, blockRules, BlocksAnswer } from '../../../contracts/blocks';
import {
  DirectMessage,
  DirectMessageGroup,
  DirectMessageGroupsAnswer,
  directMessageHubPath,
  DirectMessagesPage,
} from '../../../contracts/directMessages';
import { userBlocks, users } from '../../../server/db/schema';
import { testDatabases } from '../../support/db';
import { inbox, within } from '../hubs/support';
import { hubTestServer } from '../hubs/testServer';

const blocksUrl = '/api/communicationInteractionService/blocks';
const groupsUrl = '/api/communicationInteractionService/directMessageGroups';

describe.each(testDatabases())('blocks on $name', ({ open }) => {
  const server = hubTestServer({ open, users: ['ana', 'ben', 'cai', 'dee', 'eve', 'fox', 'gil', 'hal'] });

  const call = async (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    userId: string | null,
    payload?: object,
  ) =>
    server.t.app.inject({
      method,
      url,
      headers: userId ? await server.headersFor(userId) : {},
      ...(payload ? { payload } : {}),
    });
  const block = (userId: string | null, whom: string) => call('PUT', `${blocksUrl}/${whom}`, userId);
  const unblock = (userId: string | null, whom: string) => call('DELETE', `${blocksUrl}/${whom}`, userId);
  const blocksOf = async (userId: string) =>
    BlocksAnswer.parse((await call('GET', blocksUrl, userId)).json());
  const start = (userId: string, userIds: string[]) => call('POST', groupsUrl, userId, { userIds });
  const write = (groupId: string, userId: string, text: string) =>
    call('POST', `${groupsUrl}/${groupId}/messages`, userId, { text });
  const page = async (groupId: string, userId: string) =>
    DirectMessagesPage.parse((await call('GET', `${groupsUrl}/${groupId}/messages`, userId)).json());

  const connect = (userId: string) =>
    server.connect(directMessageHubPath, userId, (client) => ({
      messages: inbox(client, 'NewDirectMessageGroupMessage'),
    }));

  it('describes its routes in the OpenAPI document', async () => {
    const res = await server.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([blocksUrl, `${blocksUrl}/{userId}`]),
    );
  });

  it('keeps whom a user blocked, for that user only; blocking twice or lifting none changes nothing', async () => {
    for (const whom of ['ben', 'cai', 'ben']) expect((await block('ana', whom)).statusCode).toBe(204);
    expect((await blocksOf('ana')).userIds.sort()).toEqual(['ben', 'cai']);
    // Someone else's list is their own.
    expect((await blocksOf('dee')).userIds).toEqual([]);
    expect((await unblock('ana', 'cai')).statusCode).toBe(204);
    expect((await unblock('ana', 'cai')).statusCode).toBe(204);
    expect((await unblock('dee', 'ben')).statusCode).toBe(204);
    expect((await blocksOf('ana')).userIds).toEqual(['ben']);
    await unblock('ana', 'ben');
  });

  it('refuses the anonymous, oneself, guests, unknown users and more than the limit, changing nothing', async () => {
    for (const res of [
      await call('GET', blocksUrl, null),
      await block(null, 'ana'),
      await unblock(null, 'ana'),
    ])
      expect(res.statusCode).toBe(401);

    const self = await block('eve', 'eve');
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 'BUSINESS_RULE', message: blockMessages.self });
    const guest = await block('eve', 'guest-1234');
    expect(guest.statusCode).toBe(422);
    expect(guest.json().message).toBe(blockMessages.guest);
    const unknown = await block('eve', 'nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(blockMessages.unknownUser);
    expect((await block('eve', 'x'.repeat(101))).statusCode).toBe(414);
    expect((await blocksOf('eve')).userIds).toEqual([]);

    // At the limit: another is refused, one already blocked is still fine.
    const filler = Array.from({ length: blockRules.maxBlocks - 1 }, (_, i) => `filler-${i}`);
    await server.db.db.insert(users).values(filler.map((id) => ({ id, name: id })));
    await server.db.db
      .insert(userBlocks)
      .values(filler.map((blockedId) => ({ blockerId: 'eve', blockedId })));
    expect((await block('eve', 'fox')).statusCode).toBe(204);
    const over = await block('eve', 'gil');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(blockMessages.tooMany);
    expect((await block('eve', 'fox')).statusCode).toBe(204);
    const list = (await blocksOf('eve')).userIds;
    expect(list).toHaveLength(blockRules.maxBlocks);
    expect(list[0]).toBe('fox');
    expect(list).not.toContain('gil');
  });

  it('keeps a conversation of two from starting or going on across a block, either way', async () => {
    const before = DirectMessageGroup.parse((await start('ana', ['dee'])).json());
    expect((await write(before.groupId, 'dee', 'Hello Ana')).statusCode).toBe(201);
    await block('ana', 'dee');

    for (const [from, to] of [
      ['dee', 'ana'],
      ['ana', 'dee'],
    ]) {
      const res = await write(before.groupId, from, 'Still there?');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: blockMessages.blocked });
      // Their existing conversation still opens; a new one with them does not start.
      expect((await start(from, [to])).statusCode).toBe(200);
      const groupWith = await start(from, [to, 'hal']);
      expect(groupWith.statusCode).toBe(422);
      expect(groupWith.json().message).toBe(blockMessages.blocked);
    }
    // Over the hub as well.
    const dee = await connect('dee');
    await expect(
      dee.client.invoke('SendDirectMessageGroupMessage', before.groupId, 'Over the hub'),
    ).rejects.toThrow(blockMessages.blocked);
    // Ana no longer reads what Dee wrote; Dee still reads it.
    expect((await page(before.groupId, 'ana')).messages).toEqual([]);
    expect((await page(before.groupId, 'dee')).messages.map((m) => m.text)).toEqual(['Hello Ana']);
    const anas = DirectMessageGroupsAnswer.parse((await call('GET', groupsUrl, 'ana')).json());
    expect(anas.unread).toBe(0);
    expect(anas.groups.find((g) => g.groupId === before.groupId)?.lastMessage).toBeNull();

    // Lifted: they write again, and the old message is back.
    await unblock('ana', 'dee');
    expect((await write(before.groupId, 'dee', 'Friends again')).statusCode).toBe(201);
    expect((await page(before.groupId, 'ana')).messages.map((m) => m.text)).toEqual([
      'Hello Ana',
      'Friends again',
    ]);
  });

  it('in a larger conversation, writes to everyone but whoever blocked the writer', async () => {
    const group = DirectMessageGroup.parse((await start('fox', ['gil', 'hal'])).json());
    await block('gil', 'hal');
    const fox = await connect('fox');
    const gil = await connect('gil');
    const hal = await connect('hal');
    const id = await hal.client.invoke<string>('SendDirectMessageGroupMessage', group.groupId, 'Hi all');
    const [got] = await within(fox.messages.next(), 3000, 'NewDirectMessageGroupMessage');
    expect(DirectMessage.parse(got)).toMatchObject({ id, text: 'Hi all' });
    // Gil blocked Hal: Gil's own messages still reach everyone, Hal's reach Gil nowhere.
    await write(group.groupId, 'gil', 'Hello');
    const [gilsOwn] = await within(gil.messages.next(), 3000, 'own message');
    expect(DirectMessage.parse(gilsOwn).text).toBe('Hello');
    expect(gil.messages.received).toEqual([]);
    expect((await page(group.groupId, 'gil')).messages.map((m) => m.text)).toEqual(['Hello']);
    expect((await page(group.groupId, 'fox')).messages.map((m) => m.text)).toEqual(['Hi all', 'Hello']);
  });
});
