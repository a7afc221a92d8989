import BanIcon from '@mui/icons-material/BlockOutlined';
import ListIcon from '@mui/icons-material/PeopleOutlined';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import MuteIcon from '@mui/icons-material/VolumeOffOutlined';
import {
  Avatar,
  AvatarGroup,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveAvatarsShown } from '../../../contracts/live';
import { shortenCount } from '../../lib/format';
import type { LiveVisitActor, ModerationAction } from '../../machines/liveVisitMachine';

/** The owner's actions on a visitor, in the order of their buttons. */
const ownerActions: { action: ModerationAction; Icon: typeof MuteIcon }[] = [
  { action: 'mute', Icon: MuteIcon },
  { action: 'remove', Icon: RemoveIcon },
  { action: 'ban', Icon: BanIcon },
];

/**
 * Who else is in the space right now (platform.md §2.7, §9): up to two avatars and '+N', from the
 * visit's presence (the `liveVisit` flow, signed-in visitors). Shows nothing while the visitor is
 * not present, and nothing when they are alone.
 */
export function LiveVisitors({ visit, owner = false }: { visit: LiveVisitActor; owner?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const me = useSelector(visit, (s) => s.context.userId);
  const count = useSelector(visit, (s) => (s.matches('present') ? s.context.count : 0));
  const visitors = useSelector(visit, (s) => s.context.visitors);
  if (count < 2) return null;
  const shown = visitors.slice(0, liveAvatarsShown);
  const more = count - shown.length;
  const label = `${t('viewer.sidebar.liveVisitors')}: ${shortenCount(count)}`;
  return (
    <>
      <Tooltip title={label}>
        <Stack
          direction="row"
          spacing={0.5}
          role="group"
          aria-label={label}
          data-testid="viewer-live-visitors"
          sx={{ alignItems: 'center', flexShrink: 0 }}
        >
          <AvatarGroup
            max={liveAvatarsShown}
            sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 14 } }}
          >
            {shown.map((visitor) => (
              <Avatar
                key={visitor.userId}
                src={visitor.profilePicture ?? undefined}
                alt={visitor.name}
                // Without a picture, the initial stands for the visitor: named as the picture would be.
                {...(visitor.profilePicture ? {} : { role: 'img', 'aria-label': visitor.name })}
              >
                {visitor.name.slice(0, 1).toUpperCase()}
              </Avatar>
            ))}
          </AvatarGroup>
          {more > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('viewer.liveVisitors.more', { count: more })}
            </Typography>
          )}
          <IconButton
            size="small"
            aria-haspopup="dialog"
            aria-label={t('viewer.liveVisitors.list')}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <ListIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('viewer.liveVisitors.list') } }}
      >
        <List
          dense
          sx={{ minWidth: 240, maxHeight: 360, overflow: 'auto' }}
          data-testid="viewer-live-visitors-list"
        >
          {visitors.map((visitor) => (
            <ListItem
              key={visitor.userId}
              secondaryAction={
                owner && visitor.userId !== me ? (
                  <Stack direction="row">
                    {ownerActions.map(({ action, Icon }) => (
                      <Tooltip key={action} title={t(`viewer.moderation.${action}`)}>
                        <IconButton
                          size="small"
                          aria-label={`${t(`viewer.moderation.${action}`)}: ${visitor.name}`}
                          onClick={() =>
                            visit.send({ type: 'live.moderate', action, userId: visitor.userId })
                          }
                        >
                          <Icon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ))}
                  </Stack>
                ) : undefined
              }
            >
              <ListItemAvatar sx={{ minWidth: 40 }}>
                <Avatar src={visitor.profilePicture ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
                  {visitor.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={visitor.name} sx={{ pr: owner ? 12 : 0 }} />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
