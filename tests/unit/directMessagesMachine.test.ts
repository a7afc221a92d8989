import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import type {
  DirectMessage,
  DirectMessageGroup,
  DirectMessageGroupsAnswer,
  DirectMessagesPage,
} from '../../contracts/directMessages';
import { DirectMessageInput, directMessageRules } from '../../contracts/directMessages';
import { directMessagesMachine, type DirectMessagesSnapshot } from '../../src/machines/directMessagesMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const me = { id: 'me', name: 'Me', profilePicture: null };
const ben = { id: 'ben', name: 'Ben', profilePicture: null };
const message = (id: string, groupId: string, from: typeof me, text: string): DirectMessage => ({
  id,
  groupId,
  text,
  time: '2026-11-29T10:00:00.000Z',
  user: from,
});
const g1: DirectMessageGroup = {
  groupId: 'g1',
  title: null,
  createdAt: '2026-11-29T09:00:00.000Z',
  members: [ben, me],
  lastMessage: message('m1', 'g1', ben, 'Hi'),
  unread: 1,
};
const g2: DirectMessageGroup = { ...g1, groupId: 'g2', lastMessage: null, unread: 0 };
const listed: DirectMessageGroupsAnswer = { groups: [g1], unread: 1 };
const page: DirectMessagesPage = { messages: [message('m1', 'g1', ben, 'Hi')], more: true };
const olderPage: DirectMessagesPage = { messages: [message('m0', 'g1', me, 'Hello?')], more: false };
const fromBen = message('m2', 'g1', ben, 'Are you there?');
const mine = message('m3', 'g1', me, 'Yes');
const refused = {
  status: 422,
  code: 'BUSINESS_RULE',
  message: 'You are sending messages too fast; wait a moment',
};
const lost = { message: 'Failed to fetch' };

const events = (_: DirectMessagesSnapshot): AnyEventObject[] => [
  { type: 'dm.open', groupId: 'g1' },
  { type: 'dm.start', userId: 'ben' },
  { type: 'dm.start', userId: 'ben', text: ' Hello from your space! ' },
  { type: 'dm.close' },
  { type: 'dm.send', text: ' Yes ' },
  { type: 'dm.send', text: '   ' },
  { type: 'dm.loadOlder' },
  { type: 'dm.retry' },
  { type: 'dm.resync' },
  { type: 'dm.received', message: fromBen },
  { type: 'dm.groupReceived', group: g2 },
  { type: 'xstate.done.actor.loadGroups', output: listed },
  { type: 'xstate.error.actor.loadGroups', error: lost },
  { type: 'xstate.done.actor.startGroup', output: g1 },
  { type: 'xstate.error.actor.startGroup', error: refused },
  { type: 'xstate.done.actor.loadMessages', output: page },
  { type: 'xstate.error.actor.loadMessages', error: lost },
  { type: 'xstate.done.actor.sendMessage', output: mine },
  { type: 'xstate.error.actor.sendMessage', error: refused },
  { type: 'xstate.done.actor.loadMessages', output: olderPage },
];

const quietHub = { hub: fromCallback(() => () => {}), hubWatch: fromCallback(() => () => {}) };
const input = { userId: 'me', clientIdPrefix: 'tab' };

function start() {
  const fakes = deferredActors();
  const actor = createActor(
    directMessagesMachine.provide({
      actors: {
        ...quietHub,
        loadGroups: fakes.deferred('loadGroups'),
        startGroup: fakes.deferred('startGroup'),
        loadMessages: fakes.deferred('loadMessages'),
        sendMessage: fakes.deferred('sendMessage'),
      } as never,
      actions: { markRead: (_: unknown, params: { groupId: string }) => marks.push(params.groupId) },
    }),
    { input },
  );
  const marks: string[] = [];
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, callsOf, marks };
}

/**
 * What the model tells apart (and a replay compares): the state, whether the window is shown,
 * which conversation is open, what the list and the conversation hold (by id) and whether a
 * reason is shown; not the wording of each reason nor the send counter of client ids.
 */
