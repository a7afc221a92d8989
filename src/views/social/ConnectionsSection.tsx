import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { MemberCard as Member } from '../../../contracts/follows';
import { selectIsMe } from '../../machines/sessionMachine';
import { useSession } from '../../app/AppContext';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { FollowButton, useFollow } from './FollowButton';
import { GroupsSection } from './GroupsSection';
import { ProfileCard, ProfileCardList } from './ProfileCard';

export type ConnectionsTab = 'followers' | 'following' | 'groups';

/** Members per page of a Connections list. */
const membersPerPage = 12;

/**
 * A profile's Connections › Followers and Following (platform.md §2.3): infinite lists of member
 * cards, each linking to the member's profile, with Follow / Unfollow for the signed-in user.
 * Groups lists the groups the user is in (GroupsSection).
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
  const chosen = subcategory ?? params.subcategory;
  const tab: ConnectionsTab = chosen === 'following' || chosen === 'groups' ? chosen : 'followers';
  const session = useSession();
  const isMe = useSelector(session, (s) => selectIsMe(s, userId));
  const base = `/user/${encodeURIComponent(userId)}/connections`;
  return (
    <Box component="section" aria-label={t('profile.categories.connections')} sx={{ mb: 6 }}>
      <Tabs value={tab} aria-label={t('profile.categories.connections')} sx={{ mb: 3 }}>
        {(['followers', 'following', 'groups'] as const).map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`profile.subcategories.${value}`)}
            component={Link}
            href={`${base}/${value}`}
          />
        ))}
      </Tabs>
      {tab === 'groups' ? (
        <GroupsSection key={userId} userId={userId} name={name} isMe={isMe} />
      ) : (
        <MembersList key={`${userId}:${tab}`} userId={userId} name={name} side={tab} />
      )}
    </Box>
  );
}

function MembersList({
  userId,
  name,
  side,
}: {
  userId: string;
  name: string;
  side: 'followers' | 'following';
}) {
  const { t } = useTranslation();
  const list = useInfiniteList('connections', { userId, side }, membersPerPage);
  const members = useSelector(list, (s) => (s?.context.items ?? noMembers) as Member[]);
  return (
    <>
      {members.length > 0 && (
        <ProfileCardList
          label={t(side === 'followers' ? 'follows.followersOf' : 'follows.followingOf', { name })}
        >
          {members.map((member) => (
            <li key={member.userId}>
              <MemberCard member={member} />
            </li>
          ))}
        </ProfileCardList>
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
    <ProfileCard
      picture={member.profilePicture}
      title={member.name}
      subtitle={member.username ? `@${member.username}` : undefined}
      label={t('follows.viewProfile', { name: member.name })}
      href={`/user/${encodeURIComponent(member.userId)}`}
      footer={
        <Stack sx={{ alignItems: 'center', pb: 2, minHeight: 48 }}>
          {!isMe && <FollowButton actor={follow} name={member.name} />}
        </Stack>
      }
    />
  );
}

const noMembers: Member[] = [];
