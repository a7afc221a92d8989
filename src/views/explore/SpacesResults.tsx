import { Box } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SceneMetadata } from '../../../contracts/scenes';
import type { ExploreSpacesQuery, ExploreView } from '../../machines/exploreMachine';
import { SpaceCard } from '../kit/SpaceCard';
import { SpaceCardGrid } from '../kit/SpaceCardGrid';
import { EmptyList, ListFooter } from '../kit/ListFooter';
import { SignInPrompt } from './SignInPrompt';
import { SpaceRow } from './SpaceRow';
import { LiveCountsProvider } from '../kit/LiveCounts';
import { useInfiniteList } from '../kit/useInfiniteList';

/**
 * The published spaces matching Explore's query, 9 at a time, as cards in a grid or rows in a
 * list; the tags on each add to the tag filter. A 401 (the session ended) asks to sign in again.
 */
export function SpacesResults({
  query,
  view,
  onTagClick,
}: {
  query: ExploreSpacesQuery;
  view: ExploreView;
  onTagClick: (tag: string) => void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteList('exploreSpaces', query);
  const items = useSelector(list, (s) => (s?.context.items ?? noSpaces) as SceneMetadata[]);

  return (
    <>
      {items.length > 0 &&
        (view === 'grid' ? (
          <SpaceCardGrid
            label={t('explore.spacesList')}
            items={items}
            card={(space) => (
              <SpaceCard space={space} tags={space.tags} onTagClick={onTagClick} visitFrom="explore" />
            )}
          />
        ) : (
          <LiveCountsProvider sceneIds={items.map((space) => space.sceneId)}>
            <Box
              component="ul"
              aria-label={t('explore.spacesList')}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
            >
              {items.map((space) => (
                <li key={space.sceneId}>
                  <SpaceRow space={space} onTagClick={onTagClick} />
                </li>
              ))}
            </Box>
          </LiveCountsProvider>
        ))}
      {list && (
        <ListFooter
          list={list}
          empty={<EmptyList text={t('explore.empty')} hint={t('explore.emptyHint')} />}
          onFailed={(error) =>
            (error as { status?: number } | null)?.status === 401 ? (
              <SignInPrompt message={t('auth.signInRequired')} />
            ) : null
          }
        />
      )}
    </>
  );
}

const noSpaces: SceneMetadata[] = [];
