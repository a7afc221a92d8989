import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District, DistrictMember, DistrictSlot } from '../../../contracts/districts';
import { useFlow, useSession } from '../../app/AppContext';
import type { DistrictPeopleActorRef, DistrictPeopleChange } from '../../machines/districtPeopleMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import '../../i18n/districtsCatalogue';

const noMembers: DistrictMember[] = [];
const membersPerPage = 20;

/**
 * Members › All (platform.md §2.1: the members and, for Owners, the Manage members controls: role,
 * allocated spaces, removal) and Members › Invitations (Owners: links, e-mail invitations, open
 * ones). Creators see who is in the district and may leave it.
 */
export function DistrictMembersPage({ district, tab }: { district: District; tab: 'all' | 'invitations' }) {
  const { t } = useTranslation();
  const owner = district.districtUserRole === 'Owner';
  const people = useFlow('districtPeople', { districtId: district.districtId });
  const [revision, setRevision] = useState(0);
  const [members, setMembers] = useState<DistrictMember[]>(noMembers);
  useEffect(() => {
    if (!people) return;
    const subscription = people.on('people.changed', () => setRevision((r) => r + 1));
    return () => subscription.unsubscribe();
  }, [people]);
  if (!district.districtUserRole) return <Alert severity="info">{t('district.membersOnly')}</Alert>;
  if (tab === 'invitations')
    return owner ? (
      <Invitations people={people} />
    ) : (
      <Alert severity="info">{t('district.ownersOnly')}</Alert>
    );
  return (
    <Stack spacing={4}>
      <Members
        key={revision}
        district={district}
        send={(change) => people?.send({ type: 'people.change', change })}
        onMembers={setMembers}
      />
      {owner && (
        <Slots
          people={people}
          members={members}
          send={(change) => people?.send({ type: 'people.change', change })}
        />
      )}
    </Stack>
  );
}

