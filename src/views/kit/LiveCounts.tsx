import { Avatar, Box, Chip, Stack } from '@mui/material';
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { liveAvatarsShown } from '../../../contracts/liveCards';
import { useFlow } from '../../app/AppContext';
import { shortenCount } from '../../lib/format';
import { type LiveCountsActorRef, liveOfCard } from '../../machines/liveCountsMachine';

const LiveCountsContext = createContext<LiveCountsActorRef | undefined>(undefined);

/**
 * Runs the `liveCounts` flow for the space cards inside: who is live in each of `sceneIds` (the
 * cards on the page), asked again as the cards change and every half minute.
 */
export function LiveCountsProvider({
  sceneIds,
  children,
}: {
  sceneIds: readonly string[];
  children: ReactNode;
}) {
  const actor = useFlow('liveCounts', { sceneIds });
  const key = sceneIds.join(',');
  useEffect(() => {
    actor?.send({ type: 'live.watch', sceneIds: key ? key.split(',') : [] });
  }, [actor, key]);
  return <LiveCountsContext.Provider value={actor}>{children}</LiveCountsContext.Provider>;
}

/**
 * What a card shows of who is in its space now: up to two of them and '+N' (platform.md §9), and
 * the space's event while it is on. Nothing outside a `LiveCountsProvider`, or when the space is
 * quiet.
 */
export function CardLive({ sceneId }: { sceneId: string }) {
  const actor = useContext(LiveCountsContext);
  return actor ? <CardLiveOf actor={actor} sceneId={sceneId} /> : null;
}

function CardLiveOf({ actor, sceneId }: { actor: LiveCountsActorRef; sceneId: string }) {
  const { t } = useTranslation();
  const live = useSelector(actor, (snapshot) => liveOfCard(snapshot, sceneId));
  if (!live) return null;
  const shown = live.visitors.slice(0, liveAvatarsShown);
  const more = live.count - shown.length;
  const chipSx = { fontWeight: 600, bgcolor: 'rgba(255, 255, 255, 0.92)', maxWidth: 220 } as const;
  return (
    <>
      {live.count > 0 && (
        <Chip
          size="small"
          role="img"
          aria-label={t('space.card.liveNow', { count: live.count, formatted: shortenCount(live.count) })}
          sx={chipSx}
          icon={<LiveDot />}
          label={
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-hidden>
              {shown.map((visitor) => (
                <Avatar
                  key={visitor.userId}
                  src={visitor.profilePicture ?? undefined}
                  alt=""
                  title={visitor.name}
                  sx={{ width: 18, height: 18, fontSize: 11 }}
                >
                  {visitor.name.slice(0, 1).toUpperCase()}
                </Avatar>
              ))}
              {more > 0 && <span>{t('viewer.liveVisitors.more', { count: more })}</span>}
            </Stack>
          }
        />
      )}
      {live.event && (
        <Chip
          size="small"
          icon={<LiveDot />}
          label={t('space.card.liveEvent', { title: live.event.title })}
          title={live.event.title}
          sx={chipSx}
        />
      )}
    </>
  );
}

/** A red dot: something is on now. */
function LiveDot() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', ml: '8px !important' }}
    />
  );
}