const serializeState = (snapshot: DirectMessagesSnapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    openId: context.openId,
    shown: context.shown,
    groups: context.groups.map((g) => `${g.groupId}:${g.unread}:${g.lastMessage?.id}`),
    messages: context.messages.map((m) => m.id),
    more: context.more,
    problem: context.problem !== null,
    error: context.error !== null,
    pending: context.pending,
  });
};

const threadEvents = new Set(['dm.open', 'dm.start', 'dm.close', 'dm.send', 'dm.loadOlder']);
const isThreadEvent = (event: AnyEventObject) =>
  threadEvents.has(event.type) || /actor\.(startGroup|loadMessages|sendMessage)$/.test(event.type);

/**
 * Keeps the model small: two walks instead of their product. The list's walk (reading, failing,
 * retrying, refreshing after a drop, news from the hub) with no conversation open; the
 * conversation's walk (opening, starting, sending, older pages, news) once the list is read.
 */
const filterEvents = (snapshot: DirectMessagesSnapshot, event: AnyEventObject) => {
  const listReady = snapshot.matches({ list: 'ready' });
  const started = snapshot.context.openId !== null || !snapshot.matches({ thread: 'closed' });
  if (isThreadEvent(event)) {
    if (!listReady || snapshot.context.groups.length !== 1) return false;
  } else if (started && event.type !== 'dm.received') {
    // In the conversation's walk, the list only hears the hub's messages.
    return false;
  }
  const thread = snapshot.matches({ thread: 'closed' })
    ? 'closed'
    : snapshot.matches({ thread: { open: 'idle' } })
      ? 'idle'
      : 'busy';
  switch (event.type) {
    case 'dm.open':
    case 'dm.start':
      return thread === 'closed' || snapshot.matches({ thread: 'failed' });
    case 'dm.close':
      return thread === 'idle' || snapshot.matches({ thread: 'failed' });
    case 'dm.received':
      return (
        thread !== 'busy' &&
        !snapshot.context.problem &&
        !snapshot.context.error &&
        !snapshot.context.messages.some((m) => m.id === mine.id)
      );
    case 'dm.send':
      return !snapshot.context.problem || event.text === ' Yes ';
    case 'xstate.done.actor.loadMessages':
      // The latest page when a conversation opens, an older one when asked for.
      return (event.output === olderPage) === snapshot.matches({ thread: { open: 'older' } });
    default:
      return true;
  }
};

