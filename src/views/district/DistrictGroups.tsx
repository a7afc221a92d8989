import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import type { Group } from '../../../contracts/groups';
import { useFlow, useSession } from '../../app/AppContext';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { GroupDialog } from '../social/GroupDialog';
import { GroupFormDialog } from '../social/GroupFormDialog';
import '../../i18n/districtGroupsCatalogue';

const groupsPerPage = 12;
const noGroups: Group[] = [];

/**
 * A district's Groups (issue 22: Groups › All, Groups › Invitations). All lists the district's
 * groups (title, description, member count, what the user is to each); each opens the group's
 * dialog, which invites from the district's members. The district's Owners make groups here
 * (New group). Invitations lists the signed-in user's open invitations to the district's groups,
 * each with Accept and Decline (the group flow of each row does the work).
 */
export function DistrictGroupsPage({ district, tab }: { district: District; tab: 'all' | 'invitations' }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  if (!signedIn) return <Alert severity="info">{t('districtGroups.signIn')}</Alert>;
  if (tab === 'invitations')
    return district.districtUserRole ? (
      <Invitations district={district} />
    ) : (
      <Alert severity="info">{t('districtGroups.membersOnly')}</Alert>
    );
  return <AllGroups district={district} />;
}

function AllGroups({ district }: { district: District }) {
  const { t } = useTranslation();
  const owner = district.districtUserRole === 'Owner';
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Group | null>(null);
  // The list loads again from scratch when a group in it changed.
  const [revision, setRevision] = useState(0);
  const refresh = () => setRevision((r) => r + 1);
  return (
    <Box>
      {owner && (
        <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('districtGroups.new')}
          </Button>
        </Stack>
      )}
      <GroupList
        key={revision}
        district={district}
        empty={t(owner ? 'districtGroups.noneOwner' : 'districtGroups.none')}
        onOpen={setOpen}
      />
      {creating && (
        <GroupFormDialog
          group={null}
          districtId={district.districtId}
          onClose={() => setCreating(false)}
          onSaved={(group) => {
            setCreating(false);
            refresh();
            setOpen(group);
          }}
        />
      )}
      {open && (
        <GroupDialog
          key={open.groupId}
          group={open}
          districtId={district.districtId}
          onClose={() => setOpen(null)}
          onListsChanged={refresh}
        />
      )}
    </Box>
  );
}

function GroupList({
  district,
  empty,
  onOpen,
}: {
  district: District;
  empty: string;
  onOpen(group: Group): void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteList(
    'groupList',
    { districtId: district.districtId, side: 'district' },
    groupsPerPage,
  );
  const groups = useSelector(list, (s) => (s?.context.items ?? noGroups) as Group[]);
  const label = t('districtGroups.all', { title: district.title });
  return (
    <Box component="section" aria-label={label}>
      {groups.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={label} disablePadding>
            {groups.map((group) => (
              <ListItem key={group.groupId} disablePadding divider>
                <ListItemButton
                  aria-label={t('districtGroups.open', { title: group.title })}
                  onClick={() => onOpen(group)}
                >
                  <GroupAvatar group={group} />
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{group.title}</span>
                        <MembershipChip group={group} />
                      </Stack>
                    }
                    secondary={
                      <>
                        {group.description && (
                          <Box
                            component="span"
                            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
                          >
                            {group.description}
                          </Box>
                        )}
                        <Box component="span" sx={{ display: 'block' }}>
                          {t('districtGroups.members', { count: group.numOfMembers })}
                        </Box>
                      </>
                    }
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {list && (
        <ListFooter
          list={list}
          failedText={t('districtGroups.listFailed')}
          loadMoreButton="fallback"
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {empty}
            </Typography>
          }
        />
      )}
    </Box>
  );
}

function GroupAvatar({ group }: { group: Group }) {
  return (
    <ListItemAvatar>
      <Avatar variant="rounded" src={group.image ?? undefined} alt="">
        {group.title.slice(0, 1).toUpperCase()}
      </Avatar>
    </ListItemAvatar>
  );
}

/** What the user is to a group, when anything. */
function MembershipChip({ group }: { group: Group }) {
  const { t } = useTranslation();
  if (!group.membership) return null;
  const label = {
    owner: t('districtGroups.ownerChip'),
    member: t('districtGroups.memberChip'),
    invited: t('districtGroups.invitedChip'),
  }[group.membership];
  return <Chip size="small" color={group.membership === 'invited' ? 'info' : 'default'} label={label} />;
}

function Invitations({ district }: { district: District }) {
  const { t } = useTranslation();
  const [revision, setRevision] = useState(0);
  const list = useInfiniteList(
    'groupList',
    { districtId: district.districtId, side: 'invitations', revision },
    groupsPerPage,
  );
  const groups = useSelector(list, (s) => (s?.context.items ?? noGroups) as Group[]);
  const label = t('districtGroups.invitations', { title: district.title });
  return (
    <Box component="section" aria-label={label}>
      {groups.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={label} disablePadding>
            {groups.map((group) => (
              <Invitation key={group.groupId} group={group} onAnswered={() => setRevision((r) => r + 1)} />
            ))}
          </List>
        </Paper>
      )}
      {list && (
        <ListFooter
          list={list}
          failedText={t('districtGroups.listFailed')}
          loadMoreButton="fallback"
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('districtGroups.noInvitations')}
            </Typography>
          }
        />
      )}
    </Box>
  );
}

/** One invitation, answered through its own group flow; the list loads again once it is. */
function Invitation({ group: given, onAnswered }: { group: Group; onAnswered(): void }) {
  const { t } = useTranslation();
  const flow = useFlow('group', { groupId: given.groupId, group: given });
  const group = useSelector(flow, (s) => s?.context.group) ?? given;
  const busy = useSelector(flow, (s) => s?.hasTag('busy') ?? true);
  const invited = useSelector(flow, (s) => s?.can({ type: 'group.accept' }) ?? false);
  const latest = useRef(onAnswered);
  useEffect(() => {
    latest.current = onAnswered;
  });
  useEffect(() => {
    if (!flow) return;
    const subscription = flow.on('group.listsChanged', () => latest.current());
    return () => subscription.unsubscribe();
  }, [flow]);
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={busy || !invited}
            onClick={() => flow?.send({ type: 'group.accept' })}
          >
            {t('districtGroups.accept')}
          </Button>
          <Button
            size="small"
            disabled={busy || !invited}
            onClick={() => flow?.send({ type: 'group.decline' })}
          >
            {t('districtGroups.decline')}
          </Button>
        </Stack>
      }
      sx={{ pr: { xs: 24, sm: 26 } }}
    >
      <GroupAvatar group={group} />
      <ListItemText
        primary={group.title}
        secondary={`${t('districtGroups.madeBy', { name: group.owner.name })} · ${t(
          'districtGroups.members',
          {
            count: group.numOfMembers,
          },
        )}`}
      />
    </ListItem>
  );
}
