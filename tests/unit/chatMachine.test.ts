import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { ChatMessage } from '../../contracts/live';
import { chatRules, groupMessages } from '../../src/lib/chat';
import { chatMachine, hubErrorText } from '../../src/machines/chatMachine';
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
const tooFast = new Error(
  "An unexpected error occurred invoking 'SendPublicMessage' on the server. HubException: You are sending messages too fast; wait a moment",
);

function startChat() {
  const fakes = deferredActors();
  const actor = createActor(
    chatMachine.provide({ actors: { sendMessage: fakes.deferred('sendMessage') } as never }),
    {
      input: { sceneId: 's1' },
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
    { type: 'chat.send', text: '  hello  ' },
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
    // A message is sent trimmed, only from an open chat, and only when it has text.
    const sent = chat.fakes.calls.slice(sendsBefore);
    if (sent.length) {
      expect(before.matches({ open: 'idle' })).toBe(true);
      expect(sent).toHaveLength(1);
      expect(sent[0].input).toEqual({ text: 'hello' });
    }
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
