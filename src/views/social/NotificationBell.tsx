import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNow } from '../kit/useNow';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../../contracts/notifications';
import { useFlow } from '../../app/AppContext';
import { relativeTime } from '../../lib/format';
import type { NotificationBellActorRef } from '../../machines/notificationBellMachine';

/**
 * The header's bell (platform.md §7.6): the unread count as a badge, and a list of the signed-in
 * user's notifications, newest first, that grows as they arrive live. Opening one marks it read and
 * goes to its place; 'Mark all as read' marks them all. Render it for a signed-in user only.
 */
export function NotificationBell() {
  const bell = useFlow('notificationBell', undefined);
  return <BellButton bell={bell} />;
}

export function BellButton({ bell }: { bell: NotificationBellActorRef | undefined }) {
  const { t } = useTranslation();
  const unread = useSelector(bell, (s) => s?.context.unread ?? 0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  return (
    <>
      <IconButton
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('notifications.title'),
            sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 480 },
          },
        }}
      >
        {bell && <BellList bell={bell} onOpened={() => setAnchor(null)} />}
      </Popover>
    </>
  );
}

function BellList({ bell, onOpened }: { bell: NotificationBellActorRef; onOpened: () => void }) {
  const { t } = useTranslation();
  const items = useSelector(bell, (s) => s.context.items);
  const loading = useSelector(bell, (s) => s.hasTag('loading'));
  const failed = useSelector(bell, (s) => s.matches('failed'));
  const more = useSelector(bell, (s) => s.can({ type: 'bell.loadMore' }));
  const now = useNow();
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <Typography variant="h6" component="h2">
          {t('notifications.title')}
        </Typography>
        <Button size="small" onClick={() => bell.send({ type: 'bell.markAllRead' })}>
          {t('notifications.markAllRead')}
        </Button>
      </Stack>
      <Divider />
      {items.length > 0 && (
        <List dense disablePadding aria-label={t('notifications.title')}>
          {items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              now={now}
              onSelect={() => {
                onOpened();
                bell.send({ type: 'bell.select', id: item.id });
              }}
            />
          ))}
        </List>
      )}
      {!loading && !failed && items.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('notifications.empty')}
        </Typography>
      )}
      {failed && (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          action={
            <Button onClick={() => bell.send({ type: 'bell.retry' })}>{t('common.actions.retry')}</Button>
          }
        >
          {t('notifications.failed')}
        </Alert>
      )}
      {loading && (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
          <CircularProgress size={24} aria-label={t('shell.loading')} />
        </Box>
      )}
      {more && (
        <Button fullWidth onClick={() => bell.send({ type: 'bell.loadMore' })}>
          {t('notifications.loadMore')}
        </Button>
      )}
    </Box>
  );
}

function NotificationRow({
  item,
  now,
  onSelect,
}: {
  item: NotificationItem;
  now: number;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const unread = item.readAt === null;
  const actor = item.actor?.name ?? t('notifications.someone');
  const detail = item.params.title ?? item.params.spaceTitle ?? item.params.groupTitle ?? item.params.text;
  return (
    <ListItemButton
      onClick={onSelect}
      sx={{ alignItems: 'flex-start', bgcolor: unread ? 'action.selected' : undefined }}
    >
      <ListItemAvatar>
        <Avatar src={item.actor?.profilePicture ?? undefined} alt="">
          {actor.slice(0, 1).toUpperCase()}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <>
            {unread && <Box component="span" sx={visuallyHidden}>{`${t('notifications.unread')}: `}</Box>}
            {t(`notifications.kinds.${item.kind}`, { ...item.params, actor })}
          </>
        }
        secondary={[detail, relativeTime(item.createdAt, now, (key, options) => t(key, options))]
          .filter(Boolean)
          .join(' · ')}
        slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
      />
      {unread && (
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            mt: 1.5,
            ml: 1,
            flexShrink: 0,
          }}
        />
      )}
    </ListItemButton>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
