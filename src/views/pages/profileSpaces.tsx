import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { ProfileSpacesParams } from '../../app/flows/spaces';
import { defaultItemsPerPage } from '../../machines/infiniteListMachine';
import { ListFooter } from '../kit/ListFooter';
import { SpaceCard, type SpaceCardData } from '../kit/SpaceCard';
import { SpaceCardGrid } from '../kit/SpaceCardGrid';
import { useInfiniteList } from '../kit/useInfiniteList';

/** The Spaces category's subcategories (platform.md §2.1); drafts are the owner's only. */
export type SpacesTab = 'published' | 'drafts';

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
        params={{ userId, own: isMe, state: tab === 'drafts' ? 'Draft' : 'Published' }}
        owner={isMe}
        first={tab === 'drafts' ? copies : []}
        deleted={deleted}
        onDeleted={onDeleted}
        onDuplicated={onDuplicated}
      />
    </Box>
  );
}

export interface SpacesListProps {
  /** Which spaces the list shows. */
  params: ProfileSpacesParams;
  owner: boolean;
  /** Shown before the loaded pages (copies made here), each only once. */
  first: readonly SpaceCardData[];
  /** Spaces deleted here: never shown again. */
  deleted: ReadonlySet<string>;
  onDeleted: (sceneId: string) => void;
  onDuplicated: (copy: SpaceCardData) => void;
}

/** An infinite list of space cards (platform.md §4 'Infinite list'). */
export function SpacesList({ params, owner, first, deleted, onDeleted, onDuplicated }: SpacesListProps) {
  const { t } = useTranslation();
  const list = useInfiniteList('profileSpaces', params, defaultItemsPerPage);
  const items = useSelector(list, (s) => (s?.context.items ?? noSpaces) as SpaceCardData[]);
  const done = useSelector(list, (s) => s?.matches('done') ?? false);

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
      {list && <ListFooter list={list} failedText={t('list.failed')} loadMoreButton="fallback" />}
    </>
  );
}

const noSpaces: SpaceCardData[] = [];
