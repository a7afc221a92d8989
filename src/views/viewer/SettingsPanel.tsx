import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveVisitActor, LiveVoiceActor } from '../../machines/liveVisitMachine';
import { listMicrophones } from '../../lib/microphones';
import { filteringLevels, graphicsQualityLevels } from '../../engine/protocol';
import { frameRateChoices, renderScaleChoices } from '../../lib/viewerPreferences';
import type { ViewerGraphicsControl } from './useViewerGraphics';

const filteringHint = [
  'viewer.settings.filtering.lowDescription',
  'viewer.settings.filtering.mediumDescription',
  'viewer.settings.filtering.highDescription',
] as const;

/**
 * Settings (platform.md §2.7): graphics quality, render quality, target framerate and filtering,
 * remembered in this browser and applied to the space at once; the microphone voice uses (while
 * the viewer shows communications).
 */
export function SettingsPanel({ control, live }: { control: ViewerGraphicsControl; live?: LiveVisitActor }) {
  const { t } = useTranslation();
  const { graphics, change } = control;
  /** A graphics setting that is on or off, labelled with its catalogue text. */
  const settingSwitch = (key: 'adaptiveResolution' | 'showVisitors') => (
    <FormControlLabel
      control={<Switch checked={graphics[key]} onChange={(e) => change(key, e.target.checked)} />}
      label={t(`viewer.settings.${key}`)}
    />
  );
  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <TextField
        select
        label={t('viewer.settings.graphicsQuality')}
        value={graphics.graphicsQuality}
        onChange={(e) => change('graphicsQuality', Number(e.target.value))}
      >
        {graphicsQualityLevels.map((level, index) => (
          <MenuItem key={level} value={index}>
            {t(`viewer.settings.quality.${level.toLowerCase()}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('viewer.settings.renderQuality')}
        value={graphics.renderScale}
        helperText={t('viewer.settings.renderQualityHint')}
        onChange={(e) => change('renderScale', Number(e.target.value))}
      >
        {renderScaleChoices.map((scale) => (
          <MenuItem key={scale} value={scale}>
            {t('viewer.settings.percent', { value: Math.round(scale * 100) })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('viewer.settings.targetFramerate')}
        value={graphics.targetFrameRate}
        onChange={(e) => change('targetFrameRate', Number(e.target.value))}
      >
        {frameRateChoices.map((fps) => (
          <MenuItem key={fps} value={fps}>
            {fps === 0 ? t('viewer.settings.followDisplay') : t('viewer.settings.fps', { fps })}
          </MenuItem>
        ))}
      </TextField>
      {settingSwitch('adaptiveResolution')}
      <TextField
        select
        label={t('viewer.settings.filteringMode')}
        value={graphics.filtering}
        helperText={t(filteringHint[graphics.filtering] ?? filteringHint[1])}
        onChange={(e) => change('filtering', Number(e.target.value))}
      >
        {filteringLevels.map((level, index) => (
          <MenuItem key={level} value={index}>
            {t(`viewer.settings.filtering.${level.toLowerCase()}`)}
          </MenuItem>
        ))}
      </TextField>
      {settingSwitch('showVisitors')}
      {live ? <MicrophoneField voice={live.getSnapshot().context.voice} /> : null}
    </Stack>
  );
}

/** The microphone voice uses: the browser's default or one it lists (named once one was allowed). */
function MicrophoneField({ voice }: { voice: LiveVoiceActor }) {
  const { t } = useTranslation();
  const deviceId = useSelector(voice, (s) => s.context.deviceId);
  // Listed again when the microphone is turned on (names come with the permission) or plugged in.
  const on = useSelector(voice, (s) => s.matches({ active: { joined: 'on' } }));
  const [microphones, setMicrophones] = useState<{ deviceId: string; label: string }[]>([]);
  useEffect(() => {
    let current = true;
    const list = () =>
      void listMicrophones()
        .then((found) => current && setMicrophones(found.filter((m) => m.deviceId !== 'default')))
        .catch(() => {});
    list();
    navigator.mediaDevices?.addEventListener?.('devicechange', list);
    return () => {
      current = false;
      navigator.mediaDevices?.removeEventListener?.('devicechange', list);
    };
  }, [on]);
  const known = deviceId === null || microphones.some((m) => m.deviceId === deviceId);
  return (
    <TextField
      select
      label={t('viewer.settings.microphone')}
      value={known ? (deviceId ?? 'default') : 'default'}
      helperText={t('viewer.settings.microphoneHint')}
      onChange={(e) =>
        voice.send({ type: 'voice.device', deviceId: e.target.value === 'default' ? null : e.target.value })
      }
    >
      <MenuItem value="default">{t('viewer.settings.defaultMicrophone')}</MenuItem>
      {microphones.map((m) => (
        <MenuItem key={m.deviceId} value={m.deviceId}>
          {m.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
