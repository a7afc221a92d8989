import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Chip, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { shortenCount } from '../../lib/format';
import type { District } from '../../../contracts/districts';
import type { SceneMetadata } from '../../../contracts/scenes';
import { useFlow } from '../../app/AppContext';
import { EmptyList, ListFooter } from '../kit/ListFooter';
import { PageMeta } from '../kit/PageMeta';
import { SpaceCard } from '../kit/SpaceCard';
import { SpaceCardGrid } from '../kit/SpaceCardGrid';
import { useInfiniteList } from '../kit/useInfiniteList';
import { FollowButton } from '../social/FollowButton';
import '../../i18n/districtsCatalogue';

const noSpaces: SceneMetadata[] = [];

/**
 * A district's home (replaces the marketing home on its host): its cover, logo, title, subtitle and
 * description, its counts, Follow, its Promoted list and the spaces it lists.
 */
export function DistrictHome({ district }: { district: District }) {
  const { t } = useTranslation();
  const follow = useFlow('districtFollow', { userId: district.districtId });
  const numOfFollowers =
    useSelector(follow, (s) => s?.context.numOfFollowers ?? null) ?? district.numOfFollowers;
  return (
    <Box component="article" aria-label={district.title}>
      <PageMeta title={district.title} description={district.subtitle || district.description} />
      <Box
        sx={{
          height: { xs: 160, md: 280 },
          bgcolor: 'primary.main',
          backgroundImage: district.coverPhoto ? `url(${district.coverPhoto})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Container sx={{ pb: 6 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: { xs: -6, md: -8 }, alignItems: { sm: 'flex-end' } }}
        >
          <Avatar
            variant="rounded"
            src={district.photo ?? undefined}
            alt=""
            sx={{
              width: { xs: 96, md: 128 },
              height: { xs: 96, md: 128 },
              border: 4,
              borderColor: 'background.paper',
              fontSize: 48,
            }}
          >
            {district.title.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}
            >
              {district.title}
            </Typography>
            {district.subtitle && (
              <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
                {district.subtitle}
              </Typography>
            )}
          </Box>
          <Box sx={{ pb: 1 }}>{follow && <FollowButton actor={follow} name={district.title} />}</Box>
        </Stack>
        <Stack
          direction="row"
          spacing={2}
          sx={{ my: 2, flexWrap: 'wrap', rowGap: 1, color: 'text.secondary' }}
        >
          {!district.public && <Chip size="small" icon={<LockIcon />} label={t('district.private')} />}
          <span>
            {t('district.members', {
              count: district.numOfMembers,
              formatted: shortenCount(district.numOfMembers),
            })}
          </span>
          <span>
            {t('district.spaces', {
              count: district.numOfSpaces,
              formatted: shortenCount(district.numOfSpaces),
            })}
          </span>
          <span>
            {t('district.followers', { count: numOfFollowers, formatted: shortenCount(numOfFollowers) })}
          </span>
          {district.districtUserRole && (
            <span>{t('district.yourRole', { role: t(`district.roles.${district.districtUserRole}`) })}</span>
          )}
        </Stack>
        {district.description && (
          <Box
            component="section"
            aria-label={t('district.home.about', { title: district.title })}
            sx={{ mb: 3 }}
          >
            <Typography sx={{ maxWidth: 900, whiteSpace: 'pre-wrap' }}>{district.description}</Typography>
            {district.socialMedia.length > 0 && (
              <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
                {district.socialMedia.map((link) => (
                  <MuiLink key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.name}
                  </MuiLink>
                ))}
              </Stack>
            )}
          </Box>
        )}
        <DistrictSpaces district={district} promoted />
        <DistrictSpaces district={district} />
      </Container>
    </Box>
  );
}

/**
 * The spaces the district lists (in its slots and hosted), as cards; with `promoted`, its Promoted
 * list, which is left out while it is empty.
 */
export function DistrictSpaces({ district, promoted = false }: { district: District; promoted?: boolean }) {
  const { t } = useTranslation();
  const list = useInfiniteList('districtSpaces', {
    districtId: district.districtId,
    ...(promoted ? { promoted: true } : {}),
  });
  const items = useSelector(list, (s) => (s?.context.items ?? noSpaces) as SceneMetadata[]);
  const label = t(promoted ? 'district.home.promoted' : 'district.home.spaces', { title: district.title });
  if (promoted && items.length === 0) return null;
  return (
    <Box component="section" aria-label={label} sx={promoted ? { mb: 4 } : undefined}>
      <Typography component="h2" variant="h2" sx={{ mb: 2 }}>
        {label}
      </Typography>
      {items.length > 0 && (
        <SpaceCardGrid label={label} items={items} card={(space) => <SpaceCard space={space} />} />
      )}
      {list && !promoted && (
        <ListFooter list={list} empty={<EmptyList text={t('district.home.noSpaces')} />} />
      )}
    </Box>
  );
}
