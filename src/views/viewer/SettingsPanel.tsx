import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
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
 * remembered in this browser and applied to the space at once; the microphone comes with live visits.
 */
export function SettingsPanel({ control }: { control: ViewerGraphicsControl }) {
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
      <TextField
        select
        disabled
        label={t('viewer.settings.microphone')}
        value="none"
        helperText={t('viewer.settings.microphoneLater')}
        // The note stays readable although the field is disabled.
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      >
        <MenuItem value="none">{t('viewer.settings.noMicrophone')}</MenuItem>
      </TextField>
    </Stack>
  );
}
