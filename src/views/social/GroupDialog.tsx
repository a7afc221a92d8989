import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Autocomplete,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistrictMember } from '../../../contracts/districts';
import type { Group, GroupMember } from '../../../contracts/groups';
import { useFlow } from '../../app/AppContext';
import type { Member } from '../../machines/publishWizardMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';
import { ListFooter } from '../kit/ListFooter';
import { Modal } from '../kit/Modal';
import { useInfiniteList } from '../kit/useInfiniteList';
import { GroupFormDialog } from './GroupFormDialog';
import '../../i18n/groupsCatalogue';

const membersPerPage = 20;
const noMembers: GroupMember[] = [];
const noUsers: Member[] = [];
const noDistrictMembers: DistrictMember[] = [];
/** District members the invite picker loads at a time (the district API's largest page). */
const districtMembersPerPage = 50;

/**
 * One group in a dialog (platform.md §2.3 Connections › Groups): its picture, title, description,
 * owner and member count, and what the signed-in user may do — an invited user accepts or
 * declines, a member leaves, the owner invites people, removes members, edits and deletes. Who is
 * in the group shows to its members. The group flow does the work; the dialog closes when the
 * group is gone for the user, and tells its parent when lists showing groups should load again.
 * A district's group (`districtId`) invites from the district's members only.
 */
export function GroupDialog({
  group: given,
  districtId,
  onClose,
  onListsChanged,
}: {
  group: Group;
  /** The group is this district's: the invite picker offers the district's members. */
  districtId?: string;
  onClose(): void;
  onListsChanged(): void;
}) {
  const { t } = useTranslation();
  const flow = useFlow('group', { groupId: given.groupId, group: given });
  const group = useSelector(flow, (s) => s?.context.group) ?? given;
  const busy = useSelector(flow, (s) => s?.hasTag('busy') ?? true);
  const failed = useSelector(flow, (s) => s?.matches('failed') ?? false);
  const gone = useSelector(flow, (s) => s?.status === 'done');
  const revision = useSelector(flow, (s) => s?.context.membersRevision ?? 0);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);

  const latest = useRef({ onClose, onListsChanged });
  useEffect(() => {
    latest.current = { onClose, onListsChanged };
  });
  useEffect(() => {
    if (!flow) return;
    const subscription = flow.on('group.listsChanged', () => latest.current.onListsChanged());
    return () => subscription.unsubscribe();
  }, [flow]);
  useEffect(() => {
    if (gone) latest.current.onClose();
  }, [gone]);

  const { membership } = group;
  return (
    <Modal open onClose={onClose} title={group.title} maxWidth="sm">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={group.image ?? undefined}
            alt=""
            sx={{ width: 96, height: 96, fontSize: 40 }}
          >
            {group.title.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography color="text.secondary">{t('groups.ownedBy', { name: group.owner.name })}</Typography>
            <Typography color="text.secondary">
              {t('groups.members', { count: group.numOfMembers })}
            </Typography>
            {membership === 'owner' && <Chip size="small" label={t('groups.ownerChip')} sx={{ mt: 0.5 }} />}
            {membership === 'invited' && (
              <Chip size="small" color="info" label={t('groups.invitedChip')} sx={{ mt: 0.5 }} />
            )}
          </Box>
        </Stack>
        {group.description && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{group.description}</Typography>}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => flow?.send({ type: 'group.retry' })}>
                {t('groups.retry')}
              </Button>
            }
          >
            {t('groups.loadFailed')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {membership === 'invited' && (
            <>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => flow?.send({ type: 'group.accept' })}
              >
                {t('groups.accept')}
              </Button>
              <Button disabled={busy} onClick={() => flow?.send({ type: 'group.decline' })}>
                {t('groups.decline')}
              </Button>
            </>
          )}
          {membership === 'member' && (
            <Button color="error" disabled={busy} onClick={() => setConfirming('leave')}>
              {t('groups.leave')}
            </Button>
          )}
          {membership === 'owner' && (
            <>
              <Button variant="outlined" disabled={busy} onClick={() => setEditing(true)}>
                {t('groups.edit')}
              </Button>
              <Button color="error" disabled={busy} onClick={() => setConfirming('delete')}>
                {t('groups.delete')}
              </Button>
            </>
          )}
        </Stack>
        {membership === 'owner' && (
          <InvitePeople
            districtId={districtId ?? group.districtId ?? undefined}
            disabled={busy}
            onInvite={(userIds) => flow?.send({ type: 'group.invite', userIds })}
          />
        )}
        {membership ? (
          <Members
            key={revision}
            group={group}
            busy={busy}
            onRemove={(userId) => flow?.send({ type: 'group.removeMember', userId })}
          />
        ) : (
          <Typography color="text.secondary">{t('groups.membersOnly')}</Typography>
        )}
      </Stack>
      {editing && (
        <GroupFormDialog
          group={group}
          onClose={() => setEditing(false)}
          onSaved={(changed) => {
            setEditing(false);
            flow?.send({ type: 'group.changed', group: changed });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'delete' ? 'groups.deleteTitle' : 'groups.leaveTitle')}
        message={t(confirming === 'delete' ? 'groups.deleteMessage' : 'groups.leaveMessage', {
          title: group.title,
        })}
        confirmLabel={t(confirming === 'delete' ? 'groups.delete' : 'groups.leave')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          flow?.send({ type: confirming === 'delete' ? 'group.delete' : 'group.leave' });
          setConfirming(null);
        }}
      />
    </Modal>
  );
}

