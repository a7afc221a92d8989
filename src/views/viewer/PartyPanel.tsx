import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import {
  Alert,
  Avatar,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { PartyUser } from '../../../contracts/parties';
import { type PartyActorRef, type PartyChange, partyRole } from '../../machines/partyMachine';

function Person({ user }: { user: PartyUser }) {
  return (
    <ListItemAvatar sx={{ minWidth: 40 }}>
      <Avatar src={user.profilePicture ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
    </ListItemAvatar>
  );
}

/**
 * The viewer's Party panel (platform.md §2.7 Party: created time, participants, invitations). The
 * flow is `party` (src/machines/partyMachine.ts), which the viewer runs while a visitor is signed
 * in; without it (signed out) the panel asks the visitor to sign in.
 */
export default function PartyPanel({ party }: { party?: PartyActorRef }) {
  const { t } = useTranslation();
  if (!party) return <Typography color="text.secondary">{t('viewer.party.signIn')}</Typography>;
  return <PartyBody actor={party} />;
}

function PartyBody({ actor }: { actor: PartyActorRef }) {
  const { t, i18n } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const { party, invitations, error, problem, userId, following } = state.context;
  const busy = state.hasTag('busy');
  const change = (c: PartyChange) => actor.send({ type: 'party.change', change: c });
  const role = partyRole(party, userId);

  if (state.matches('failed'))
    return (
      <Alert
        severity="error"
        action={
          <Button onClick={() => actor.send({ type: 'party.retry' })}>{t('viewer.party.retry')}</Button>
        }
      >
        {t('viewer.party.loadFailed', { message: error })}
      </Alert>
    );

  return (
    <Stack spacing={2} data-testid="viewer-party">
      {invitations.length > 0 && (
        <List dense disablePadding aria-label={t('viewer.party.invitations')}>
          {invitations.map((invitation) => (
            <ListItem key={invitation.invitationId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Person user={invitation.from} />
              <ListItemText primary={t('viewer.party.invitedBy', { name: invitation.from.name })} />
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy}
                  onClick={() => change({ kind: 'accept', invitationId: invitation.invitationId })}
                >
                  {t('viewer.party.accept')}
                </Button>
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => change({ kind: 'decline', invitationId: invitation.invitationId })}
                >
                  {t('viewer.party.decline')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {!party ? (
        <>
          <Typography color="text.secondary">{t('viewer.party.intro')}</Typography>
          <Button variant="outlined" disabled={busy} onClick={() => change({ kind: 'create' })}>
            {t('viewer.party.create')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('viewer.party.created', {
              time: new Date(party.createdAt).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </Typography>
          <div>
            <Typography variant="subtitle2" component="h3">
              {t('viewer.party.participants')}
            </Typography>
            <List dense disablePadding>
              {party.members.map((member) => (
                <ListItem
                  key={member.user.id}
                  disableGutters
                  secondaryAction={
                    role === 'leader' && !member.leader ? (
                      <IconButton
                        edge="end"
                        disabled={busy}
                        aria-label={t('viewer.party.remove', { name: member.user.name })}
                        onClick={() => change({ kind: 'remove', userId: member.user.id })}
                      >
                        <RemoveIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <Person user={member.user} />
                  <ListItemText
                    primary={
                      member.user.id === userId
                        ? t('viewer.party.you', { name: member.user.name })
                        : member.user.name
                    }
                  />
                  {member.leader && <Chip size="small" label={t('viewer.party.leader')} sx={{ mr: 5 }} />}
                </ListItem>
              ))}
            </List>
          </div>
          <div>
            <Typography variant="subtitle2" component="h3">
              {t('viewer.party.invitations')}
            </Typography>
            {party.invitations.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('viewer.party.noInvitations')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {party.invitations.map((invitation) => (
                  <ListItem
                    key={invitation.invitationId}
                    disableGutters
                    secondaryAction={
                      role === 'leader' ? (
                        <IconButton
                          edge="end"
                          disabled={busy}
                          aria-label={t('viewer.party.cancel', { name: invitation.to.name })}
                          onClick={() => change({ kind: 'cancel', invitationId: invitation.invitationId })}
                        >
                          <CloseIcon />
                        </IconButton>
                      ) : undefined
                    }
                  >
                    <Person user={invitation.to} />
                    <ListItemText primary={t('viewer.party.waitingFor', { name: invitation.to.name })} />
                  </ListItem>
                ))}
              </List>
            )}
          </div>
          {role === 'member' && (
            <FormControlLabel
              control={
                <Switch
                  checked={following}
                  onChange={(e) => actor.send({ type: 'party.follow', following: e.target.checked })}
                />
              }
              label={t('viewer.party.follow')}
            />
          )}
          <Button color="error" disabled={busy} onClick={() => change({ kind: 'leave' })}>
            {t('viewer.party.leave')}
          </Button>
        </>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}
