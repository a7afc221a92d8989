import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { LiveVisitActor } from '../../src/machines/liveVisitMachine';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { EmotesPanel } from '../../src/views/viewer/EmotesPanel';
import { renderInApp } from '../support/spa';

const me: SessionUser = { userId: 'me', name: 'Me', roles: ['free-user'], accessToken: 't' };

/** A stand-in visit (present or joining) that records what the panel sends it. */
function visit(present: boolean) {
  const received: unknown[] = [];
  const live = createActor(
    createMachine({
      initial: present ? 'present' : 'joining',
      context: { emote: 0 },
      states: { present: {}, joining: {} },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start() as unknown as LiveVisitActor;
  return { live, received };
}

describe('the viewer emotes panel', () => {
  it('lets a signed-out visitor, a guest, play emotes too', async () => {
    const { live, received } = visit(true);
    await renderInApp(<EmotesPanel live={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Wave' }));
    await waitFor(() => expect(received).toContainEqual({ type: 'live.emote', emote: 1 }));
  });

  it('offers the nine emotes and plays the one picked', async () => {
    const { live, received } = visit(true);
    await renderInApp(<EmotesPanel live={live} />, { user: me });
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([
      'Wave',
      'Clap',
      'Thumbs up',
      'Backflip',
      'Victory',
      'Finger Guns',
      'Crazy',
      'Macarena',
      'Hip Hop',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Macarena' }));
    await waitFor(() => expect(received).toContainEqual({ type: 'live.emote', emote: 8 }));
  });

  it('waits for the visitor to be in the space', async () => {
    const { live, received } = visit(false);
    await renderInApp(<EmotesPanel live={live} />, { user: me });
    expect((screen.getByRole('button', { name: 'Wave' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Joining the space…')).toBeTruthy();
    expect(received).toEqual([]);
  });
});
