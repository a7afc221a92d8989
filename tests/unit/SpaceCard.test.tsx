import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { shareLinks } from '../../src/views/kit/ShareModal';
import { defaultCoverImage, SpaceCard, type SpaceCardProps } from '../../src/views/kit/SpaceCard';
import { SpaceCardGrid } from '../../src/views/kit/SpaceCardGrid';
import { AppToasts, json, renderInApp } from '../support/spa';

const hour = 3_600_000;

function space(overrides: Partial<SceneMetadata> = {}): SceneMetadata {
  return {
    sceneId: 's1',
    title: 'Sculpture garden',
    description: '',
    tags: [],
    state: 'Published',
    visible: true,
    adultContent: false,
    comments: true,
    ownerId: 'u1',
    creatorId: 'u1',
    creator: { userId: 'u1', name: 'Alice', profilePicture: null },
    coverPhotoUri: '/api/fileService/file/cover-1',
    thumbnailUri: null,
    photoGallery: [],
    audioUri: null,
    districtId: null,
    districtSubdomain: null,
    publishedPublicDistricts: [],
    publishedPrivateDistricts: [],
    publishedPublic: true,
    publishedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(Date.now() - 3 * hour - 60_000).toISOString(),
    contentUpdatedAt: null,
    likes: 1250,
    views: 2_500_000,
    commentCount: 7,
    privacyACLEnabled: false,
    userPrivacyACL: [],
    groupPrivacyACL: [],
    communicationACLEnabled: false,
    userCommunicationACL: [],
    groupCommunicationACL: [],
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  form: Record<string, string> | null;
}

/**
 * A fake scene service: records each call and answers with `answer(call)`, or leaves the call
 * pending until the test settles it with `release`.
 */
function fakeServer(answer: (call: Call) => Response | 'pending') {
  const calls: Call[] = [];
  const pending: { call: Call; settle: (response: Response) => void }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    let form: Record<string, string> | null = null;
    if (request.method !== 'GET' && request.headers.get('content-type')?.includes('multipart/form-data')) {
      form = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
    }
    const call = { method: request.method, path: url.pathname.replace(/^\/api\//, ''), form };
    calls.push(call);
    const response = answer(call);
    if (response !== 'pending') return response;
    return new Promise<Response>((settle) => pending.push({ call, settle }));
  });
  const release = (response: Response) => {
    const next = pending.shift();
    if (!next) throw new Error('no call is pending');
    next.settle(response);
  };
  return { fetch, calls, release };
}

const refused = () => json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503);

async function renderCard(
  props: Partial<SpaceCardProps> & { space?: SceneMetadata },
  server = fakeServer(() => json({})),
) {
  const user: SessionUser = { userId: 'u1', name: 'Alice', roles: ['free-user'], accessToken: 't' };
  const profile: SessionProfile = { userId: 'u1', name: 'Alice', searchable: true, autoSave: true };
  const onDeleted = vi.fn();
  const onDuplicated = vi.fn();
  const { location } = await renderInApp(
    <>
      <SpaceCard space={space()} onDeleted={onDeleted} onDuplicated={onDuplicated} {...props} />
      <AppToasts />
    </>,
    { fetch: server.fetch, user, profile, path: '/user/u1/spaces' },
  );
  return { server, location, onDeleted, onDuplicated, user: userEvent.setup() };
}

const card = (name = 'Sculpture garden') => screen.getByRole('article', { name });
const hiddenBadge = () => within(card()).queryByText('Hidden');

afterEach(() => vi.restoreAllMocks());

