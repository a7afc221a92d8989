import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import type { DistrictSpaceKind, DistrictSpaceRequest } from '../../../contracts/districtSpaces';
import { districtSpaceRules } from '../../../contracts/districtSpaces';
import { useFlow } from '../../app/AppContext';
import type { DistrictRequestsActorRef } from '../../machines/districtRequestsMachine';
import '../../i18n/districtsCatalogue';

const noRequests: DistrictSpaceRequest[] = [];

/**
 * Spaces › Hosting Requests (platform.md §2.1; contracts/districtSpaces.ts): members ask the district
 * to host one of their published spaces or to promote one it lists, and follow their asks; Owners
 * answer open requests, promote spaces directly, and take hosted or promoted spaces off.
 */
export function DistrictRequestsPage({ district }: { district: District }) {
  const { t } = useTranslation();
  const role = district.districtUserRole;
  const requests = useFlow('districtRequests', { districtId: district.districtId, role });
  const items = useSelector(requests, (s) => s?.context.requests ?? noRequests);
  const failed = useSelector(requests, (s) => s?.matches('failed') ?? false);
  if (!role) return <Alert severity="info">{t('district.requests.membersOnly')}</Alert>;
  const owner = role === 'Owner';
  const open = items.filter((r) => r.state === 'pending');
  const answered = items.filter((r) => r.state !== 'pending');
  return (
    <Stack spacing={4}>
      {requests && <AskForm requests={requests} owner={owner} />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => requests?.send({ type: 'requests.retry' })}>
              {t('district.retry')}
            </Button>
          }
        >
          {t('district.requests.loadFailed')}
        </Alert>
      )}
      <RequestList
        title={t(owner ? 'district.requests.openForOwner' : 'district.requests.openForMember')}
        empty={t('district.requests.noneOpen')}
        items={open}
        requests={requests}
        owner={owner}
      />
      <RequestList
        title={t('district.requests.answered')}
        empty={t('district.requests.noneAnswered')}
        items={answered}
        requests={requests}
        owner={owner}
      />
    </Stack>
  );
}

/** Ask to host one of my spaces, or to promote a space the district lists (Owners: at once). */
function AskForm({ requests, owner }: { requests: DistrictRequestsActorRef; owner: boolean }) {
  const { t } = useTranslation();
  const spaces = useSelector(requests, (s) => s.context.spaces);
  const busy = useSelector(requests, (s) => s.hasTag('busy'));
  const [kind, setKind] = useState<DistrictSpaceKind>('hosting');
  const [sceneId, setSceneId] = useState('');
  const [message, setMessage] = useState('');
  // Hosting: my spaces the district does not list yet. Promotion: spaces it lists.
  const choices = spaces.filter((s) => (kind === 'hosting' ? !s.listed : s.listed));
  const chosen = choices.some((s) => s.sceneId === sceneId) ? sceneId : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    requests.send({
      type: 'requests.change',
      change: { kind: 'ask', sceneId: chosen, requestKind: kind, message: message.trim() },
    });
    setSceneId('');
    setMessage('');
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {t(owner ? 'district.requests.formOwner' : 'district.requests.form')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(owner ? 'district.requests.formOwnerLead' : 'district.requests.formLead')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={t('district.requests.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as DistrictSpaceKind)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="hosting">{t('district.requests.kinds.hosting')}</MenuItem>
          <MenuItem value="promotion">{t('district.requests.kinds.promotion')}</MenuItem>
        </TextField>
        <TextField
          select
          label={t('district.requests.space')}
          value={chosen}
          onChange={(e) => setSceneId(e.target.value)}
          sx={{ minWidth: 240 }}
          disabled={choices.length === 0}
          helperText={choices.length === 0 ? t(`district.requests.noChoices.${kind}`) : undefined}
        >
          {choices.map((s) => (
            <MenuItem key={s.sceneId} value={s.sceneId}>
              {s.title}
            </MenuItem>
          ))}
        </TextField>
        {!owner && (
          <TextField
            label={t('district.requests.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            slotProps={{ htmlInput: { maxLength: districtSpaceRules.messageMax } }}
            sx={{ flexGrow: 1 }}
          />
        )}
        <Button type="submit" variant="contained" disabled={!chosen || busy} sx={{ mt: { md: 1 } }}>
          {t(owner ? 'district.requests.addNow' : 'district.requests.send')}
        </Button>
      </Stack>
    </Paper>
  );
}

function RequestList({
  title,
  empty,
  items,
  requests,
  owner,
}: {
  title: string;
  empty: string;
  items: DistrictSpaceRequest[];
  requests: DistrictRequestsActorRef | undefined;
  owner: boolean;
}) {
  const { t } = useTranslation();
  const busy = useSelector(requests, (s) => s?.hasTag('busy') ?? true);
  const send = (kind: 'accept' | 'decline' | 'remove', requestId: string) =>
    requests?.send({ type: 'requests.change', change: { kind, requestId } });
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List aria-label={title}>
          {items.map((r) => (
            <ListItem
              key={r.requestId}
              divider
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  {owner && r.state === 'pending' && (
                    <>
                      <Button
                        variant="contained"
                        size="small"
                        disabled={busy}
                        onClick={() => send('accept', r.requestId)}
                      >
                        {t('district.requests.accept')}
                      </Button>
                      <Button size="small" disabled={busy} onClick={() => send('decline', r.requestId)}>
                        {t('district.requests.decline')}
                      </Button>
                    </>
                  )}
                  {(r.state !== 'declined' || !owner) && !(owner && r.state === 'pending') && (
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => send('remove', r.requestId)}
                    >
                      {t(r.state === 'accepted' ? 'district.requests.takeOff' : 'district.requests.withdraw')}
                    </Button>
                  )}
                </Stack>
              }
              sx={{ pr: { xs: 2, sm: 30 }, flexWrap: 'wrap' }}
            >
              <ListItemAvatar>
                <Avatar variant="rounded" src={r.scene.thumbnailUri ?? undefined} alt="">
                  {r.scene.title.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{r.scene.title}</span>
                    <Chip size="small" label={t(`district.requests.kinds.${r.kind}`)} />
                    <Chip
                      size="small"
                      // Filled success and the default grey read well; warning's orange does not.
                      variant={r.state === 'pending' ? 'outlined' : 'filled'}
                      color={r.state === 'accepted' ? 'success' : 'default'}
                      label={t(`district.requests.states.${r.state}`)}
                    />
                  </Stack>
                }
                secondary={
                  <>
                    {t('district.requests.by', { name: r.requester.name })}
                    {r.message ? ` — “${r.message}”` : ''}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
