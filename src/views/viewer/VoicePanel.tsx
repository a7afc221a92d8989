import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { LiveVisitActor, LiveVoiceActor } from '../../machines/liveVisitMachine';
import { transmitting, type VoiceMode, voicePanelView } from '../../machines/voiceMachine';

/**
 * Voice (platform.md §2.7 'Voice', §8): turn the microphone on (joining voice: the nearest visitors
 * who joined too are heard, each where they stand) or off, talk by holding a button (or the V key)
 * or with an open microphone, mute and unmute. 'Communications are disabled' where the space's communication ACL
 * leaves the visitor out.
 */
export function VoicePanel({ live }: { live: LiveVisitActor | undefined }) {
  const { t } = useTranslation();
  if (!live) return <Typography role="status">{t('viewer.voice.notPresent')}</Typography>;
  return <VoiceControls voice={live.getSnapshot().context.voice} />;
}

function VoiceControls({ voice }: { voice: LiveVoiceActor }) {
  const { t } = useTranslation();
  const state = useSelector(voice, voicePanelView);
  const error = useSelector(voice, (s) => s.context.error);
  const mode = useSelector(voice, (s) => s.context.mode);
  const muted = useSelector(voice, (s) => s.context.muted);
  const heard = useSelector(voice, (s) => s.matches('active') && transmitting(s.context));
  const peers = useSelector(voice, (s) => s.context.peers.length);

  if (state === 'disabled') return <Alert severity="info">{t('viewer.voice.unavailable')}</Alert>;
  if (state === 'failed') return <Alert severity="warning">{t('viewer.voice.failed')}</Alert>;
  if (state === 'away') return <Typography role="status">{t('viewer.voice.notPresent')}</Typography>;
  const on = state === 'on';
  const muteLabel = muted ? t('viewer.voice.unmute') : t('viewer.voice.mute');
  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        variant={on ? 'outlined' : 'contained'}
        startIcon={on ? <MicOffIcon /> : <MicIcon />}
        disabled={state === 'asking'}
        onClick={() => voice.send({ type: on ? 'voice.disable' : 'voice.enable' })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {state === 'asking'
          ? t('viewer.voice.asking')
          : on
            ? t('viewer.voice.turnOff')
            : t('viewer.voice.turnOn')}
      </Button>
      <Stack spacing={1}>
        <Typography id="voice-mode" variant="subtitle2">
          {t('viewer.voice.how')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-labelledby="voice-mode"
          value={mode}
          onChange={(_, value: VoiceMode | null) => value && voice.send({ type: 'voice.mode', mode: value })}
        >
          <ToggleButton value="pushToTalk">{t('viewer.voice.pushToTalk')}</ToggleButton>
          <ToggleButton value="openMic">{t('viewer.voice.openMic')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {on && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {mode === 'pushToTalk' && (
            <Button
              variant="contained"
              onPointerDown={() => voice.send({ type: 'voice.press' })}
              onPointerUp={() => voice.send({ type: 'voice.release' })}
              onPointerLeave={() => voice.send({ type: 'voice.release' })}
              onKeyDown={(e) => (e.key === ' ' || e.key === 'Enter') && voice.send({ type: 'voice.press' })}
              onKeyUp={(e) => (e.key === ' ' || e.key === 'Enter') && voice.send({ type: 'voice.release' })}
            >
              {t('viewer.voice.holdToTalk')}
            </Button>
          )}
          <Button
            variant="outlined"
            aria-pressed={muted}
            startIcon={muted ? <MicOffIcon /> : <MicIcon />}
            onClick={() => voice.send({ type: muted ? 'voice.unmute' : 'voice.mute' })}
          >
            {muteLabel}
          </Button>
        </Stack>
      )}
      {on && mode === 'pushToTalk' && (
        <Typography variant="body2" color="text.secondary">
          {t('viewer.voice.holdHint')}
        </Typography>
      )}
      {on && (
        <Typography role="status" data-testid="voice-heard" data-heard={heard}>
          {heard ? t('viewer.voice.heard') : t('viewer.voice.notHeard')}
        </Typography>
      )}
      {on && (
        <Typography variant="body2" color="text.secondary" data-testid="voice-peers">
          {peers > 0 ? t('viewer.voice.peers', { count: peers }) : t('viewer.voice.nobody')}
        </Typography>
      )}
    </Stack>
  );
}
