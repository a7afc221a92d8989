import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneEventRules } from '../../../contracts/sceneEvents';
import { useFlow } from '../../app/AppContext';
import type { SceneEventsActorRef } from '../../machines/sceneEventsMachine';
import '../../i18n/sceneEventsCatalogue';

/** A `datetime-local` field's value for an instant, in the visitor's time zone. */
function localValue(at: number) {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/**
 * The viewer's Events panel (platform.md §2.7): the space's scheduled events to come, 'Live now'
 * while one is on; an organiser (the space's owner, or its district's) schedules and cancels them.
 * The flow is `sceneEvents` (src/machines/sceneEventsMachine.ts).
 */
export default function EventsPanel({ sceneId }: { sceneId: string }) {
  const events = useFlow('sceneEvents', { sceneId });
  return events ? <EventsBody actor={events} /> : null;
}

function EventsBody({ actor }: { actor: SceneEventsActorRef }) {
  const { t, i18n } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const { events, mayOrganise, error, problem } = state.context;

  const format = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (state.matches('failed'))
    return (
      <Alert
        severity="error"
        action={
          <Button onClick={() => actor.send({ type: 'events.retry' })}>{t('viewer.events.retry')}</Button>
        }
      >
        {t('viewer.events.loadFailed', { message: error })}
      </Alert>
    );
  const busy = state.hasTag('busy');
  return (
    <Stack spacing={2} data-testid="viewer-events">
      {events.length === 0 && !state.matches('loading') ? (
        <Typography color="text.secondary">{t('viewer.events.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {events.map((event) => (
            <ListItem
              key={event.eventId}
              disableGutters
              secondaryAction={
                mayOrganise ? (
                  <IconButton
                    edge="end"
                    disabled={busy}
                    aria-label={t('viewer.events.cancel', { title: event.title })}
                    onClick={() =>
                      actor.send({
                        type: 'events.change',
                        change: { kind: 'cancel', eventId: event.eventId },
                      })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                    <span>{event.title}</span>
                    {event.live && <Chip size="small" color="error" label={t('viewer.events.live')} />}
                  </Stack>
                }
                secondary={t('viewer.events.when', {
                  start: format(event.startsAt),
                  end: format(event.endsAt),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {/* A new event was scheduled: the form starts over. */}
      {mayOrganise && <ScheduleForm key={state.context.lastAdded ?? ''} actor={actor} busy={busy} />}
    </Stack>
  );
}

function ScheduleForm({ actor, busy }: { actor: SceneEventsActorRef; busy: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => {
    // The next whole hour, for an hour.
    const hour = 60 * 60 * 1000;
    const start = Math.ceil(Date.now() / hour) * hour;
    return { title: '', starts: localValue(start), ends: localValue(start + hour) };
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const startsAt = new Date(form.starts);
    const endsAt = new Date(form.ends);
    if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return;
    actor.send({
      type: 'events.change',
      change: {
        kind: 'add',
        event: { title: form.title, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      },
    });
  };
  const field = (name: 'starts' | 'ends') => (
    <TextField
      label={t(`viewer.events.${name}`)}
      type="datetime-local"
      size="small"
      required
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box component="form" onSubmit={submit} aria-label={t('viewer.events.schedule')}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h3">
          {t('viewer.events.schedule')}
        </Typography>
        <TextField
          label={t('viewer.events.title')}
          size="small"
          required
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          slotProps={{ htmlInput: { maxLength: sceneEventRules.titleMaxLength } }}
        />
        {field('starts')}
        {field('ends')}
        <Button type="submit" variant="contained" disabled={busy || !form.title.trim()}>
          {t('viewer.events.add')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('viewer.events.organiserNote')}
        </Typography>
      </Stack>
    </Box>
  );
}