describe('directMessagesMachine (model)', () => {
  const model = createPathModel(directMessagesMachine.provide({ actors: quietHub as never }), {
    events,
    input,
    serializeState,
    filterEvents,
  });
  const paths = getTransitionPaths(model);

  it('covers the list, a conversation, sending, older pages, refusals and news from the hub', () => {
    const steps = paths.flatMap((path) => path.steps);
    const threads = new Set(steps.map((s) => JSON.stringify((s.state.value as { thread: unknown }).thread)));
    for (const thread of [
      '"closed"',
      '"starting"',
      '"opening"',
      '"failed"',
      '{"open":"idle"}',
      '{"open":"sending"}',
      '{"open":"older"}',
    ])
      expect(threads).toContain(thread);
    const lists = new Set(steps.map((s) => (s.state.value as { list: string }).list));
    expect([...lists].sort()).toEqual(['failed', 'loading', 'ready', 'refreshing']);
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of [
      'xstate.error.actor.sendMessage',
      'xstate.done.actor.loadMessages',
      'dm.received',
      'dm.groupReceived',
    ])
      expect(types).toContain(type);
  });

  describePaths('replays', paths, (path) => async () => {
    const p = start();
    for (const step of replaySteps(path)) {
      const before = p.actor.getSnapshot();
      const sends = p.callsOf('sendMessage').length;
      const marks = p.marks.length;
      p.fakes.answer(p.actor, step.event);
      await flush();
      const after = p.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(serializeState(after)).toEqual(serializeState(step.state));

      // The badge is the sum of the conversations' unread counts, and an open one has none.
      expect(context.unread).toBe(context.groups.reduce((sum, g) => sum + g.unread, 0));
      if (after.matches({ thread: 'open' }))
        expect(context.groups.find((g) => g.groupId === context.openId)?.unread ?? 0).toBe(0);

      const sent = step.event as AnyEventObject & { text?: string };
      if (sent.type === 'dm.send') {
        const taken = before.matches({ thread: { open: 'idle' } }) && sent.text === ' Yes ';
        // Only a text that is not blank and not too long goes, trimmed, one at a time, with a new id each.
        expect(p.callsOf('sendMessage')).toHaveLength(sends + (taken ? 1 : 0));
        if (taken) {
          expect(p.fakes.latest('sendMessage').input).toEqual({
            groupId: 'g1',
            text: 'Yes',
            clientId: context.clientId,
          });
          expect(
            new Set(p.callsOf('sendMessage').map((c) => (c.input as { clientId: string }).clientId)).size,
          ).toBe(p.callsOf('sendMessage').length);
        }
      } else if (
        sent.type === 'xstate.done.actor.loadMessages' &&
        before.matches({ thread: 'opening' }) &&
        before.context.pending
      ) {
        // A conversation started with a first message sends it, trimmed, once it is open.
        expect(p.callsOf('sendMessage')).toHaveLength(sends + 1);
        expect(p.fakes.latest('sendMessage').input).toEqual({
          groupId: context.openId,
          text: 'Hello from your space!',
          clientId: context.clientId,
        });
        expect(context.pending).toBeNull();
        expect(after.matches({ thread: { open: 'sending' } })).toBe(true);
      } else expect(p.callsOf('sendMessage')).toHaveLength(sends);
      // Only a conversation being started carries a first message.
      if (context.pending !== null)
        expect(
          after.matches({ thread: 'starting' }) ||
            after.matches({ thread: 'opening' }) ||
            after.matches({ thread: 'failed' }),
        ).toBe(true);

      if (sent.type === 'xstate.error.actor.sendMessage') {
        // Refused: the reason is shown, nothing is added.
        expect(context.problem).toBe(refused.message);
        expect(context.messages).toEqual(before.context.messages);
      }
      if (sent.type === 'xstate.done.actor.sendMessage') {
        // Shown once, and the conversation's last message (the hub may have brought it first).
        expect(context.messages.filter((m) => m.id === mine.id).length).toBeLessThanOrEqual(1);
        expect(context.groups.find((g) => g.groupId === 'g1')?.lastMessage?.id).toBe(mine.id);
      }
      if (sent.type === 'dm.received') {
        const g1Before = before.context.groups.find((g) => g.groupId === 'g1');
        const fresh =
          g1Before &&
          g1Before.lastMessage?.id !== fromBen.id &&
          !before.context.messages.some((m) => m.id === fromBen.id);
        if (fresh && before.context.openId === 'g1') {
          // Read at once where it is open.
          expect(context.messages.at(-1)).toEqual(fromBen);
          expect(p.marks.slice(marks)).toEqual(['g1']);
        } else if (fresh) expect(context.unread).toBe(before.context.unread + 1);
        else expect(context).toEqual(before.context);
        if (fresh) expect(context.groups[0].lastMessage).toEqual(fromBen);
      }
      if (sent.type === 'xstate.done.actor.loadMessages' && before.matches({ thread: 'opening' }))
        expect(p.marks.slice(marks)).toEqual([context.openId]);
      if (sent.type === 'dm.start') expect(context.shown).toBe(true);
      if (after.matches({ list: 'failed' }) || after.matches({ thread: 'failed' }))
        expect(context.error).toBeTruthy();
    }
  });
});

