import BanIcon from '@mui/icons-material/BlockOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import ListIcon from '@mui/icons-material/PeopleOutlined';
import PartyIcon from '@mui/icons-material/Groups2Outlined';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import MuteIcon from '@mui/icons-material/VolumeOffOutlined';
import HideIcon from '@mui/icons-material/VisibilityOffOutlined';
import {
  Avatar,
  AvatarGroup,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveAvatarsShown, type LiveVisitor } from '../../../contracts/live';
import { shortenCount } from '../../lib/format';
import type { LiveVisitActor, ModerationAction } from '../../machines/liveVisitMachine';
import { invitableBy, type PartyActorRef } from '../../machines/partyMachine';

/** The moderator's actions on a visitor, in the order of their menu items. */
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
export function LiveVisitors({
  visit,
  ownerId,
  party,
}: {
  visit: LiveVisitActor;
  ownerId?: string;
  /** The signed-in visitor's party: its leader (or someone in none) invites from here. */
  party?: PartyActorRef;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The visitor whose actions are open, and where.
  const [acting, setActing] = useState<{ visitor: LiveVisitor; anchor: HTMLElement } | null>(null);
  const ignored = useSelector(visit, (s) => s.context.ignored);
  const me = useSelector(visit, (s) => s.context.userId);
  // The space's owner, and a district's Owners and Creators for a space of a district.
  const moderator = useSelector(visit, (s) => s.context.moderator);
  const count = useSelector(visit, (s) => (s.matches('present') ? s.context.count : 0));
  const visitors = useSelector(visit, (s) => s.context.visitors);
  const partyContext = useSelector(party, (s) => s?.context);
  const invitable = partyContext ? invitableBy(partyContext) : () => false;
  /** What the visitor may do to another: for themselves, and as a moderator of the space. */
  const visitorActions = (visitor: LiveVisitor) => {
    const kind = ignored[visitor.userId];
    const ignore = (next: 'mute' | 'block' | null) => {
      visit.send({ type: 'live.ignore', userId: visitor.userId, kind: next });
      setActing(null);
    };
    const items = [
      <MenuItem key="mute" onClick={() => ignore(kind ? null : 'mute')}>
        <ListItemIcon>
          <MuteIcon fontSize="small" />
        </ListItemIcon>
        {t(kind ? 'viewer.ignore.unmute' : 'viewer.ignore.mute')}
      </MenuItem>,
      <MenuItem key="block" onClick={() => ignore(kind === 'block' ? 'mute' : 'block')}>
        <ListItemIcon>
          <HideIcon fontSize="small" />
        </ListItemIcon>
        {t(kind === 'block' ? 'viewer.ignore.unblock' : 'viewer.ignore.block')}
      </MenuItem>,
    ];
    if (party && invitable(visitor.userId))
      items.push(
        <MenuItem
          key="party"
          onClick={() => {
            party.send({ type: 'party.change', change: { kind: 'invite', userId: visitor.userId } });
            setActing(null);
          }}
        >
          <ListItemIcon>
            <PartyIcon fontSize="small" />
          </ListItemIcon>
          {t('viewer.party.invite')}
        </MenuItem>,
      );
    if (!moderator || visitor.userId === ownerId) return items;
    return [
      ...items,
      <Divider key="divider" />,
      ...ownerActions.map(({ action, Icon }) => (
        <MenuItem
          key={action}
          onClick={() => {
            visit.send({ type: 'live.moderate', action, userId: visitor.userId });
            setActing(null);
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {t(`viewer.moderation.${action}`)}
        </MenuItem>
      )),
    ];
  };

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
                visitor.userId !== me ? (
                  <IconButton
                    size="small"
                    aria-label={t('viewer.liveVisitors.actions', { name: visitor.name })}
                    aria-haspopup="menu"
                    onClick={(e) => setActing({ visitor, anchor: e.currentTarget })}
                  >
                    <MoreIcon fontSize="small" />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemAvatar sx={{ minWidth: 40 }}>
                <Avatar src={visitor.profilePicture ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
                  {visitor.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={visitor.name}
                secondary={
                  ignored[visitor.userId] === 'mute'
                    ? t('viewer.ignore.muted')
                    : ignored[visitor.userId] === 'block'
                      ? t('viewer.ignore.blocked')
                      : undefined
                }
                sx={{ pr: 4 }}
              />
            </ListItem>
          ))}
        </List>
      </Popover>
      <Menu open={acting !== null} anchorEl={acting?.anchor} onClose={() => setActing(null)}>
        {acting && visitorActions(acting.visitor)}
      </Menu>
    </>
  );
}
