import { Box, Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { emoteKey, emotes } from '../../../contracts/livePoses';
import type { LiveVisitActor } from '../../machines/liveVisitMachine';

/**
 * The viewer's Emotes panel (platform.md §2.7): the nine emotes; the one picked plays on the
 * visitor's avatar for everyone near (through their pose on the live-user hub) for a few seconds.
 * Works once the visitor is present in the space (signed in or as a guest).
 */
export function EmotesPanel({ live }: { live: LiveVisitActor | undefined }) {
  const { t } = useTranslation();
  if (!live) return <Typography role="status">{t('viewer.chat.joining')}</Typography>;
  return <EmoteButtons live={live} />;
}

function EmoteButtons({ live }: { live: LiveVisitActor }) {
  const { t } = useTranslation();
  const present = useSelector(live, (s) => s.matches('present'));
  const playing = useSelector(live, (s) => s.context.emote);
  return (
    <Box
      role="group"
      aria-label={t('viewer.sidebar.emotes')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
    >
      {emotes.map(emoteKey).map((key, i) => (
        <Button
          key={key}
          size="small"
          variant={playing === i + 1 ? 'contained' : 'outlined'}
          disabled={!present}
          aria-pressed={playing === i + 1}
          data-testid={`emote-${key}`}
          onClick={() => live.send({ type: 'live.emote', emote: i + 1 })}
        >
          {t(`viewer.emotes.${key}`)}
        </Button>
      ))}
      {!present && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {t('viewer.chat.joining')}
        </Typography>
      )}
    </Box>
  );
}
