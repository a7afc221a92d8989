import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SpaceReactions } from '../../contracts/spaceReactions';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { LikeBar } from '../../src/views/viewer/LikeBar';
import { AppToasts, json, renderInApp } from '../support/spa';

const user: SessionUser = { userId: 'u2', name: 'Bob', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u2', name: 'Bob', searchable: true, autoSave: true };

/** A fake social service for space s1: `likes` users like it, `refuse` answers writes with 503. */
function fakeSocial(start: Partial<SpaceReactions> = {}, options: { refuse?: boolean } = {}) {
  const state: SpaceReactions = { sceneId: 's1', likes: 1299, liked: false, favourite: false, ...start };
  const calls: string[] = [];
  let release: (() => void) | null = null;
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/socialService/', '');
    calls.push(`${request.method} ${path}`);
    if (request.method === 'GET' && path === 'reactions/s1') return json(state);
    if (options.refuse) {
      await new Promise<void>((resolve) => (release = resolve));
      return json({ code: 'UNAVAILABLE', message: 'Try later' }, 503);
    }
    if (path === 'likes/s1') {
      const liked = request.method === 'POST';
      if (liked !== state.liked) state.likes += liked ? 1 : -1;
      state.liked = liked;
      return json(state);
    }
    if (path === 'favourites/s1') {
      state.favourite = request.method === 'POST';
      return json(state);
    }
    return json({ code: 'NOT_FOUND', message: 'No' }, 404);
  };
  return { fetch, calls, state, release: () => release?.() };
}

const likeButton = () => screen.getByTestId('viewer-like');

describe('LikeBar', () => {
  it('signed in: likes and unlikes, with the count following, and keeps a favourite', async () => {
    const server = fakeSocial();
    await renderInApp(<LikeBar sceneId="s1" likes={1299} />, { fetch: server.fetch, user, profile });
    const person = userEvent.setup();
    await waitFor(() => expect(likeButton()).toBeEnabled());
    expect(likeButton()).toHaveAccessibleName('Like this space (1.2K likes)');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await person.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(likeButton()).toHaveAccessibleName('Unlike this space (1.3K likes)');
    await waitFor(() => expect(server.calls).toContain('POST likes/s1'));
    await waitFor(() => expect(likeButton()).toBeEnabled());

    await person.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(server.calls).toContain('DELETE likes/s1'));
    expect(server.state).toMatchObject({ likes: 1299, liked: false });

    await person.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(server.state.favourite).toBe(true));
  });

  it('signed in: a refused like is undone and the user is told', async () => {
    const server = fakeSocial({ likes: 3 }, { refuse: true });
    await renderInApp(
      <>
        <LikeBar sceneId="s1" likes={3} />
        <AppToasts />
      </>,
      { fetch: server.fetch, user, profile },
    );
    const person = userEvent.setup();
    await waitFor(() => expect(likeButton()).toBeEnabled());
    await person.click(likeButton());
    // At once, before the server answers.
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveTextContent('4');
    await waitFor(() => expect(server.calls).toContain('POST likes/s1'));
    server.release();
    expect(await screen.findByText('Your like could not be saved. Please try again.')).toBeVisible();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton()).toHaveTextContent('3');
  });

  it('signed out: shows the count, and the button asks to sign in instead of liking', async () => {
    const server = fakeSocial({ likes: 12 });
    const { app } = await renderInApp(<LikeBar sceneId="s1" likes={12} />, { fetch: server.fetch });
    const person = userEvent.setup();
    await waitFor(() => expect(likeButton()).toBeEnabled());
    expect(likeButton()).toHaveAccessibleName('Sign in to like this space (12 likes)');
    expect(likeButton()).not.toHaveAttribute('aria-pressed');
    await person.click(likeButton());
    await waitFor(() =>
      expect(app.root.system.get('session')?.getSnapshot().matches('signingIn')).toBe(true),
    );
    expect(server.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect(likeButton()).toHaveTextContent('12');
  });
});
