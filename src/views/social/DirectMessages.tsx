import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/Forum';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Avatar,
  AvatarGroup,
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DirectMessageGroup, directMessageRules } from '../../../contracts/directMessages';
import { useFlow } from '../../app/AppContext';
import '../../i18n/directMessagesCatalogue';
import { groupMessages } from '../../lib/chat';
import { relativeTime } from '../../lib/format';
import type { DirectMessagesActorRef } from '../../machines/directMessagesMachine';
import { useNow } from '../kit/useNow';
import { directMessagesSystemId } from './messageSomeone';

/**
 * The header's Messages button (platform.md §2.7 Chat › Direct; contracts/directMessages.ts): the
 * unread count as a badge, and a window with the user's conversations and, opened, one of them.
 * Render it for a signed-in user only.
 */
export function MessagesButton({ userId }: { userId: string }) {
  const dms = useFlow('directMessages', { userId }, { systemId: directMessagesSystemId });
  return <MessagesButtonView dms={dms} />;
}

export function MessagesButtonView({ dms }: { dms: DirectMessagesActorRef | undefined }) {
  const { t } = useTranslation();
  const unread = useSelector(dms, (s) => s?.context.unread ?? 0);
  const shown = useSelector(dms, (s) => s?.context.shown ?? false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const windowId = useId();
  return (
    <>
      <IconButton
        ref={setButton}
        aria-label={unread > 0 ? t('messages.buttonUnread', { count: unread }) : t('messages.button')}
        aria-haspopup="dialog"
        aria-expanded={shown ? 'true' : undefined}
        aria-controls={shown ? windowId : undefined}
        onClick={() => dms?.send({ type: 'dm.show' })}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <ForumIcon />
        </Badge>
      </IconButton>
      <Popover
        id={windowId}
        open={shown && button !== null}
        anchorEl={button}
        onClose={() => dms?.send({ type: 'dm.hide' })}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('messages.title'),
            sx: { width: 380, maxWidth: 'calc(100vw - 32px)', p: 1.5 },
          },
        }}
      >
        {dms && <MessagesWindow dms={dms} />}
      </Popover>
    </>
  );
}

/** The conversations, or the one open (also the viewer's Chat › Direct tab). */
export function MessagesWindow({ dms }: { dms: DirectMessagesActorRef }) {
  const threadClosed = useSelector(dms, (s) => s.matches({ thread: 'closed' }));
  return threadClosed ? <Conversations dms={dms} /> : <Conversation dms={dms} />;
}

/** What names a conversation: its title, or the others' names. */
function namesOf(group: DirectMessageGroup | undefined, userId: string) {
  if (!group) return '';
  if (group.title) return group.title;
  const others = group.members.filter((m) => m.id !== userId);
  return (others.length > 0 ? others : group.members).map((m) => m.name).join(', ');
}

