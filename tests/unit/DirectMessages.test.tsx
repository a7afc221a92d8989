import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import '../../src/i18n';
import {
  type DirectMessage,
  type DirectMessageGroup,
  directMessageMessages,
  type DirectMessagesPage,
} from '../../contracts/directMessages';
import { type DirectMessagesEvent, directMessagesMachine } from '../../src/machines/directMessagesMachine';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { MessagesButton } from '../../src/views/social/DirectMessages';
import { renderInApp } from '../support/spa';

const me = { id: 'me', name: 'Mia', profilePicture: null };
const ben = { id: 'ben', name: 'Ben', profilePicture: null };
const user: SessionUser = { userId: 'me', name: 'Mia', roles: ['free-user'], accessToken: 'me-token' };

/** The direct messages flow with an in-memory server, and a hub the test speaks through. */
function fakeServer() {
  const messages: DirectMessage[] = [
    { id: 'm1', groupId: 'g1', text: 'Hello <b>Mia</b>', time: new Date().toISOString(), user: ben },
  ];
  const group: DirectMessageGroup = {
    groupId: 'g1',
    title: null,
    createdAt: new Date().toISOString(),
    members: [ben, me],
    lastMessage: messages[0],
    unread: 1,
  };
  let hub: ((event: DirectMessagesEvent) => void) | null = null;
  let next = 1;
  const flow = directMessagesMachine.provide({
    actors: {
      hub: fromCallback(() => () => {}) as never,
      hubWatch: fromCallback<DirectMessagesEvent>(({ sendBack }) => {
        hub = sendBack;
        return () => {
          hub = null;
        };
      }),
      loadGroups: fromPromise(async () => ({ groups: [group], unread: group.unread })),
      startGroup: fromPromise(async () => group),
      loadMessages: fromPromise(async (): Promise<DirectMessagesPage> => ({
        messages: [...messages],
        more: false,
      })),
      sendMessage: fromPromise(async ({ input }) => {
        if (input.text.includes('spam'))
          throw Object.assign(new Error(directMessageMessages.tooFast), { status: 422 });
        const message: DirectMessage = {
          id: `s${++next}`,
          groupId: input.groupId,
          text: input.text,
          time: new Date().toISOString(),
          user: me,
        };
        messages.push(message);
        return message;
      }),
    },
  });
  return { flow, messages, tell: (event: DirectMessagesEvent) => hub?.(event) };
}

describe('MessagesButton', () => {
  it('shows the unread count, opens a conversation, sends, says why a message is refused, and takes news', async () => {
    const server = fakeServer();
    await renderInApp(<MessagesButton userId="me" />, { user, flows: { directMessages: server.flow } });
    const use = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Messages, 1 unread' });
    await use.click(button);
    const window = await screen.findByRole('dialog', { name: 'Messages' });
    await use.click(within(window).getByRole('button', { name: 'Conversation with Ben, 1 unread' }));

    // The text is shown as text, and opening the conversation reads it.
    const log = await screen.findByRole('log', { name: 'Messages with Ben' });
    expect(within(log).getByText('Hello <b>Mia</b>')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Messages', hidden: true })).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Write a message' });
    await use.type(box, 'Hi Ben{Enter}');
    expect(await within(log).findByText('Hi Ben')).toBeVisible();
    expect(box).toHaveValue('');

    // Refused: the reason shows and the text stays to try again.
    await use.type(box, 'spam spam');
    await use.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(directMessageMessages.tooFast);
    expect(box).toHaveValue('spam spam');

    // Ben writes while it is open: it shows, and nothing counts as unread.
    server.tell({
      type: 'dm.received',
      message: {
        id: 'b2',
        groupId: 'g1',
        text: 'Are you coming?',
        time: new Date().toISOString(),
        user: ben,
      },
    });
    expect(await within(log).findByText('Are you coming?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Messages', hidden: true })).toBeInTheDocument();

    // Back to the list: the conversation shows its last message.
    await use.click(screen.getByRole('button', { name: 'All conversations' }));
    expect(await screen.findByText(/Are you coming\?/)).toBeVisible();
  });
});