function Members({
  district,
  send,
  onMembers,
}: {
  district: District;
  send(change: DistrictPeopleChange): void;
  /** Tells the page who is listed (the slots offer them). */
  onMembers(members: DistrictMember[]): void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const me = useSelector(session, (s) => s.context.user?.userId ?? null);
  const list = useInfiniteList('districtMembers', { districtId: district.districtId }, membersPerPage);
  const members = useSelector(list, (s) => (s?.context.items ?? noMembers) as DistrictMember[]);
  const owner = district.districtUserRole === 'Owner';
  const [removing, setRemoving] = useState<DistrictMember | null>(null);
  useEffect(() => onMembers(members), [members, onMembers]);
  return (
    <Box>
      <List aria-label={t('district.members.list', { title: district.title })}>
        {members.map((member) => {
          const maker = member.userId === district.owner.userId;
          return (
            <ListItem
              key={member.userId}
              divider
              secondaryAction={
                (owner && !maker) || (member.userId === me && !maker) ? (
                  <Tooltip
                    title={
                      member.userId === me
                        ? t('district.members.leave')
                        : t('district.members.remove', { name: member.name })
                    }
                  >
                    <IconButton
                      edge="end"
                      aria-label={
                        member.userId === me
                          ? t('district.members.leave')
                          : t('district.members.remove', { name: member.name })
                      }
                      onClick={() => setRemoving(member)}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
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
                secondary={[member.email, t('district.members.allocated', { count: member.allocatedSlots })]
                  .filter(Boolean)
                  .join(' · ')}
                sx={{ mr: 2, minWidth: 0 }}
              />
              {owner && !maker ? (
                <TextField
                  select
                  size="small"
                  value={member.role}
                  onChange={(e) =>
                    send({
                      kind: 'setRole',
                      userId: member.userId,
                      role: e.target.value as 'Owner' | 'Creator',
                    })
                  }
                  slotProps={{
                    htmlInput: { 'aria-label': t('district.members.role', { name: member.name }) },
                  }}
                  sx={{ mr: 6, minWidth: 120 }}
                >
                  <MenuItem value="Owner">{t('district.roles.Owner')}</MenuItem>
                  <MenuItem value="Creator">{t('district.roles.Creator')}</MenuItem>
                </TextField>
              ) : (
                <Chip
                  size="small"
                  label={t(`district.roles.${member.role}`)}
                  sx={{ mr: owner || member.userId === me ? 6 : 0 }}
                />
              )}
            </ListItem>
          );
        })}
      </List>
      {list && (
        <ListFooter
          list={list}
          failedText={t('district.members.failed')}
          loadMoreButton="fallback"
          empty={<Typography color="text.secondary">{t('district.members.none')}</Typography>}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.userId === me ? t('district.members.leaveTitle') : t('district.members.removeTitle')}
        message={
          removing?.userId === me
            ? t('district.members.leaveMessage')
            : t('district.members.removeMessage', { name: removing?.name ?? '' })
        }
        confirmLabel={
          removing?.userId === me
            ? t('district.members.leave')
            : t('district.members.remove', { name: removing?.name ?? '' })
        }
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) send({ kind: 'remove', userId: removing.userId });
          setRemoving(null);
        }}
      />
    </Box>
  );
}

/** The district's slots and who may publish into each (Owners). */
function Slots({
  people,
  members,
  send,
}: {
  people: DistrictPeopleActorRef | undefined;
  members: DistrictMember[];
  send(change: DistrictPeopleChange): void;
}) {
  const { t } = useTranslation();
  const items = useSelector(people, (s) => s?.context.slots ?? noSlots);
  return (
    <Box component="section" aria-label={t('district.slots.title')}>
      <Typography component="h2" variant="h3" gutterBottom>
        {t('district.slots.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('district.slots.lead')}
      </Typography>
      <Stack spacing={1}>
        {items.map((slot, i) => (
          <Paper
            key={slot.slotId}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontWeight: 600, minWidth: 70 }}>
              {t('district.slots.slot', { n: i + 1 })}
            </Typography>
            <Typography color="text.secondary" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
              {slot.sceneMetadata
                ? t('district.slots.holds', { title: slot.sceneMetadata.title })
                : t('district.slots.empty')}
            </Typography>
            <TextField
              select
              size="small"
              value={slot.allocatedTo?.userId ?? ''}
              onChange={(e) =>
                send({ kind: 'allocate', slotId: slot.slotId, userId: e.target.value || null })
              }
              slotProps={{ htmlInput: { 'aria-label': t('district.slots.allocatedTo', { n: i + 1 }) } }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('district.slots.owners')}</MenuItem>
              {members
                .filter((m) => m.role === 'Creator' || m.userId === slot.allocatedTo?.userId)
                .map((m) => (
                  <MenuItem key={m.userId} value={m.userId}>
                    {m.name}
                  </MenuItem>
                ))}
            </TextField>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

const noSlots: DistrictSlot[] = [];

/** Members › Invitations (Owners): a link to share, an invitation by e-mail, the open ones. */
function Invitations({ people }: { people: DistrictPeopleActorRef | undefined }) {
  const { t } = useTranslation();
  const invitations = useSelector(people, (s) => s?.context.invitations ?? []);
  const made = useSelector(people, (s) => s?.context.made ?? null);
  const busy = useSelector(people, (s) => !s || s.hasTag('busy'));
  const failed = useSelector(people, (s) => s?.matches('failed') ?? false);
  const [email, setEmail] = useState('');
  const send = (change: DistrictPeopleChange) => people?.send({ type: 'people.change', change });
  return (
    <Stack spacing={3}>
      <Box component="section" aria-label={t('district.invitations.title')}>
        <Typography component="h2" variant="h3" gutterBottom>
          {t('district.invitations.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('district.invitations.lead')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Button variant="contained" disabled={busy} onClick={() => send({ kind: 'inviteLink' })}>
            {t('district.invitations.makeLink')}
          </Button>
          <TextField
            size="small"
            type="email"
            label={t('district.invitations.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            variant="outlined"
            disabled={busy || !/^\S+@\S+\.\S+$/.test(email)}
            onClick={() => {
              send({ kind: 'inviteEmail', email: email.trim() });
              setEmail('');
            }}
          >
            {t('district.invitations.sendEmail')}
          </Button>
        </Stack>
        {made && (
          <TextField
            fullWidth
            sx={{ mt: 2 }}
            label={t('district.invitations.link')}
            value={made.link}
            slotProps={{
              htmlInput: { readOnly: true },
              input: { onFocus: (e) => (e.target as HTMLInputElement).select() },
            }}
          />
        )}
      </Box>
      <Box component="section" aria-label={t('district.invitations.open')}>
        <Typography component="h2" variant="h3" gutterBottom>
          {t('district.invitations.open')}
        </Typography>
        {failed && <Alert severity="error">{t('district.invitations.failed')}</Alert>}
        {invitations.length === 0 && !failed && (
          <Typography color="text.secondary">{t('district.invitations.none')}</Typography>
        )}
        <List>
          {invitations.map((invitation) => (
            <ListItem
              key={invitation.invitationCode}
              divider
              secondaryAction={
                <Button
                  disabled={busy}
                  onClick={() => send({ kind: 'withdraw', code: invitation.invitationCode })}
                >
                  {t('district.invitations.withdraw')}
                </Button>
              }
            >
              <ListItemText
                primary={
                  invitation.email
                    ? t('district.invitations.forEmail', { email: invitation.email })
                    : t('district.invitations.anyone')
                }
                secondary={`${invitation.link} · ${t('district.invitations.uses', { count: invitation.uses })}`}
                sx={{ mr: 12, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
