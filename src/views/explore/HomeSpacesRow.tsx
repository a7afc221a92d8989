import { Box, Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { KyInstance } from 'ky';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ExploreSpacesQuery } from '../../machines/exploreMachine';
import { exploreApi } from '../../services/explore';
import { useApi } from '../AppContext';
import { SpaceCard, type SpaceCardData, spaceCardSize } from '../kit/SpaceCard';
import { useInfiniteList } from './useInfiniteList';

/** How many spaces the home page's row shows. */
export const homeSpacesCount = 8;

const mostViewed: ExploreSpacesQuery = { q: '', tags: [], sort: 'views', filter: 'all' };

/**
 * The home page's 'Explore spaces' row: the most viewed published spaces as cards in a row that
 * scrolls sideways, and See all to Explore. Nothing shows while it loads, when there are none, or
 * when they cannot be loaded (the home page reads well without it).
 */
export function HomeSpacesRow() {
  const api = useOptionalApi();
  if (!api) return null;
  return (
    <QuietBoundary>
      <SpacesRow api={api} />
    </QuietBoundary>
  );
}

/** The API client, or null where the app runs without one (a page rendered on its own). */
function useOptionalApi(): KyInstance | null {
  try {
    return useApi();
  } catch {
    return null;
  }
}

/** Whatever goes wrong in the row (a broken card) removes the row, not the page. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function SpacesRow({ api }: { api: KyInstance }) {
  const { t } = useTranslation();
  // The first page only: the list never asks for more.
  const list = useInfiniteList<SpaceCardData, ExploreSpacesQuery>(
    (body, signal) => exploreApi(api).spacesPage(body, signal),
    mostViewed,
    homeSpacesCount,
  );
  const spaces = useSelector(list, (s) => s.context.items) as SpaceCardData[];
  if (spaces.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="home-spaces-heading" sx={{ my: 6 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id="home-spaces-heading" variant="h2" sx={{ flexGrow: 1 }}>
          {t('explore.row.heading')}
        </Typography>
        <Button component={Link} href="/explore">
          {t('explore.row.seeAll')}
        </Button>
      </Box>
      <Box
        component="ul"
        tabIndex={0}
        aria-labelledby="home-spaces-heading"
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: `min(85%, ${spaceCardSize.width}px)`,
          gap: 3,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          listStyle: 'none',
          p: 0,
          m: 0,
          pb: 1,
        }}
      >
        {spaces.map((space) => (
          <Box component="li" key={space.sceneId} sx={{ scrollSnapAlign: 'start', display: 'flex' }}>
            <SpaceCard space={space} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