describe('SpaceCard', () => {
  it('shows the title, the creator, shortened counts and the time since the last update', async () => {
    await renderCard({});
    const article = card();
    expect(within(article).getByRole('heading', { level: 3, name: 'Sculpture garden' })).toBeVisible();
    expect(within(article).getByText('1.2K likes')).toBeInTheDocument();
    expect(within(article).getByText('2.5M views')).toBeInTheDocument();
    expect(within(article).getByText('7 comments')).toBeInTheDocument();
    expect(within(article).getByText('Updated 3h ago')).toBeVisible();
    expect(within(article).getByRole('link', { name: 'Alice' })).toHaveAttribute('href', '/user/u1');
    expect(within(article).getByRole('img', { name: 'Cover of Sculpture garden' })).toHaveAttribute(
      'src',
      '/api/fileService/file/cover-1',
    );
  });

  it('visits a published space in the viewer and a draft in the draft preview, with a Draft badge', async () => {
    await renderCard({});
    expect(within(card()).getByRole('link', { name: 'Visit Space' })).toHaveAttribute('href', '/viewer/s1');
    expect(within(card()).queryByText('Draft')).toBeNull();
    expect(hiddenBadge()).toBeNull();
  });

  it('marks a draft and sends its visitors to the draft preview', async () => {
    await renderCard({ space: space({ state: 'Draft', sceneId: 'd 1' }) });
    expect(within(card()).getByText('Draft')).toBeVisible();
    expect(within(card()).getByRole('link', { name: 'Visit Space' })).toHaveAttribute(
      'href',
      '/viewer/d%201?draft=true',
    );
  });

  it('marks a hidden space', async () => {
    await renderCard({ space: space({ visible: false }) });
    expect(hiddenBadge()).toBeVisible();
  });

  it('shows the default picture without a cover, and instead of a broken one', async () => {
    await renderCard({ space: space({ coverPhotoUri: null, thumbnailUri: '/thumb.png' }) });
    const picture = within(card()).getByRole('img', { name: 'Cover of Sculpture garden' });
    expect(picture).toHaveAttribute('src', '/thumb.png');
    fireEvent.error(picture);
    expect(picture).toHaveAttribute('src', defaultCoverImage);
  });

  it('shows the default picture when there is no cover at all', async () => {
    await renderCard({ space: space({ coverPhotoUri: null }) });
    expect(within(card()).getByRole('img', { name: 'Cover of Sculpture garden' })).toHaveAttribute(
      'src',
      defaultCoverImage,
    );
  });

  it('offers no owner actions to visitors', async () => {
    await renderCard({ owner: false });
    expect(within(card()).queryByRole('toolbar')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('gives the owner links to edit and preview, reachable by keyboard', async () => {
    const { user } = await renderCard({ owner: true });
    const actions = within(card()).getByRole('toolbar', { name: 'Actions for Sculpture garden' });
    expect(within(actions).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/curate/s1');
    expect(within(actions).getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/viewer/s1?draft=true',
    );
    await user.tab();
    expect(within(actions).getByRole('link', { name: 'Edit' })).toHaveFocus();
  });

  it('offers a draft no share, but hiding (it stays hidden once published)', async () => {
    await renderCard({ owner: true, space: space({ state: 'Draft' }) });
    const actions = within(card()).getByRole('toolbar');
    expect(within(actions).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Hide' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Duplicate' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  describe('hide and unhide', () => {
    it('hides at once and asks the server', async () => {
      const server = fakeServer(() => 'pending');
      const { user } = await renderCard({ owner: true }, server);
      await user.click(within(card()).getByRole('button', { name: 'Hide' }));
      expect(hiddenBadge()).toBeVisible();
      expect(server.calls).toEqual([
        { method: 'PATCH', path: 'sceneService/scene/metadata/s1/visibility', form: { visible: 'false' } },
      ]);
      server.release(json(space({ visible: false })));
      expect(await within(card()).findByRole('button', { name: 'Unhide' })).toBeEnabled();
      expect(hiddenBadge()).toBeVisible();
    });

    it('shows the space again when hiding fails, and only logs it', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = await renderCard({ owner: true }, fakeServer(refused));
      await user.click(within(card()).getByRole('button', { name: 'Hide' }));
      await waitFor(() => expect(hiddenBadge()).toBeNull());
      expect(within(card()).getByRole('button', { name: 'Hide' })).toBeEnabled();
      expect(logged).toHaveBeenCalledWith(
        'Could not hide space s1',
        expect.objectContaining({ status: 503, message: 'Service unavailable' }),
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    });

    it('unhides a hidden space, and hides it again when that fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const server = fakeServer(() => 'pending');
      const { user } = await renderCard({ owner: true, space: space({ visible: false }) }, server);
      await user.click(within(card()).getByRole('button', { name: 'Unhide' }));
      expect(hiddenBadge()).toBeNull();
      expect(server.calls[0].form).toEqual({ visible: 'true' });
      server.release(refused());
      await waitFor(() => expect(hiddenBadge()).toBeVisible());
      expect(console.error).toHaveBeenCalledTimes(1);
    });
  });

  describe('delete', () => {
    it('asks for confirmation, and cancelling keeps the space', async () => {
      const { user, server } = await renderCard({ owner: true });
      await user.click(within(card()).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete space' });
      expect(dialog).toHaveTextContent('Delete "Sculpture garden"? This cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(card()).toBeVisible();
      expect(server.calls).toEqual([]);
    });

    it('removes the card at once once confirmed, and tells the list when the server agrees', async () => {
      const server = fakeServer(() => 'pending');
      const { user, onDeleted } = await renderCard({ owner: true }, server);
      await user.click(within(card()).getByRole('button', { name: 'Delete' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(screen.queryByRole('article')).toBeNull();
      expect(server.calls).toEqual([
        { method: 'POST', path: 'sceneService/sceneactions/s1/delete', form: null },
      ]);
      expect(onDeleted).not.toHaveBeenCalled();
      server.release(new Response(null, { status: 204 }));
      await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('s1'));
      expect(screen.queryByRole('article')).toBeNull();
    });

    it('brings the card back when the delete fails, and only logs it', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, onDeleted } = await renderCard({ owner: true }, fakeServer(refused));
      await user.click(within(card()).getByRole('button', { name: 'Delete' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('article', { name: 'Sculpture garden' })).toBeVisible();
      expect(logged).toHaveBeenCalledWith(
        'Could not delete space s1',
        expect.objectContaining({ status: 503 }),
      );
      expect(onDeleted).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('duplicate', () => {
    it('hands the copy to the list and says where it is', async () => {
      const copy = space({ sceneId: 's2', title: 'Sculpture garden (copy)', state: 'Draft' });
      const server = fakeServer(() => json({ sceneId: 's2', metadata: copy }, 201));
      const { user, onDuplicated } = await renderCard({ owner: true }, server);
      await user.click(within(card()).getByRole('button', { name: 'Duplicate' }));
      const toast = await screen.findByRole('status');
      expect(toast).toHaveTextContent('A copy of "Sculpture garden (copy)" is in your drafts.');
      expect(within(toast).getByRole('link', { name: 'View drafts' })).toHaveAttribute(
        'href',
        '/user/u1/spaces/drafts',
      );
      expect(onDuplicated).toHaveBeenCalledWith(copy);
      expect(server.calls).toEqual([
        { method: 'POST', path: 'sceneService/sceneactions/s1/duplicate', form: null },
      ]);
    });

    it('shows the draft-limit message with a View drafts button when the limit is reached', async () => {
      const server = fakeServer(() => json({ code: 'BUSINESS_RULE', message: 'Draft Limit Reached' }, 422));
      const { user, onDuplicated, location } = await renderCard({ owner: true }, server);
      await user.click(within(card()).getByRole('button', { name: 'Duplicate' }));
      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent('You have reached the maximum number of drafts for your plan.');
      await user.click(within(toast).getByRole('link', { name: 'View drafts' }));
      expect(location.history?.at(-1)).toBe('/user/u1/spaces/drafts');
      expect(onDuplicated).not.toHaveBeenCalled();
    });

    it('says so when a copy cannot be made for another reason', async () => {
      const { user } = await renderCard({ owner: true }, fakeServer(refused));
      await user.click(within(card()).getByRole('button', { name: 'Duplicate' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The space could not be duplicated.');
      expect(within(card()).getByRole('button', { name: 'Duplicate' })).toBeEnabled();
    });
  });

  describe('share', () => {
    it('shows the viewer link, copies it, and links to each network', async () => {
      const { user } = await renderCard({ owner: true });
      await user.click(within(card()).getByRole('button', { name: 'Share' }));
      const dialog = await screen.findByRole('dialog', { name: 'Share' });
      const url = `${window.location.origin}/viewer/s1`;
      expect(within(dialog).getByRole('textbox', { name: 'Viewer link' })).toHaveValue(url);

      await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe(url);
      // (The open dialog hides the rest of the page, toasts included, from assistive technology.)
      expect(await screen.findByText('Copied to clipboard!')).toBeVisible();
      // Gone well before the 3 s of an ordinary success toast.
      await waitFor(() => expect(screen.queryByText('Copied to clipboard!')).toBeNull(), { timeout: 1000 });

      const links = Object.fromEntries(
        within(dialog)
          .getAllByRole('link')
          .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
      );
      const e = encodeURIComponent;
      expect(links).toEqual({
        'Share on Facebook': `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
        'Share on X': `https://x.com/intent/tweet?url=${e(url)}&text=${e('Check out this 3D space: Sculpture garden')}`,
        'Share on Reddit': `https://www.reddit.com/submit?url=${e(url)}&title=${e('Sculpture garden')}`,
        'Share on WhatsApp': `https://api.whatsapp.com/send?text=${e(`Check out this 3D space: Sculpture garden ${url}`)}`,
        'Share on Viber': `viber://forward?text=${e(`Check out this 3D space: Sculpture garden ${url}`)}`,
        'Share on E-mail': `mailto:?subject=${e('Sculpture garden')}&body=${e(`Check out this 3D space: ${url}`)}`,
        'Share on LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`,
      });
      expect(within(dialog).getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
        'target',
        '_blank',
      );
    });

    it('builds plain share URLs for any link', () => {
      const links = shareLinks('https://example.org/viewer/a?b', {
        title: 'A & B',
        text: 'Look',
        emailSubject: 'S',
        emailBody: 'B',
      });
      expect(links.facebook).toBe(
        'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.org%2Fviewer%2Fa%3Fb',
      );
      expect(links.reddit).toContain('title=A%20%26%20B');
      expect(Object.keys(links)).toEqual([
        'facebook',
        'x',
        'reddit',
        'whatsapp',
        'viber',
        'email',
        'linkedin',
      ]);
    });
  });
});

describe('SpaceCard in a grid: who is live', () => {
  it('shows two of those in the space and +N, and the event on now; a quiet space shows neither', async () => {
    const asked: string[] = [];
    const server = fakeServer((call) => {
      if (call.path !== 'communicationInteractionService/live') return json({});
      return json({
        scenes: [
          {
            sceneId: 's1',
            count: 3,
            visitors: [
              { userId: 'ana', name: 'Ana', profilePicture: null },
              { userId: 'ben', name: 'Ben', profilePicture: null },
            ],
            event: null,
          },
          { sceneId: 's2', count: 0, visitors: [], event: null },
          {
            sceneId: 's3',
            count: 0,
            visitors: [],
            event: { title: 'Opening night', endsAt: new Date(Date.now() + hour).toISOString() },
          },
        ],
      });
    });
    const fetch = server.fetch;
    const spaces = [
      space(),
      space({ sceneId: 's2', title: 'Quiet room' }),
      space({ sceneId: 's3', title: 'Stage' }),
    ];
    await renderInApp(
      <SpaceCardGrid label="Spaces" items={spaces} card={(item) => <SpaceCard space={item} />} />,
      {
        fetch: async (request) => {
          asked.push(new URL(request.url).searchParams.get('sceneIds') ?? '');
          return fetch(request);
        },
      },
    );
    const live = await within(card()).findByRole('img', { name: '3 visitors here now' });
    expect(live).toHaveTextContent('AB+1');
    expect(within(card('Stage')).getByText('Live: Opening night')).toBeVisible();
    expect(within(card('Stage')).queryByRole('img', { name: /here now/ })).toBeNull();
    expect(within(card('Quiet room')).queryByText(/here now|Live:/)).toBeNull();
    // One question for the whole page of cards.
    expect(asked).toEqual(['s1,s2,s3']);
  });
});
