import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import type { Comment, CommentPage, Reply } from '../../contracts/comments';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { CommentThread } from '../../src/views/viewer/CommentThread';
import { json, renderInApp } from '../support/spa';

const at = new Date(Date.now() - 3 * 3600 * 1000).toISOString();
const person = (userId: string) => ({ userId, name: `Name ${userId}`, username: null, profilePicture: null });

/** A fake social service for one space, keeping its comments as the real one does. */
function fakeSocial(options: { commentsEnabled?: boolean; threads?: number; rateLimited?: boolean } = {}) {
  let next = 0;
  const threads: Comment[] = [];
  const reports: unknown[] = [];
  const make = (userId: string, body: string, parent: string | null): Comment => ({
    commentId: `c${++next}`,
    sceneId: 's1',
    parentCommentId: parent,
    body,
    createdAt: at,
    updatedAt: at,
    edited: false,
    hiddenByOperator: false,
    hidden: false,
    user: person(userId),
    childComments: [],
    replyCount: 0,
  });
  for (let i = 0; i < (options.threads ?? 0); i++) threads.push(make('bob', `Thread ${i}`, null));
  const first = make('bob', 'Lovely light', null);
  first.childComments.push({ ...make('cy', 'Agreed', first.commentId), edited: true } as Reply);
  first.replyCount = 1;
  threads.unshift(first);
  const every = () => threads.flatMap((t) => [t, ...t.childComments]);

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/socialService', '');
    const me = request.headers.get('authorization') ? 'me' : null;
    if (request.method === 'GET' && path === '/comments/scene/s1') {
      const cp = Number(url.searchParams.get('cp'));
      const ipp = Number(url.searchParams.get('ipp'));
      return json({
        items: threads.slice(cp * ipp, cp * ipp + ipp),
        cp,
        ipp,
        total: threads.length,
        commentCount: every().length,
        commentsEnabled: options.commentsEnabled ?? true,
      } satisfies CommentPage);
    }
    if (request.method === 'POST' && path === '/comments/scene/s1') {
      if (options.rateLimited)
        return json(
          {
            code: 'RATE_LIMITED',
            message: 'You are commenting too quickly: please try again in 40 seconds',
            details: { kind: 'comment', retryAfterSeconds: 40 },
          },
          429,
        );
      const body = (await request.json()) as { body: string; parentCommentId?: string };
      const parent = threads.find((t) => t.commentId === body.parentCommentId);
      const made = make(me!, body.body.trim(), parent?.commentId ?? null);
      if (parent) parent.childComments.push(made);
      else threads.unshift(made);
      return json(made, 201);
    }
    const one = /^\/comments\/([^/]+)(?:\/(hide|unhide))?$/.exec(path);
    const found = one && every().find((c) => c.commentId === one[1]);
    if (found && request.method === 'PATCH') {
      Object.assign(found, { body: ((await request.json()) as { body: string }).body, edited: true });
      return json(found);
    }
    if (found && request.method === 'DELETE') {
      const at = threads.indexOf(found as Comment);
      if (at >= 0) threads.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    if (found && one[2]) {
      found.hidden = one[2] === 'hide';
      return json(found);
    }
    if (request.method === 'POST' && path === '/reports') {
      reports.push(await request.json());
      return json({ reportId: 'r', created: true }, 201);
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  }
  return { fetch, threads, reports };
}

const me: SessionUser = { userId: 'me', name: 'Me', roles: ['free-user'], accessToken: 'token' };

async function renderThread(
  options: { user?: SessionUser | null; ownerId?: string; server?: ReturnType<typeof fakeSocial> } = {},
) {
  const server = options.server ?? fakeSocial();
  await renderInApp(<CommentThread sceneId="s1" ownerId={options.ownerId ?? 'owner'} />, {
    fetch: server.fetch,
    user: options.user === undefined ? me : options.user,
  });
  return { server, user: userEvent.setup({ delay: null }) };
}

const item = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('CommentThread', () => {
  it('shows the comments to a signed-out visitor and asks them to sign in to comment', async () => {
    await renderThread({ user: null });
    expect(await screen.findByText('Lovely light')).toBeVisible();
    expect(screen.getByText('Name bob')).toBeVisible();
    expect(within(item('Lovely light')).getAllByText('3h ago')[0]).toBeVisible();
    // Cy's reply was edited.
    expect(within(item('Agreed')).getByText(/edited/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  });

  it('says when comments are turned off', async () => {
    await renderThread({ server: fakeSocial({ commentsEnabled: false }) });
    expect(await screen.findByText('Comments are turned off for this space')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('lets a visitor comment, reply, edit and delete their comment, and report another', async () => {
    const { user, server } = await renderThread();
    const field = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(field, 'My first visit');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('My first visit')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    expect(screen.getByRole('heading', { name: /Comments \(3\)/ })).toBeVisible();

    // Reply to Bob's thread.
    await user.click(within(item('Lovely light')).getAllByRole('button', { name: 'Reply' })[0]);
    await user.type(screen.getByRole('textbox', { name: 'Write a reply' }), 'Thanks Bob');
    const replyForm = screen.getByRole('textbox', { name: 'Write a reply' }).closest('form') as HTMLElement;
    await user.click(within(replyForm).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Thanks Bob')).toBeVisible();
    expect(server.threads[1].childComments.map((r) => r.body)).toEqual(['Agreed', 'Thanks Bob']);

    // Edit my comment: it is marked edited.
    await user.click(
      within(item('My first visit')).getByRole('button', { name: 'Actions for the comment of Name me' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const edit = screen.getByRole('textbox', { name: 'Edit' });
    await user.clear(edit);
    await user.type(edit, 'My second visit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('My second visit')).toBeVisible();
    expect(within(item('My second visit')).getByText(/edited/)).toBeVisible();

    // Bob's comment cannot be edited or deleted by me, only reported.
    await user.click(
      within(item('Lovely light')).getAllByRole('button', { name: 'Actions for the comment of Name bob' })[0],
    );
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(screen.getByRole('option', { name: 'Harassment or bullying' }));
    await user.type(within(dialog).getByRole('textbox', { name: /What should we know/ }), 'Rude to me');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you: your report was sent to the team.')).toBeVisible();
    expect(server.reports).toEqual([
      { sceneId: 's1', commentId: 'c1', reason: 'harassment', text: 'Rude to me' },
    ]);

    // Delete mine, after confirming.
    await user.click(
      within(item('My second visit')).getByRole('button', { name: 'Actions for the comment of Name me' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('My second visit')).toBeNull());
  }, 30_000);

  it("lets the space's owner hide a comment and show it again", async () => {
    const { user } = await renderThread({ ownerId: 'me' });
    await user.click(
      within(
        await screen.findByText('Lovely light').then((e) => e.closest('li') as HTMLElement),
      ).getAllByRole('button', { name: 'Actions for the comment of Name bob' })[0],
    );
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await within(item('Lovely light')).findAllByText(/Hidden from visitors/)).not.toHaveLength(0);
    await user.click(
      within(item('Lovely light')).getAllByRole('button', { name: 'Actions for the comment of Name bob' })[0],
    );
    await user.click(screen.getByRole('menuitem', { name: 'Show again' }));
    await waitFor(() => expect(within(item('Lovely light')).queryByText(/Hidden from visitors/)).toBeNull());
  });

  it('loads more threads on demand', async () => {
    const { user } = await renderThread({ server: fakeSocial({ threads: 12 }) });
    expect(await screen.findByText('Lovely light')).toBeVisible();
    expect(screen.queryByText('Thread 11')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Thread 11')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).toBeNull();
  });

  it('says when to try again after commenting too quickly, keeping what was written', async () => {
    const { user } = await renderThread({ server: fakeSocial({ rateLimited: true }) });
    const field = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(field, 'One more thought');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('You are commenting too quickly. Please try again in 40 seconds.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('One more thought');
  });
});
