import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { ChatMessage } from '../../contracts/live';
import { chatRules, groupMessages } from '../../src/lib/chat';
import { chatMachine, hubErrorText, messageIdOf } from '../../src/machines/chatMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const message = (id: string, userId: string, minute = 0, sceneId = 's1'): ChatMessage => ({
  id,
  text: `text ${id}`,
  time: new Date(Date.UTC(2026, 10, 29, 10, minute)).toISOString(),
  user: { id: userId, name: userId, profilePicture: null },
  sceneId,
  instanceId: '1',
});
const connectionLost = new Error("Cannot send data if the connection is not in the 'Connected' State.");
const tooFast = new Error(
  "An unexpected error occurred invoking 'SendPublicMessage' on the server. HubException: You are sending messages too fast; wait a moment",
);

function startChat(idPrefix?: string) {
  const fakes = deferredActors();
  const actor = createActor(
    chatMachine.provide({ actors: { sendMessage: fakes.deferred('sendMessage') } as never }),
    {
      input: { sceneId: 's1', idPrefix },
    },
  ).start();
  return { actor, fakes, play: (event: AnyEventObject) => fakes.answer(actor, event) };
}

const model = createPathModel(chatMachine, {
  input: { sceneId: 's1' },
  events: (snapshot) => [
    { type: 'chat.available', userId: 'me' },
    { type: 'chat.disabled', userId: 'me' },
    { type: 'chat.unavailable' },
    // One message with text, so that the model stays finite (more in the examples below).
    ...(snapshot.context.nextId === 1 ? [{ type: 'chat.send', text: '  hello  ' }] : []),
    { type: 'chat.send', text: '   ' },
    { type: 'chat.scrolled', atBottom: false },
    { type: 'chat.scrolled', atBottom: true },
    // New messages only while few have come, so that the model stays finite.
    // Someone else's message first, then the reader's own (a finite model); another space's, never kept.
    ...([
      [{ type: 'chat.received', message: message('m0', 'ana') }],
      [{ type: 'chat.received', message: message('m1', 'me') }],
    ][snapshot.context.messages.length] ?? []),
    { type: 'chat.received', message: message('elsewhere', 'ana', 0, 's2') },
    { type: 'xstate.done.actor.sendMessage' },
    { type: 'xstate.error.actor.sendMessage', error: tooFast },
    { type: 'xstate.error.actor.sendMessage', error: connectionLost },
    // The server's echo of the reader's message (it may come before the answer, or instead).
    ...(snapshot.context.outbox.length
      ? [{ type: 'chat.received', message: { ...message(messageIdOf('1'), 'me'), text: 'hello' } }]
      : []),
  ],
});

