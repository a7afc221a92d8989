import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../contracts/groups';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { GroupDialog } from './GroupDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { ProfileCard, ProfileCardList } from './ProfileCard';
import '../../i18n/groupsCatalogue';

const groupsPerPage = 12;
const noGroups: Group[] = [];

/**
 * A profile's Connections › Groups (platform.md §2.3): the groups the user is in, as cards that
 * open the group. On one's own profile also the open invitations (to accept or decline) and New
 * group; for visitors nothing when the user hides their groups (Settings › Visibility).
 */
export function GroupsSection({ userId, name, isMe }: { userId: string; name: string; isMe: boolean }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Group | null>(null);
  // Lists load again from scratch when something they show changed.
  const [revision, setRevision] = useState(0);
  const refresh = () => setRevision((r) => r + 1);
  return (
    <Box>
      {isMe && (
        <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('groups.new')}
          </Button>
        </Stack>
      )}
      {isMe && (
        <GroupList
          key={`i${revision}`}
          userId={userId}
          side="invitations"
          name={name}
          onOpen={setOpen}
          isMe
        />
      )}
      <GroupList
        key={`g${revision}`}
        userId={userId}
        side="groups"
        name={name}
        onOpen={setOpen}
        isMe={isMe}
      />
      {creating && (
        <GroupFormDialog
          group={null}
          onClose={() => setCreating(false)}
          onSaved={(group) => {
            setCreating(false);
            refresh();
            setOpen(group);
          }}
        />
      )}
      {open && (
        <GroupDialog key={open.groupId} group={open} onClose={() => setOpen(null)} onListsChanged={refresh} />
      )}
    </Box>
  );
}

function GroupList({
  userId,
  side,
  name,
  isMe,
  onOpen,
}: {
  userId: string;
  side: 'groups' | 'invitations';
  name: string;
  isMe: boolean;
  onOpen(group: Group): void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteList('groupList', { userId, side }, groupsPerPage);
  const groups = useSelector(list, (s) => (s?.context.items ?? noGroups) as Group[]);
  if (side === 'invitations' && groups.length === 0) return null;
  const label = side === 'invitations' ? t('groups.invitations') : t('groups.groupsOf', { name });
  return (
    <Box component="section" aria-label={label} sx={{ mb: 4 }}>
      {side === 'invitations' && (
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {label}
        </Typography>
      )}
      {groups.length > 0 && (
        <ProfileCardList label={label}>
          {groups.map((group) => (
            <li key={group.groupId}>
              <GroupCard group={group} onOpen={() => onOpen(group)} />
            </li>
          ))}
        </ProfileCardList>
      )}
      {list && side === 'groups' && (
        <ListFooter
          list={list}
          failedText={t('groups.listFailed')}
          loadMoreButton="fallback"
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {isMe ? t('groups.noGroupsMine') : t('groups.noGroups')}
            </Typography>
          }
        />
      )}
    </Box>
  );
}

/** A group card (the member card's size, platform.md §9): picture, title, members, what I am to it. */
function GroupCard({ group, onOpen }: { group: Group; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <ProfileCard
      square
      picture={group.image}
      title={group.title}
      subtitle={
        group.membership === 'invited'
          ? t('groups.invitedYou', { name: group.owner.name })
          : t('groups.members', { count: group.numOfMembers })
      }
      label={t('groups.open', { title: group.title })}
      onClick={onOpen}
      extra={
        group.membership === 'owner' ? (
          <Chip size="small" label={t('groups.ownerChip')} sx={{ mt: 1 }} />
        ) : group.membership === 'invited' ? (
          <Chip size="small" color="info" label={t('groups.invitedChip')} sx={{ mt: 1 }} />
        ) : undefined
      }
    />
  );
}