/** Who is in the group: the owner, members and (for the owner) open invitations, with Remove. */
function Members({ group, busy, onRemove }: { group: Group; busy: boolean; onRemove(userId: string): void }) {
  const { t } = useTranslation();
  const list = useInfiniteList('groupMembers', { groupId: group.groupId }, membersPerPage);
  const members = useSelector(list, (s) => (s?.context.items ?? noMembers) as GroupMember[]);
  const owner = group.membership === 'owner';
  return (
    <Box>
      <List dense aria-label={t('groups.membersList', { title: group.title })}>
        {members.map((member) => (
          <ListItem
            key={member.userId}
            secondaryAction={
              owner && member.role !== 'owner' ? (
                <Tooltip
                  title={t(member.status === 'invited' ? 'groups.withdraw' : 'groups.remove', {
                    name: member.name,
                  })}
                >
                  <span>
                    <IconButton
                      edge="end"
                      disabled={busy}
                      aria-label={t(member.status === 'invited' ? 'groups.withdraw' : 'groups.remove', {
                        name: member.name,
                      })}
                      onClick={() => onRemove(member.userId)}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              ) : undefined
            }
          >
            <ListItemAvatar>
              <Avatar src={member.profilePicture ?? undefined} alt="">
                {member.name.slice(0, 1).toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={member.name}
              secondary={
                member.role === 'owner'
                  ? t('groups.ownerChip')
                  : member.status === 'invited'
                    ? t('groups.invitedChip')
                    : member.username
                      ? `@${member.username}`
                      : undefined
              }
            />
          </ListItem>
        ))}
      </List>
      {list && (
        <ListFooter
          list={list}
          failedText={t('groups.listFailed')}
          loadMoreButton="fallback"
          empty={<Typography color="text.secondary">{t('groups.noMembers')}</Typography>}
        />
      )}
    </Box>
  );
}

interface InviteProps {
  disabled: boolean;
  onInvite(userIds: string[]): void;
}

/**
 * The owner picks people and invites them: anyone by name (the user search of the access
 * pickers), or for a district's group the district's members.
 */
function InvitePeople({ districtId, ...props }: InviteProps & { districtId?: string }) {
  return districtId ? (
    <DistrictInvitePeople districtId={districtId} {...props} />
  ) : (
    <UserInvitePeople {...props} />
  );
}

function UserInvitePeople(props: InviteProps) {
  const searcher = useFlow('userSearch', undefined);
  const options = useSelector(searcher, (s) => s?.context.items ?? noUsers);
  const searching = useSelector(searcher, (s) => s?.hasTag('searching') ?? false);
  const [query, setQuery] = useState('');
  useEffect(() => {
    searcher?.send({ type: 'search.typed', query, category: 'users' });
  }, [searcher, query]);
  return <InvitePicker {...props} options={options} loading={searching} query={query} onQuery={setQuery} />;
}

/** The district's members, a page at a time as the picker's list scrolls, filtered by name here. */
function DistrictInvitePeople({ districtId, ...props }: InviteProps & { districtId: string }) {
  const list = useInfiniteList('districtMembers', { districtId }, districtMembersPerPage);
  const members = useSelector(list, (s) => (s?.context.items ?? noDistrictMembers) as DistrictMember[]);
  const loading = useSelector(list, (s) => s?.hasTag('loading') ?? false);
  const [query, setQuery] = useState('');
  const options = useMemo(
    () => members.map((m): Member => ({ userId: m.userId, name: m.name, profilePicture: m.profilePicture })),
    [members],
  );
  return (
    <InvitePicker
      {...props}
      options={options}
      loading={loading}
      query={query}
      onQuery={setQuery}
      local
      onMore={() => list?.send({ type: 'list.loadMore' })}
    />
  );
}

function InvitePicker({
  disabled,
  onInvite,
  options,
  loading,
  query,
  onQuery,
  local = false,
  onMore,
}: InviteProps & {
  options: Member[];
  loading: boolean;
  query: string;
  onQuery(query: string): void;
  /** Filter the options by what is typed here (they are not searched for). */
  local?: boolean;
  /** Asks for more options when the list is scrolled to its end. */
  onMore?(): void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Member[]>([]);
  const setQuery = onQuery;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Autocomplete
        multiple
        fullWidth
        size="small"
        options={options.filter((o) => o.userId)}
        value={chosen}
        loading={loading}
        {...(local ? {} : { filterOptions: (all: Member[]) => all })}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(a, b) => a.userId === b.userId}
        onChange={(_, value) => setChosen(value)}
        inputValue={query}
        onInputChange={(_, value, reason) => reason !== 'reset' && setQuery(value)}
        noOptionsText={t('groups.inviteNone')}
        slotProps={{
          listbox: {
            onScroll: (event: UIEvent<HTMLElement>) => {
              const box = event.currentTarget;
              if (onMore && box.scrollTop + box.clientHeight >= box.scrollHeight - 8) onMore();
            },
          },
        }}
        renderInput={(params) => (
          <TextField {...params} label={t('groups.invitePeople')} placeholder={t('groups.inviteSearch')} />
        )}
      />
      <Button
        variant="contained"
        disabled={disabled || chosen.length === 0}
        onClick={() => {
          onInvite(chosen.flatMap((m) => (m.userId ? [m.userId] : [])));
          setChosen([]);
          setQuery('');
        }}
      >
        {t('groups.invite')}
      </Button>
    </Stack>
  );
}