describe('directMessagesMachine', () => {
  it('opens on someone from elsewhere, reads older pages before the first, and counts news elsewhere', async () => {
    const p = start();
    p.fakes.latest('loadGroups').resolve({ groups: [g2], unread: 0 });
    await flush();
    p.actor.send({ type: 'dm.start', userId: 'ben' });
    expect(p.actor.getSnapshot().context.shown).toBe(true);
    expect(p.fakes.latest('startGroup').input).toEqual({ userId: 'ben' });
    p.fakes.latest('startGroup').resolve(g1);
    await flush();
    expect(p.fakes.latest('loadMessages').input).toEqual({ groupId: 'g1', before: null });
    p.fakes.latest('loadMessages').resolve(page);
    await flush();
    expect(p.actor.getSnapshot().context.groups.map((g) => [g.groupId, g.unread])).toEqual([
      ['g1', 0],
      ['g2', 0],
    ]);
    p.actor.send({ type: 'dm.loadOlder' });
    expect(p.fakes.latest('loadMessages').input).toEqual({ groupId: 'g1', before: 'm1' });
    p.fakes.latest('loadMessages').resolve(olderPage);
    await flush();
    expect(p.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual(['m0', 'm1']);
    // News in the other conversation counts; the window closes and the conversation stays.
    p.actor.send({ type: 'dm.received', message: message('x1', 'g2', ben, 'Other') });
    p.actor.send({ type: 'dm.hide' });
    const after = p.actor.getSnapshot();
    expect(after.context).toMatchObject({ unread: 1, shown: false, openId: 'g1' });
    expect(after.context.groups[0].groupId).toBe('g2');
  });
});

describe('directMessagesMachine, beyond the model', () => {
  it('sends nothing too long, and keeps an open conversation read when the list is read again', async () => {
    const p = start();
    p.fakes.latest('loadGroups').resolve(listed);
    await flush();
    p.actor.send({ type: 'dm.open', groupId: 'g1' });
    p.fakes.latest('loadMessages').resolve(page);
    await flush();
    p.actor.send({ type: 'dm.send', text: 'x'.repeat(directMessageRules.textMaxLength + 1) });
    expect(p.callsOf('sendMessage')).toHaveLength(0);
    // Back from a drop: the server still counts g1 unread (the mark was on its way); it is open.
    p.actor.send({ type: 'dm.resync' });
    p.fakes.latest('loadGroups').resolve(listed);
    await flush();
    expect(p.actor.getSnapshot().context.unread).toBe(0);
  });
});

describe('directMessagesMachine, a first message', () => {
  it('is dropped, not sent elsewhere, when the conversation cannot be started', async () => {
    const p = start();
    p.fakes.latest('loadGroups').resolve(listed);
    await flush();
    p.actor.send({ type: 'dm.open', groupId: 'g1' });
    p.fakes.latest('loadMessages').resolve(page);
    await flush();
    // Greeting someone who blocked the user: refused; retrying reopens g1 and sends nothing.
    p.actor.send({ type: 'dm.start', userId: 'cai', text: 'Hello!' });
    p.fakes
      .latest('startGroup')
      .reject({ status: 422, code: 'BUSINESS_RULE', message: 'You cannot write to this person' });
    await flush();
    expect(p.actor.getSnapshot().context).toMatchObject({
      error: 'You cannot write to this person',
      pending: null,
    });
    p.actor.send({ type: 'dm.retry' });
    p.fakes.latest('loadMessages').resolve(page);
    await flush();
    expect(p.callsOf('sendMessage')).toHaveLength(0);
    // A blank or too long first message is not kept.
    for (const text of ['   ', 'x'.repeat(directMessageRules.textMaxLength + 1)]) {
      p.actor.send({ type: 'dm.start', userId: 'ben', text });
      expect(p.actor.getSnapshot().context.pending).toBeNull();
      p.actor.send({ type: 'dm.close' });
    }
  });
});

describe('directMessagesMachine client ids', () => {
  it('gives each send an id the server takes (letters, digits and -), new after each answer', async () => {
    const p = createActor(directMessagesMachine.provide({ actors: quietHub as never }), {
      input: { userId: 'me' },
    });
    const ids = [p.getSnapshot().context.clientId];
    expect(DirectMessageInput.safeParse({ text: 'x', clientId: ids[0] }).success).toBe(true);
    expect(ids[0]).toMatch(/-0$/);
  });
});
