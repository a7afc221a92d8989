import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { KyInstance } from 'ky';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { defaultItemsPerPage, type InfiniteListBody } from '../../machines/infiniteListMachine';
import { scenesApi } from '../../services/scenes';
import { useApi } from '../AppContext';
import { ListFooter } from '../kit/ListFooter';
import { SpaceCard, type SpaceCardData } from '../kit/SpaceCard';
import { SpaceCardGrid } from '../kit/SpaceCardGrid';
import { useInfiniteList } from '../kit/useInfiniteList';

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
  const list = useInfiniteList<SpaceCardData, object>(
    ({ cp, ipp }) => fetchPage({ cp, ipp }),
    noParams,
    defaultItemsPerPage,
  );
  const items = useSelector(list, (s) => s.context.items) as SpaceCardData[];
  const done = useSelector(list, (s) => s.matches('done'));

  const shown = useMemo(() => {
    const firstIds = new Set(first.map((space) => space.sceneId));
    return [...first, ...items.filter((space) => !firstIds.has(space.sceneId))].filter(
      // Visitors see visible spaces only, whatever a listing answers.
      (space) => !deleted.has(space.sceneId) && (owner || space.visible),
    );
  }, [first, items, deleted, owner]);

  return (
    <>
      {shown.length > 0 && (
        <SpaceCardGrid
          label={t('profileSpaces.list')}
          items={shown}
          card={(space) => (
            <SpaceCard space={space} owner={owner} onDeleted={onDeleted} onDuplicated={onDuplicated} />
          )}
        />
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
      <ListFooter list={list} failedText={t('list.failed')} loadMoreButton="fallback" />
    </>
  );
}

const noParams = {};
