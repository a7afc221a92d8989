import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { ChatMessage } from '../../contracts/live';
import type { SceneEvent } from '../../contracts/sceneEvents';
import { chatMachine } from '../../src/machines/chatMachine';
import type { LiveVisitActor } from '../../src/machines/liveVisitMachine';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { ChatPanel } from '../../src/views/viewer/ChatPanel';
import { json, renderInApp } from '../support/spa';

const me: SessionUser = { userId: 'me', name: 'Me', roles: ['free-user'], accessToken: 't' };
const message = (id: string, userId: string, text: string, minute = 0): ChatMessage => ({
  id,
  text,
  time: new Date(Date.UTC(2026, 10, 29, 10, minute)).toISOString(),
  user: { id: userId, name: userId === 'me' ? 'Me' : 'Ana', profilePicture: null },
  sceneId: 's1',
  instanceId: '1',
});

/** A real chat whose sends are recorded (and fail when `refuse` is given). */
function recordedChat(sent: string[], refuse?: string) {
  return createActor(
    chatMachine.provide({
      actors: {
        sendMessage: fromPromise(async ({ input }) => {
          sent.push(input.text);
          if (refuse) throw new Error(`HubException: ${refuse}`);
          return 'id';
        }),
      },
    }),
    { input: { sceneId: 's1' } },
  ).start();
}

/** A live visit holding a real public chat and Event chat. */
function liveWithChat(refuse?: string) {
  const sent: string[] = [];
  const eventSent: string[] = [];
  const chat = recordedChat(sent, refuse);
  const eventChat = recordedChat(eventSent);
  const live = createActor(
    createMachine({ context: { sceneId: 's1', chat, eventChat } }),
  ).start() as unknown as LiveVisitActor;
  return { chat, eventChat, live, sent, eventSent };
}

/** The space's events endpoint, answering with `events`. */
const eventsServer = (events: SceneEvent[]) => async (request: Request) =>
  new URL(request.url).pathname === '/api/communicationInteractionService/scenes/s1/events'
    ? json({ events, mayOrganise: false })
    : json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);

describe('the viewer chat panel', () => {
  it('lets the reader write while the connection is away, showing what waits to be sent', async () => {
    const { chat, live, sent } = liveWithChat();
    chat.send({ type: 'chat.available', userId: 'me' });
    chat.send({ type: 'chat.unavailable' });
    await renderInApp(<ChatPanel sceneId="s1" live={live} />, { user: me });
    expect(
      screen.getByText('The connection is away. What you write is sent when you are back.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a message' }), {
      target: { value: 'Still here' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const pending = await screen.findByTestId('viewer-chat-pending');
    expect(pending.textContent).toBe('Still hereSending…');
    expect(sent).toEqual([]);
    // Back: it is sent, and no longer waits.
    chat.send({ type: 'chat.available', userId: 'me' });
    await waitFor(() => expect(sent).toEqual(['Still here']));
    await waitFor(() => expect(screen.queryByTestId('viewer-chat-pending')).toBeNull());
  });

  it('lets a signed-out visitor chat as a guest, and offers to sign in', async () => {
    const { chat, live, sent } = liveWithChat();
    chat.send({ type: 'chat.available', userId: 'guest-0123456789abcdef' });
    await renderInApp(<ChatPanel sceneId="s1" live={live} />);
    expect(screen.getByText('You are here as a guest. Sign in to chat under your name.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a message' }), {
      target: { value: 'Hi all' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual(['Hi all']));
  });

  it('shows no guest note to a signed-in visitor', async () => {
    const { chat, live } = liveWithChat();
    chat.send({ type: 'chat.available', userId: 'me' });
    await renderInApp(<ChatPanel sceneId="s1" live={live} />, { user: me });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('groups messages by sender, shows them as text, and sends what the visitor types', async () => {
    const { chat, live, sent } = liveWithChat();
    chat.send({ type: 'chat.available', userId: 'me' });
    await renderInApp(<ChatPanel sceneId="s1" live={live} />, { user: me });
    expect(screen.getByText('No messages yet')).toBeTruthy();
    chat.send({ type: 'chat.received', message: message('a', 'ana', '<b>Hello</b>') });
    chat.send({ type: 'chat.received', message: message('b', 'ana', 'Welcome', 3) });
    chat.send({ type: 'chat.received', message: message('c', 'me', 'Thanks', 4) });
    const log = await screen.findByRole('log');
    await waitFor(() => expect(within(log).getAllByTestId('viewer-chat-group')).toHaveLength(2));
    // Never HTML: the markup is shown as typed.
    expect(within(log).getByText('<b>Hello</b>')).toBeTruthy();
    expect(log.querySelector('b')).toBeNull();

    const box = screen.getByRole('textbox', { name: 'Type a message' });
    fireEvent.change(box, { target: { value: '  See you at the opening  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual(['See you at the opening']));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the Event chat while an event of the space is on, and says so when none is', async () => {
    const quiet = liveWithChat();
    quiet.eventChat.send({ type: 'chat.available', userId: 'me' });
    const first = await renderInApp(<ChatPanel sceneId="s1" live={quiet.live} />, {
      user: me,
      fetch: eventsServer([]),
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Event' }));
    expect(await screen.findByText(/No event of this space is on now/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    first.rendered.unmount();

    const hour = 60 * 60 * 1000;
    const endsAt = new Date(Date.now() + hour).toISOString();
    const opening: SceneEvent = {
      eventId: 'e1',
      sceneId: 's1',
      title: 'Opening night',
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt,
      live: true,
    };
    const { chat, eventChat, live, sent, eventSent } = liveWithChat();
    chat.send({ type: 'chat.available', userId: 'me' });
    eventChat.send({ type: 'chat.available', userId: 'me' });
    await renderInApp(<ChatPanel sceneId="s1" live={live} />, { user: me, fetch: eventsServer([opening]) });
    fireEvent.click(screen.getByRole('tab', { name: 'Event' }));
    const until = new Date(endsAt).toLocaleTimeString('en', { timeStyle: 'short' });
    expect(await screen.findByRole('heading', { name: `Opening night · until ${until}` })).toBeTruthy();
    eventChat.send({
      type: 'chat.received',
      message: { ...message('x', 'ana', 'Welcome, all'), eventId: 'e1' },
    });
    expect(await screen.findByText('Welcome, all')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a message' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // It goes to the Event chat, not to the instance's.
    await waitFor(() => expect(eventSent).toEqual(['Hello']));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Public' }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('says why a message was not sent, and that communications are disabled where they are', async () => {
    const refused = liveWithChat('You are sending messages too fast; wait a moment');
    refused.chat.send({ type: 'chat.available', userId: 'me' });
    const first = await renderInApp(<ChatPanel sceneId="s1" live={refused.live} />, { user: me });
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a message' }), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are sending messages too fast; wait a moment')).toBeTruthy();
    first.rendered.unmount();

    const quiet = liveWithChat();
    quiet.chat.send({ type: 'chat.disabled', userId: 'me' });
    await renderInApp(<ChatPanel sceneId="s1" live={quiet.live} />, { user: me });
    expect(screen.getByText('Communications are disabled')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
