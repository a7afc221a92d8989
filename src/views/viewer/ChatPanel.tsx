import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import SendIcon from '@mui/icons-material/Send';
import {
  Avatar,
  Badge,
  Box,
  CircularProgress,
  IconButton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveDefaults } from '../../../contracts/live';
import { useFlow, useSession } from '../../app/AppContext';
import { chatRules, groupMessages } from '../../lib/chat';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../machines/chatMachine';
import type { DirectMessagesActorRef } from '../../machines/directMessagesMachine';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';
import { SignInPrompt } from './SignInPrompt';

type ChatActor = ActorRefFrom<typeof chatMachine>;

/**
 * The viewer's Chat panel (platform.md §2.7, §4): tabs Public (the chat of the visitor's instance),
 * Event (everyone in the space, while one of its scheduled events is on) and Direct (their direct
 * messages, DirectChat.tsx).
 * Messages are grouped by sender (10 minutes), the reader's own on the right, shown as text. The
 * list follows new messages unless the reader scrolled up 80 px or more; then a button with the
 * unread count takes them down again.
 */
export function ChatPanel({
  sceneId,
  live,
  directMessages,
}: {
  sceneId: string;
  live: LiveVisitActor | undefined;
  directMessages?: DirectMessagesActorRef;
}) {
  const { t } = useTranslation();
  // Signed in, the Direct tab is the direct messages' window (shown, e.g. by the creator's Chat).
  const shown = useSelector(directMessages, (s) => s?.context.shown ?? false);
  const [chosen, setChosen] = useState<ChatTab>('public');
  const tab: ChatTab = directMessages ? (shown ? 'direct' : chosen === 'direct' ? 'public' : chosen) : chosen;
  const choose = (value: ChatTab) => {
    setChosen(value);
    directMessages?.send({ type: value === 'direct' ? 'dm.show' : 'dm.hide' });
  };
  const id = useId();
  return (
    <Stack spacing={1.5} sx={{ height: '100%' }}>
      <Tabs value={tab} onChange={(_, value: ChatTab) => choose(value)} variant="fullWidth">
        {chatTabs.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(`viewer.chat.tabs.${key}`)}
            id={`${id}-${key}`}
            aria-controls={`${id}-${key}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'public' ? (
          <PublicChat live={live} />
        ) : tab === 'event' ? (
          <EventChat sceneId={sceneId} live={live} />
        ) : (
          <Suspense fallback={<CircularProgress size={24} />}>
            <DirectChat dms={directMessages} />
          </Suspense>
        )}
      </Box>
    </Stack>
  );
}

/** The tabs of the Chat panel. */
const chatTabs = ['public', 'event', 'direct'] as const;
type ChatTab = (typeof chatTabs)[number];

/** Loaded when the Direct tab opens first. */
const DirectChat = lazy(() => import('./DirectChat'));

function PublicChat({ live }: { live: LiveVisitActor | undefined }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  const chat = live?.getSnapshot().context.chat;
  if (!chat) return <Typography role="status">{t('viewer.chat.joining')}</Typography>;
  // Signed out, the visitor chats as a guest; signing in gives them their name.
  return (
    <Stack spacing={1.5}>
      {!signedIn && <SignInPrompt message={t('viewer.chat.signIn')} />}
      <Chat chat={chat} />
    </Stack>
  );
}

/**
 * The Event chat: open while one of the space's events is on (the Events panel's list, which
 * follows the clock); the server refuses it otherwise.
 */
function EventChat({ sceneId, live }: { sceneId: string; live: LiveVisitActor | undefined }) {
  const { t, i18n } = useTranslation();
  const events = useFlow('sceneEvents', { sceneId });
  const on = useSelector(events, (s) => s?.context.events.find((e) => e.live) ?? null);
  const loading = useSelector(events, (s) => !s || s.hasTag('busy'));
  const chat = live?.getSnapshot().context.eventChat;
  if (!chat) return <Typography role="status">{t('viewer.chat.joining')}</Typography>;
  if (!on)
    return (
      <Typography role="status" color="text.secondary">
        {loading ? t('viewer.chat.joining') : t('viewer.chat.event.none')}
      </Typography>
    );
  const until = new Date(on.endsAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' });
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {t('viewer.chat.event.on', { title: on.title, until })}
      </Typography>
      <Chat chat={chat} />
    </Stack>
  );
}

function Chat({ chat }: { chat: ChatActor }) {
  const { t, i18n } = useTranslation();
  const state = useSelector(chat, (s) =>
    s.matches('open')
      ? 'open'
      : s.matches('disabled')
        ? 'disabled'
        : // In before, the connection is away: the reader goes on writing, and it is sent when back.
          s.context.myUserId !== null
          ? 'away'
          : 'unavailable',
  );
  const outbox = useSelector(chat, (s) => s.context.outbox);
  const messages = useSelector(chat, (s) => s.context.messages);
  const myUserId = useSelector(chat, (s) => s.context.myUserId);
  const unread = useSelector(chat, (s) => s.context.unread);
  const atBottom = useSelector(chat, (s) => s.context.atBottom);
  const error = useSelector(chat, (s) => s.context.error);
  const groups = useMemo(() => groupMessages(messages, myUserId), [messages, myUserId]);
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  // New messages: follow them when at the bottom, or when the last one is the reader's own.
  const last = messages.at(-1);
  useEffect(() => {
    const element = list.current;
    if (!element || !last) return;
    if (atBottom || last.user.id === myUserId) element.scrollTop = element.scrollHeight;
    // Only a new message moves the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last?.id]);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const onScroll = () => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      const element = list.current;
      if (!element) return;
      const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
      chat.send({ type: 'chat.scrolled', atBottom: fromBottom < chatRules.scrollThresholdPx });
    }, chatRules.scrollDebounceMs);
  };
  const toBottom = () => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    chat.send({ type: 'chat.scrolled', atBottom: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || outbox.length >= chatRules.outboxMax) return;
    chat.send({ type: 'chat.send', text });
    setText('');
  };

  if (state === 'disabled')
    return <Typography role="status">{t('errors.communicationsDisabled')}</Typography>;
  if (state === 'unavailable') return <Typography role="status">{t('viewer.chat.joining')}</Typography>;
  return (
    <Stack spacing={1} sx={{ position: 'relative' }}>
      {state === 'away' && (
        <Typography role="status" color="text.secondary" variant="body2">
          {t('viewer.chat.away')}
        </Typography>
      )}
      <Box
        ref={list}
        role="log"
        aria-label={t('viewer.chat.tabs.public')}
        tabIndex={0}
        onScroll={onScroll}
        data-testid="viewer-chat-messages"
        sx={{ height: 320, overflowY: 'auto', pr: 0.5 }}
      >
        {groups.length === 0 && <Typography color="text.secondary">{t('viewer.chat.empty')}</Typography>}
        {groups.map((group) => (
          <Stack
            key={group.key}
            direction={group.alignment === 'right' ? 'row-reverse' : 'row'}
            spacing={1}
            sx={{ mb: 1.5, alignItems: 'flex-start' }}
            data-testid="viewer-chat-group"
          >
            <Avatar
              src={group.user.profilePicture ?? undefined}
              alt=""
              sx={{ width: 28, height: 28, fontSize: 14 }}
            >
              {group.user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack sx={{ alignItems: group.alignment === 'right' ? 'flex-end' : 'flex-start', minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary">
                {group.user.name} ·{' '}
                {new Date(group.messages[0].time).toLocaleTimeString(i18n.language, {
                  hour: '2-digit',
                  minute: '2-digit',
                })}
              </Typography>
              {group.messages.map((message) => (
                <Typography
                  key={message.id}
                  sx={{
                    px: 1.25,
                    py: 0.5,
                    mt: 0.5,
                    borderRadius: 2,
                    bgcolor: group.alignment === 'right' ? 'primary.main' : 'action.hover',
                    color: group.alignment === 'right' ? 'primary.contrastText' : 'text.primary',
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
        {outbox.map((message) => (
          <Stack key={message.id} sx={{ alignItems: 'flex-end', mb: 1 }} data-testid="viewer-chat-pending">
            <Typography
              sx={{
                px: 1.25,
                py: 0.5,
                borderRadius: 2,
                border: 1,
                borderColor: 'primary.main',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {message.text}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('viewer.chat.sending')}
            </Typography>
          </Stack>
        ))}
      </Box>
      {!atBottom && (
        <Tooltip title={t('viewer.chat.scrollToBottom')}>
          <IconButton
            onClick={toBottom}
            aria-label={
              unread > 0
                ? `${t('viewer.chat.scrollToBottom')}: ${t('viewer.chat.unread', { count: unread })}`
                : t('viewer.chat.scrollToBottom')
            }
            sx={{ position: 'absolute', right: 8, bottom: 72, bgcolor: 'background.paper', boxShadow: 2 }}
          >
            <Badge color="primary" badgeContent={unread}>
              <ArrowDownwardIcon />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('viewer.chat.placeholder')}
          slotProps={{
            htmlInput: {
              maxLength: liveDefaults.messageMaxLength,
              'aria-label': t('viewer.chat.placeholder'),
            },
          }}
          error={error !== null}
          helperText={error ?? undefined}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('viewer.chat.send')}
          disabled={!text.trim() || outbox.length >= chatRules.outboxMax}
        >
          <SendIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}
