import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Button, IconButton, Slider, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AmbientSound } from './useAmbientSound';

/** Sound (platform.md §4 'Audio player'): play or pause the space's ambient sound, mute, volume. */
export function SoundPanel({ sound }: { sound: AmbientSound }) {
  const { t } = useTranslation();
  const { muted, volume } = sound.sound;
  const muteLabel = muted ? t('viewer.sidebar.unmute') : t('viewer.sidebar.mute');
  return (
    <Stack spacing={2}>
      {sound.available ? (
        <Button
          variant="contained"
          startIcon={sound.playing ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={sound.playing ? sound.pause : sound.play}
          sx={{ alignSelf: 'flex-start' }}
        >
          {sound.playing ? t('viewer.sound.pause') : t('viewer.sound.play')}
        </Button>
      ) : (
        <Typography color="text.secondary">{t('viewer.sound.none')}</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Tooltip title={muteLabel}>
          <IconButton
            aria-label={muteLabel}
            aria-pressed={muted}
            onClick={() => sound.change({ type: 'toggleMute' })}
          >
            {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
          </IconButton>
        </Tooltip>
        <Slider
          aria-label={t('viewer.sound.volume')}
          value={muted ? 0 : volume}
          min={0}
          max={100}
          valueLabelDisplay="auto"
          onChange={(_, value) => sound.change({ type: 'volume', volume: value as number })}
          sx={{ flex: 1 }}
        />
        <Typography sx={{ minWidth: 40, textAlign: 'right' }} data-testid="viewer-sound-volume">
          {muted ? 0 : volume}
        </Typography>
      </Stack>
    </Stack>
  );
}