function Conversations({ dms }: { dms: DirectMessagesActorRef }) {
  const { t } = useTranslation();
  const now = useNow();
  const groups = useSelector(dms, (s) => s.context.groups);
  const userId = useSelector(dms, (s) => s.context.userId);
  const loading = useSelector(dms, (s) => s.matches({ list: 'loading' }));
  const failed = useSelector(dms, (s) => (s.matches({ list: 'failed' }) ? s.context.error : null));
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('messages.title')}
      </Typography>
      {loading && <CircularProgress size={24} aria-label={t('messages.title')} />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => dms.send({ type: 'dm.retry' })}>
              {t('messages.retry')}
            </Button>
          }
        >
          {t('messages.loadFailed', { message: failed })}
        </Alert>
      )}
      {!loading && !failed && groups.length === 0 && (
        <Typography color="text.secondary">{t('messages.empty')}</Typography>
      )}
      {groups.length > 0 && (
        <List
          dense
          disablePadding
          sx={{ maxHeight: 420, overflowY: 'auto' }}
          aria-label={t('messages.title')}
        >
          {groups.map((group) => {
            const names = namesOf(group, userId);
            const others = group.members.filter((m) => m.id !== userId);
            return (
              <ListItemButton
                key={group.groupId}
                onClick={() => dms.send({ type: 'dm.open', groupId: group.groupId })}
                aria-label={
                  group.unread > 0
                    ? `${t('messages.with', { names })}, ${t('messages.unread', { count: group.unread })}`
                    : t('messages.with', { names })
                }
                data-testid="dm-conversation"
              >
                <ListItemAvatar>
                  <AvatarGroup max={2} sx={{ justifyContent: 'flex-end' }}>
                    {others.map((m) => (
                      <Avatar
                        key={m.id}
                        src={m.profilePicture ?? undefined}
                        alt=""
                        sx={{ width: 32, height: 32 }}
                      >
                        {m.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                    ))}
                  </AvatarGroup>
                </ListItemAvatar>
                <ListItemText
                  primary={names}
                  secondary={
                    group.lastMessage
                      ? `${group.lastMessage.user.id === userId ? `${t('messages.you')}: ` : ''}${group.lastMessage.text} · ${relativeTime(group.lastMessage.time, now)}`
                      : t('messages.noMessages')
                  }
                  slotProps={{
                    primary: { sx: { fontWeight: group.unread > 0 ? 700 : 400 }, noWrap: true },
                    secondary: { noWrap: true },
                  }}
                />
                {group.unread > 0 && <Badge badgeContent={group.unread} color="error" sx={{ mr: 1 }} />}
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

function Conversation({ dms }: { dms: DirectMessagesActorRef }) {
  const { t, i18n } = useTranslation();
  const userId = useSelector(dms, (s) => s.context.userId);
  const group = useSelector(dms, (s) => s.context.groups.find((g) => g.groupId === s.context.openId));
  const messages = useSelector(dms, (s) => s.context.messages);
  const more = useSelector(dms, (s) => s.context.more);
  const sending = useSelector(dms, (s) => s.context.sending);
  const problem = useSelector(dms, (s) => s.context.problem);
  const opening = useSelector(
    dms,
    (s) => s.matches({ thread: 'opening' }) || s.matches({ thread: 'starting' }),
  );
  const failed = useSelector(dms, (s) => (s.matches({ thread: 'failed' }) ? s.context.error : null));
  const older = useSelector(dms, (s) => s.matches({ thread: { open: 'older' } }));
  const groups = useMemo(() => groupMessages(messages, userId), [messages, userId]);
  const names = namesOf(group, userId);
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  // A new message (not an older page) shows at the bottom.
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [last]);
  // Sent: the box empties (a refused text stays, with the reason).
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && sending === null && problem === null) setText('');
    wasSending.current = sending !== null;
  }, [sending, problem]);
  useEffect(() => {
    if (!opening && !failed) field.current?.focus();
  }, [opening, failed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dms.send({ type: 'dm.send', text });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <IconButton
          aria-label={t('messages.back')}
          onClick={() => dms.send({ type: 'dm.close' })}
          size="small"
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
          {names || t('messages.title')}
        </Typography>
      </Stack>
      {opening && <CircularProgress size={24} aria-label={t('messages.title')} />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => dms.send({ type: 'dm.retry' })}>
              {t('messages.retry')}
            </Button>
          }
        >
          {t('messages.threadFailed', { message: failed })}
        </Alert>
      )}
      {!opening && !failed && (
        <>
          <Box
            ref={list}
            role="log"
            aria-label={t('messages.log', { names })}
            tabIndex={0}
            data-testid="dm-messages"
            sx={{ height: 300, overflowY: 'auto', pr: 0.5 }}
          >
            {more && (
              <Button size="small" disabled={older} onClick={() => dms.send({ type: 'dm.loadOlder' })}>
                {t('messages.older')}
              </Button>
            )}
            {groups.length === 0 && (
              <Typography color="text.secondary">{t('messages.noMessages')}</Typography>
            )}
            {groups.map((run) => (
              <Stack
                key={run.key}
                direction={run.alignment === 'right' ? 'row-reverse' : 'row'}
                spacing={1}
                sx={{ mb: 1.5, alignItems: 'flex-start' }}
              >
                <Avatar
                  src={run.user.profilePicture ?? undefined}
                  alt=""
                  sx={{ width: 28, height: 28, fontSize: 14 }}
                >
                  {run.user.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <Stack
                  sx={{ alignItems: run.alignment === 'right' ? 'flex-end' : 'flex-start', minWidth: 0 }}
                >
                  <Typography variant="caption" color="text.secondary">
                    {run.user.name} ·{' '}
                    {new Date(run.messages[0].time).toLocaleTimeString(i18n.language, {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </Typography>
                  {run.messages.map((message) => (
                    <Typography
                      key={message.id}
                      data-testid="dm-message"
                      sx={{
                        px: 1.25,
                        py: 0.5,
                        mt: 0.5,
                        borderRadius: 2,
                        bgcolor: run.alignment === 'right' ? 'primary.main' : 'action.selected',
                        color: run.alignment === 'right' ? 'primary.contrastText' : 'text.primary',
                        whiteSpace: 'pre-wrap',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {message.text}
                    </Typography>
                  ))}
                </Stack>
              </Stack>
            ))}
          </Box>
          {problem && (
            <Alert severity="warning" role="alert">
              {problem}
            </Alert>
          )}
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={submit}
            sx={{ alignItems: 'flex-end' }}
          >
            <TextField
              inputRef={field}
              label={t('messages.write')}
              value={sending ?? text}
              onChange={(e) => setText(e.target.value)}
              disabled={sending !== null}
              size="small"
              fullWidth
              multiline
              maxRows={4}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  dms.send({ type: 'dm.send', text });
                }
              }}
              slotProps={{ htmlInput: { maxLength: directMessageRules.textMaxLength } }}
            />
            <IconButton
              type="submit"
              color="primary"
              aria-label={sending !== null ? t('messages.sending') : t('messages.send')}
              disabled={sending !== null || !text.trim()}
            >
              <SendIcon />
            </IconButton>
          </Stack>
        </>
      )}
    </Stack>
  );
}
