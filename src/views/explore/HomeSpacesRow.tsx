import { Box, Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SceneMetadata } from '../../../contracts/scenes';
import { shortenCount } from '../../lib/format';
import { useFlow } from '../../app/AppContext';

/**
 * The home page's 'Explore spaces' row (homeSpacesMachine): the most viewed published spaces as
 * cards in a row that scrolls sideways, and See all to Explore. Nothing shows while it loads, when
 * there are none, or when they cannot be loaded (the home page reads well without it).
 */
export function HomeSpacesRow() {
  return (
    <QuietBoundary>
      <SpacesRow />
    </QuietBoundary>
  );
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

function SpacesRow() {
  const { t } = useTranslation();
  const row = useFlow('homeSpaces', {}, { systemId: 'homeSpaces' });
  const spaces = useSelector(row, (s) => (s?.matches('shown') ? s.context.spaces : noSpaces));
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
          gridAutoColumns: `min(85%, ${homeCardWidth}px)`,
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
            <HomeSpaceCard space={space} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const noSpaces: SceneMetadata[] = [];
const homeCardWidth = 300;

/** A published space in the row: cover, title, creator, views and Visit Space. */
function HomeSpaceCard({ space }: { space: SceneMetadata }) {
  const { t } = useTranslation();
  const titleId = `home-space-${space.sceneId}`;
  const cover = space.thumbnailUri ?? space.coverPhotoUri;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.200' }}>
        {cover && (
          <Box
            component="img"
            src={cover}
            alt={t('space.card.coverAlt', { title: space.title })}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h3" noWrap>
          {space.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          <Link href={`/user/${encodeURIComponent(space.creator.userId)}`}>{space.creator.name}</Link>
          {' · '}
          {t('space.card.views', { count: space.views, formatted: shortenCount(space.views) })}
        </Typography>
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Button
            component={Link}
            href={`/viewer/${encodeURIComponent(space.sceneId)}`}
            variant="contained"
            size="small"
          >
            {t('space.card.visitSpace')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
