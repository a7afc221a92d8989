import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import type { KyInstance } from 'ky';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { scenesApi } from '../../services/scenes';
import { useApi } from '../AppContext';
import { SpaceCard, type SpaceCardData } from '../kit/SpaceCard';

/** The Spaces category's subcategories (platform.md §2.1); drafts are the owner's only. */
export type SpacesTab = 'published' | 'drafts';

/** One page of spaces: what the infinite list asks for. */
export type FetchSpacesPage = (body: InfiniteListBody) => Promise<readonly SpaceCardData[]>;

export interface ProfileSpacesProps {
  userId: string;
  /** The profile is the signed-in user's own: drafts, hidden spaces and the owner's actions. */
  isMe: boolean;
  /** 'published' or 'drafts'; read from the route (`/user/{userId}/spaces/{subcategory}`) when not given. */
  subcategory?: string;
}

/**
 * The Spaces category of a profile (platform.md §2.1, §2.3; districts-commerce-spaces.md §2, §4):
 * Published and Drafts tabs for the owner, the published spaces only for anybody else, as an
 * infinite list of space cards (9 per page, the next page loading when the end of the list scrolls
 * into view). A duplicated space shows first among the drafts; a deleted one leaves the list.
 */
export function ProfileSpaces({ userId, isMe, subcategory }: ProfileSpacesProps) {
  const { t } = useTranslation();
  const api = useApi();
  const params = useParams<{ subcategory?: string }>();
  const requested = subcategory ?? params.subcategory;
  const tab: SpacesTab = isMe && requested === 'drafts' ? 'drafts' : 'published';
  const [copies, setCopies] = useState<SpaceCardData[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const base = `/user/${encodeURIComponent(userId)}/spaces`;

  const onDeleted = useCallback(
    (sceneId: string) => setDeleted((before) => new Set(before).add(sceneId)),
    [],
  );
  const onDuplicated = useCallback(
    (copy: SpaceCardData) =>
      setCopies((before) => [copy, ...before.filter((c) => c.sceneId !== copy.sceneId)]),
    [],
  );

  return (
    <Box component="section" aria-label={t('profile.categories.spaces')} sx={{ mb: 6 }}>
      {isMe && (
        <Tabs value={tab} aria-label={t('profileSpaces.tabs')} sx={{ mb: 3 }}>
          {(['published', 'drafts'] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`profile.subcategories.${value}`)}
              component={Link}
              href={`${base}/${value}`}
            />
          ))}
        </Tabs>
      )}
      <SpacesList
        key={`${userId}:${isMe ? 'owner' : 'visitor'}:${tab}`}
        fetchPage={spacesFetcher(api, userId, isMe, tab)}
        owner={isMe}
        first={tab === 'drafts' ? copies : []}
        deleted={deleted}
        onDeleted={onDeleted}
        onDuplicated={onDuplicated}
      />
    </Box>
  );
}

/** Where a list's pages come from: the owner's own spaces of the tab, or a visitor's view. */
function spacesFetcher(api: KyInstance, userId: string, isMe: boolean, tab: SpacesTab): FetchSpacesPage {
  const scenes = scenesApi(api);
  if (isMe)
    return async ({ cp, ipp }) =>
      (await scenes.my({ state: tab === 'drafts' ? 'Draft' : 'Published', cp, ipp })).items;
  // A visitor sees the published, visible spaces as published.
  return async ({ cp, ipp }) => (await scenes.publishedBy({ ownerId: userId, cp, ipp })).items;
}

interface SpacesListProps {
  fetchPage: FetchSpacesPage;
  owner: boolean;
  /** Shown before the loaded pages (copies made here), each only once. */
  first: readonly SpaceCardData[];
  /** Spaces deleted here: never shown again. */
  deleted: ReadonlySet<string>;
  onDeleted: (sceneId: string) => void;
  onDuplicated: (copy: SpaceCardData) => void;
}

/** An infinite list of space cards (platform.md §4 'Infinite list'). */
function SpacesList({ fetchPage, owner, first, deleted, onDeleted, onDuplicated }: SpacesListProps) {
  const { t } = useTranslation();
  // The list keeps the fetch it started with; a new fetch comes with a new key (a new list).
  const [machine] = useState(() =>
    infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(({ input }) => fetchPage(input)),
      },
    }),
  );
  const list = useActorRef(machine, { input: {} });
  const items = useSelector(list, (s) => s.context.items) as SpaceCardData[];
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const canLoadMore = useSelector(list, (s) => s.can({ type: 'list.loadMore' }));
  const failed = useSelector(list, (s) => s.matches('failed'));
  const done = useSelector(list, (s) => s.matches('done'));

  const shown = useMemo(() => {
    const firstIds = new Set(first.map((space) => space.sceneId));
    return [...first, ...items.filter((space) => !firstIds.has(space.sceneId))].filter(
      // Visitors see visible spaces only, whatever a listing answers.
      (space) => !deleted.has(space.sceneId) && (owner || space.visible),
    );
  }, [first, items, deleted, owner]);

  const sentinel = useRef<HTMLDivElement>(null);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || !observable) return;
    // A new observer each time the list can grow again: observing reports at once whether the end
    // is already in view (a tall screen), so pages keep coming until it is not.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) list.send({ type: 'list.loadMore' });
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, observable, list]);

  return (
    <>
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t('profileSpaces.list')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
            justifyItems: 'center',
          }}
        >
          {shown.map((space) => (
            <Box
              component="li"
              key={space.sceneId}
              sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}
            >
              <SpaceCard space={space} owner={owner} onDeleted={onDeleted} onDuplicated={onDuplicated} />
            </Box>
          ))}
        </Box>
      )}
      {done && shown.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
          <Typography variant="h3" component="p">
            {t('space.empty')}
          </Typography>
          {owner && (
            <Button variant="contained" component={Link} href="/curate" startIcon={<AddIcon />}>
              {t('profileSpaces.createSpace')}
            </Button>
          )}
        </Stack>
      )}
      {loading && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('list.loadingMore')} />
        </Box>
      )}
      {failed && (
        <Alert
          severity="error"
          sx={{ mt: 3 }}
          action={
            <Button color="inherit" onClick={() => list.send({ type: 'list.retry' })}>
              {t('list.retry')}
            </Button>
          }
        >
          {t('list.failed')}
        </Alert>
      )}
      {canLoadMore && !observable && (
        <Box sx={{ display: 'grid', placeItems: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => list.send({ type: 'list.loadMore' })}>
            {t('list.loadMore')}
          </Button>
        </Box>
      )}
      <Box ref={sentinel} aria-hidden sx={{ height: 1 }} />
    </>
  );
}
