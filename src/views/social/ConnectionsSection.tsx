import { Avatar, Box, Card, CardActionArea, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { MemberCard as Member } from '../../../contracts/follows';
import { selectIsMe } from '../../machines/sessionMachine';
import { useSession } from '../../app/AppContext';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { FollowButton, useFollow } from './FollowButton';

export type ConnectionsTab = 'followers' | 'following';

/** Members per page of a Connections list. */
const membersPerPage = 12;

/**
 * A profile's Connections › Followers and Following (platform.md §2.3): infinite lists of member
 * cards, each linking to the member's profile, with Follow / Unfollow for the signed-in user.
 * Groups arrive with the groups feature.
 */
export function ConnectionsSection({
  userId,
  name,
  subcategory,
}: {
  userId: string;
  name: string;
  subcategory?: string;
}) {
  const { t } = useTranslation();
  const params = useParams<{ subcategory?: string }>();
  const tab: ConnectionsTab = (subcategory ?? params.subcategory) === 'following' ? 'following' : 'followers';
  const base = `/user/${encodeURIComponent(userId)}/connections`;
  return (
    <Box component="section" aria-label={t('profile.categories.connections')} sx={{ mb: 6 }}>
      <Tabs value={tab} aria-label={t('profile.categories.connections')} sx={{ mb: 3 }}>
        {(['followers', 'following'] as const).map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`profile.subcategories.${value}`)}
            component={Link}
            href={`${base}/${value}`}
          />
        ))}
      </Tabs>
      <MembersList key={`${userId}:${tab}`} userId={userId} name={name} side={tab} />
    </Box>
  );
}

function MembersList({ userId, name, side }: { userId: string; name: string; side: ConnectionsTab }) {
  const { t } = useTranslation();
  const list = useInfiniteList('connections', { userId, side }, membersPerPage);
  const members = useSelector(list, (s) => (s?.context.items ?? noMembers) as Member[]);
  return (
    <>
      {members.length > 0 && (
        <Box
          component="ul"
          aria-label={t(side === 'followers' ? 'follows.followersOf' : 'follows.followingOf', { name })}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {members.map((member) => (
            <li key={member.userId}>
              <MemberCard member={member} />
            </li>
          ))}
        </Box>
      )}
      {list && (
        <ListFooter
          list={list}
          failedText={t('follows.listFailed')}
          loadMoreButton="fallback"
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t(side === 'followers' ? 'follows.noFollowers' : 'follows.noFollowing')}
            </Typography>
          }
        />
      )}
    </>
  );
}

/** A member card (platform.md §9): 280 px high, 128 px picture, name, username, Follow / Unfollow. */
export function MemberCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const session = useSession();
  const isMe = useSelector(session, (s) => selectIsMe(s, member.userId));
  const follow = useFollow(member.userId, member.following);
  return (
    <Card variant="outlined" sx={{ height: 280, display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={Link}
        href={`/user/${encodeURIComponent(member.userId)}`}
        aria-label={t('follows.viewProfile', { name: member.name })}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', p: 2 }}
      >
        <Avatar
          src={member.profilePicture ?? undefined}
          alt=""
          sx={{ width: 128, height: 128, fontSize: 48 }}
        >
          {member.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography
          component="p"
          variant="subtitle1"
          noWrap
          sx={{ mt: 1, maxWidth: '100%', fontWeight: 600 }}
        >
          {member.name}
        </Typography>
        {member.username && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
            @{member.username}
          </Typography>
        )}
      </CardActionArea>
      <Stack sx={{ alignItems: 'center', pb: 2, minHeight: 48 }}>
        {!isMe && <FollowButton actor={follow} name={member.name} />}
      </Stack>
    </Card>
  );
}

const noMembers: Member[] = [];
