import FavoriteBorderOutlinedIcon from '@mui/icons-material/FavoriteBorderOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SceneMetadata } from '../../../contracts/scenes';
import { shortenCount } from '../../lib/format';
import { CardLive } from '../kit/LiveCounts';
import { defaultCoverImage, SpaceTags, visitHref } from '../kit/SpaceCard';

/**
 * A space in Explore's list view: a small cover, the title, the creator, likes and views
 * (shortened), its tags (each filters the list) and a Visit Space button.
 */
export function SpaceRow({ space, onTagClick }: { space: SceneMetadata; onTagClick: (tag: string) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = space.title || t('space.untitled');
  const cover = space.thumbnailUri ?? space.coverPhotoUri ?? defaultCoverImage;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Box
        component="img"
        src={cover}
        alt=""
        loading="lazy"
        sx={{
          width: 120,
          height: 72,
          objectFit: 'cover',
          borderRadius: 1,
          flexShrink: 0,
          bgcolor: 'grey.200',
        }}
      />
      <Stack spacing={0.75} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          id={titleId}
          variant="h3"
          component="h3"
          title={title}
          sx={{ fontSize: '1.05rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {title}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
          <MuiLink
            component={Link}
            href={`/user/${encodeURIComponent(space.creator.userId)}`}
            underline="hover"
            color="inherit"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {space.creator.name}
          </MuiLink>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <FavoriteBorderOutlinedIcon aria-hidden sx={{ fontSize: 18 }} />
            {t('space.card.likes', { count: space.likes, formatted: shortenCount(space.likes) })}
          </Box>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <VisibilityOutlinedIcon aria-hidden sx={{ fontSize: 18 }} />
            {t('space.card.views', { count: space.views, formatted: shortenCount(space.views) })}
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ '&:empty': { display: 'none' } }}>
          <CardLive sceneId={space.sceneId} />
        </Stack>
        {space.tags.length > 0 && <SpaceTags tags={space.tags} onTagClick={onTagClick} />}
      </Stack>
      <Button
        variant="contained"
        component={Link}
        href={visitHref(space, 'explore')}
        aria-describedby={titleId}
        sx={{ flexShrink: 0, alignSelf: 'center' }}
      >
        {t('space.card.visitSpace')}
      </Button>
    </Card>
  );
}