describePaths('chat machine (model)', getTransitionPaths(model), (path) => async () => {
  const chat = startChat();
  for (const step of replaySteps(path)) {
    const before = chat.actor.getSnapshot();
    const sendsBefore = chat.fakes.calls.length;
    chat.play(step.event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = chat.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    // A message is sent trimmed with its id, one at a time, only from an open chat; each written
    // message with text waits in the outbox until the server took it or refused it.
    const sent = chat.fakes.calls.slice(sendsBefore);
    if (sent.length) {
      expect(snapshot.matches({ open: 'sending' })).toBe(true);
      expect(sent).toHaveLength(1);
      expect(sent[0].input).toEqual({ text: 'hello', clientId: '1' });
    }
    expect(snapshot.context.outbox.every((m) => m.text === 'hello')).toBe(true);
    if (step.event.type === 'chat.send' && (step.event as unknown as { text: string }).text.trim()) {
      // Written while in (or in before and the connection is away): it waits; never otherwise.
      const mayWrite =
        before.matches('open') || (before.matches('unavailable') && before.context.myUserId !== null);
      expect(snapshot.context.outbox.length).toBe(before.context.outbox.length + (mayWrite ? 1 : 0));
    }
    // Nothing is lost to a failed connection: the message stays, first in line.
    if (step.event.type === 'xstate.error.actor.sendMessage' && before.matches({ open: 'sending' })) {
      const lost = (step.event as unknown as { error: Error }).error === connectionLost;
      expect(snapshot.context.outbox.length).toBe(before.context.outbox.length - (lost ? 0 : 1));
      if (lost) expect(snapshot.matches({ open: 'held' })).toBe(true);
    }
    // The reader's own message coming back leaves the outbox (it was taken).
    if (step.event.type === 'chat.received')
      expect(
        snapshot.context.outbox.some(
          (m) => messageIdOf(m.id) === (step.event as unknown as { message: ChatMessage }).message.id,
        ),
      ).toBe(false);
    // Unread counts messages that came while scrolled up (never the reader's own, once known), and
    // nothing at the bottom.
    if (snapshot.context.atBottom) expect(snapshot.context.unread).toBe(0);
    expect(snapshot.context.unread).toBeLessThanOrEqual(snapshot.context.messages.length);
    if (step.event.type === 'chat.received' && before.context.myUserId === 'me') {
      const { message: m } = step.event as unknown as { message: ChatMessage };
      const counts = m.sceneId === 's1' && m.user.id !== 'me' && !before.context.atBottom;
      expect(snapshot.context.unread - before.context.unread).toBe(counts ? 1 : 0);
    }
    expect(snapshot.context.messages.every((m) => m.sceneId === 's1')).toBe(true);
  }
  chat.actor.stop();
});

describe('chat machine', () => {
  it('says why a message was not sent, in the hub’s words', async () => {
    expect(hubErrorText(tooFast)).toBe('You are sending messages too fast; wait a moment');
    expect(hubErrorText(new Error('offline'))).toBe('offline');
  });

  it('sends messages written in a row one after another, each with its own id, in order', async () => {
    const chat = startChat('p-');
    chat.actor.send({ type: 'chat.available', userId: 'me' });
    chat.actor.send({ type: 'chat.send', text: 'one' });
    chat.actor.send({ type: 'chat.send', text: 'two' });
    expect(chat.fakes.calls.map((c) => c.input)).toEqual([{ text: 'one', clientId: 'p-1' }]);
    chat.play({ type: 'xstate.done.actor.sendMessage' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.fakes.calls.map((c) => c.input)).toEqual([
      { text: 'one', clientId: 'p-1' },
      { text: 'two', clientId: 'p-2' },
    ]);
    chat.actor.stop();
  });

  it('keeps what the reader writes while the connection is away, and sends it when back', async () => {
    vi.useFakeTimers();
    try {
      const chat = startChat();
      chat.actor.send({ type: 'chat.available', userId: 'me' });
      chat.actor.send({ type: 'chat.send', text: 'first' });
      // The connection fails under it: the message stays and is tried again a little later.
      chat.play({ type: 'xstate.error.actor.sendMessage', error: connectionLost });
      await vi.advanceTimersByTimeAsync(0);
      expect(chat.actor.getSnapshot().matches({ open: 'held' })).toBe(true);
      expect(chat.actor.getSnapshot().context.error).toBeNull();
      // The visit notices: out of the space for now; the reader goes on writing.
      chat.actor.send({ type: 'chat.unavailable' });
      chat.actor.send({ type: 'chat.send', text: 'second' });
      expect(chat.actor.getSnapshot().context.outbox.map((m) => m.text)).toEqual(['first', 'second']);
      await vi.advanceTimersByTimeAsync(chatRules.retryMs * 2);
      expect(chat.fakes.calls).toHaveLength(1);
      // Back: both go, in order, and nothing else waits.
      chat.actor.send({ type: 'chat.available', userId: 'me-again' });
      expect(chat.fakes.calls.at(-1)!.input).toEqual({ text: 'first', clientId: '1' });
      chat.play({ type: 'xstate.done.actor.sendMessage' });
      await vi.advanceTimersByTimeAsync(0);
      expect(chat.fakes.calls.at(-1)!.input).toEqual({ text: 'second', clientId: '2' });
      chat.play({ type: 'xstate.done.actor.sendMessage' });
      await vi.advanceTimersByTimeAsync(0);
      expect(chat.actor.getSnapshot().context.outbox).toEqual([]);
      expect(chat.actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
      chat.actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing written by a reader who was never in, nor more than the outbox holds', () => {
    const chat = startChat();
    chat.actor.send({ type: 'chat.send', text: 'too early' });
    expect(chat.actor.getSnapshot().context.outbox).toEqual([]);
    chat.actor.send({ type: 'chat.available', userId: 'me' });
    chat.actor.send({ type: 'chat.unavailable' });
    for (let i = 0; i < chatRules.outboxMax + 3; i++) chat.actor.send({ type: 'chat.send', text: `m${i}` });
    expect(chat.actor.getSnapshot().context.outbox).toHaveLength(chatRules.outboxMax);
    chat.actor.stop();
  });

  it('keeps the last messages only', () => {
    const chat = startChat();
    for (let i = 0; i < chatRules.kept + 5; i++)
      chat.actor.send({ type: 'chat.received', message: message(`m${i}`, 'ana') });
    const { messages } = chat.actor.getSnapshot().context;
    expect(messages).toHaveLength(chatRules.kept);
    expect(messages[0].id).toBe('m5');
  });
});

describe('chat groups', () => {
  it('groups one sender’s messages at most 10 minutes apart, the reader’s on the right', () => {
    const groups = groupMessages(
      [
        message('a', 'ana', 0),
        message('b', 'ana', 10),
        message('c', 'ana', 21),
        message('d', 'me', 21),
        message('e', 'ana', 22),
      ],
      'me',
    );
    expect(groups.map((g) => [g.user.id, g.alignment, g.messages.map((m) => m.id).join('')])).toEqual([
      ['ana', 'left', 'ab'],
      ['ana', 'left', 'c'],
      ['me', 'right', 'd'],
      ['ana', 'left', 'e'],
    ]);
    expect(groupMessages([], null)).toEqual([]);
  });
});
