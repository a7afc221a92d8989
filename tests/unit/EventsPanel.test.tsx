import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import { type SceneEvent, sceneEventMessages, type SceneEventInput } from '../../contracts/sceneEvents';
import type { SessionUser } from '../../src/machines/sessionMachine';
import EventsPanel from '../../src/views/viewer/EventsPanel';
import { json, renderInApp } from '../support/spa';

const hour = 60 * 60 * 1000;

/** A fake of the events endpoints for space s1, as the real one answers (owner: 'owner'). */
function fakeEvents() {
  let next = 0;
  const now = Date.now();
  const events: SceneEvent[] = [
    {
      eventId: 'e0',
      sceneId: 's1',
      title: 'Opening night',
      startsAt: new Date(now - hour).toISOString(),
      endsAt: new Date(now + hour).toISOString(),
      live: true,
    },
  ];
  async function fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace('/api/communicationInteractionService', '');
    const organiser = request.headers.get('authorization') === 'Bearer owner-token';
    if (request.method === 'GET' && path === '/scenes/s1/events')
      return json({ events, mayOrganise: organiser });
    if (request.method === 'POST' && path === '/scenes/s1/events') {
      const input = (await request.json()) as SceneEventInput;
      if (Date.parse(input.endsAt) <= Date.parse(input.startsAt))
        return json({ code: 'BUSINESS_RULE', message: sceneEventMessages.endBeforeStart }, 422);
      const made = { ...input, eventId: `e${++next}`, sceneId: 's1', live: false };
      events.push(made);
      return json(made, 201);
    }
    const cancelled = /^\/scenes\/s1\/events\/(.+)$/.exec(path);
    if (request.method === 'DELETE' && cancelled) {
      events.splice(
        events.findIndex((e) => e.eventId === cancelled[1]),
        1,
      );
      return new Response(null, { status: 204 });
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  }
  return { fetch, events };
}

const owner: SessionUser = {
  userId: 'owner',
  name: 'Owner',
  roles: ['free-user'],
  accessToken: 'owner-token',
};
const visitor: SessionUser = { userId: 'ben', name: 'Ben', roles: ['free-user'], accessToken: 'ben-token' };

describe('EventsPanel', () => {
  it('shows a visitor what is on and what is coming, with no way to change it', async () => {
    const server = fakeEvents();
    await renderInApp(<EventsPanel sceneId="s1" />, { fetch: server.fetch, user: visitor });
    const item = (await screen.findByText('Opening night')).closest('li')!;
    expect(within(item).getByText('Live now')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Schedule an event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('lets the owner schedule an event, says why one is refused, and cancel one', async () => {
    const server = fakeEvents();
    await renderInApp(<EventsPanel sceneId="s1" />, { fetch: server.fetch, user: owner });
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Schedule an event' });
    const add = within(form).getByRole('button', { name: 'Add event' });
    expect(add).toBeDisabled();

    // Ends before it starts: refused with the server's words, nothing added.
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Curator’s tour');
    const starts = within(form).getByLabelText(/Starts/);
    const ends = within(form).getByLabelText(/Ends/);
    await user.clear(ends);
    await user.type(ends, '2030-01-01T10:00');
    await user.clear(starts);
    await user.type(starts, '2030-01-01T12:00');
    await user.click(add);
    expect(await screen.findByText(sceneEventMessages.endBeforeStart)).toBeVisible();
    expect(server.events).toHaveLength(1);

    await user.clear(ends);
    await user.type(ends, '2030-01-01T13:00');
    await user.click(add);
    expect(await screen.findByText('Curator’s tour')).toBeVisible();
    expect(server.events.map((e) => e.title)).toEqual(['Opening night', 'Curator’s tour']);
    expect(screen.queryByText(sceneEventMessages.endBeforeStart)).toBeNull();
    // The form starts over.
    expect(
      within(screen.getByRole('form', { name: 'Schedule an event' })).getByRole('textbox', { name: 'Title' }),
    ).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Cancel Opening night' }));
    await screen.findByText('Curator’s tour');
    await expect.poll(() => screen.queryByText('Opening night')).toBeNull();
    expect(server.events.map((e) => e.title)).toEqual(['Curator’s tour']);
  });
});
