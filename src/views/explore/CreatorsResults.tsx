import { Avatar, Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { UserPublic } from '../../../contracts/users';
import { shortenCount } from '../../lib/format';
import { EmptyList, ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';

/**
 * Creators matching the search words (the user search answers only users who let themselves be
 * found), 9 at a time, each a card to their profile with their published spaces and followers.
 */
export function CreatorsResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const list = useInfiniteList('exploreCreators', { q });
  const items = useSelector(list, (s) => (s?.context.items ?? noCreators) as UserPublic[]);

  return (
    <>
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label={t('explore.creatorsList')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {items.map((user) => (
            <li key={user.userId}>
              <CreatorCard user={user} />
            </li>
          ))}
        </Box>
      )}
      {list && <ListFooter list={list} empty={<EmptyList text={t('explore.noCreators')} />} />}
    </>
  );
}

const noCreators: UserPublic[] = [];

function CreatorCard({ user }: { user: UserPublic }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={Link}
        href={`/user/${encodeURIComponent(user.userId)}`}
        sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start', height: '100%' }}
      >
        <Avatar aria-hidden src={user.profilePicture ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
          {user.name[0]?.toUpperCase()}
        </Avatar>
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Typography
            variant="h3"
            component="h3"
            sx={{ fontSize: '1.05rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('explore.creator.spaces', {
              count: user.numPublishedSpaces,
              formatted: shortenCount(user.numPublishedSpaces),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('explore.creator.followers', {
              count: user.numOfFollowers,
              formatted: shortenCount(user.numOfFollowers),
            })}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
