import { Avatar, AvatarGroup, Stack, Tooltip, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { liveAvatarsShown } from '../../../contracts/live';
import { shortenCount } from '../../lib/format';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';

/**
 * Who else is in the space right now (platform.md §2.7, §9): up to two avatars and '+N', from the
 * visit's presence (the `liveVisit` flow, signed-in visitors). Shows nothing while the visitor is
 * not present, and nothing when they are alone.
 */
export function LiveVisitors({ visit }: { visit: LiveVisitActor }) {
  const { t } = useTranslation();
  const count = useSelector(visit, (s) => (s.matches('present') ? s.context.count : 0));
  const visitors = useSelector(visit, (s) => s.context.visitors);
  if (count < 2) return null;
  const shown = visitors.slice(0, liveAvatarsShown);
  const more = count - shown.length;
  const label = `${t('viewer.sidebar.liveVisitors')}: ${shortenCount(count)}`;
  return (
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
      </Stack>
    </Tooltip>
  );
}
