import { Box, Button, MenuItem, Slider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MaterialOverride, Uri } from '../../../contracts/sceneContent';
import { spaceThemes } from '../../../contracts/spaceThemes';
import { ColorInput } from '../kit/ColorInput';
import { command, type Send } from './editorSession';
import '../../i18n/devCatalogue';

/** The built-in finishes of the engine's surfaces (src/engine/web/build/materials.ts). */
export const brushFinishes = [
  { value: 'wall', labelKey: 'dev.editor.style.finishes.wall' },
  { value: 'wood', labelKey: 'dev.editor.style.finishes.wood' },
  { value: 'brick', labelKey: 'dev.editor.style.finishes.brick' },
  { value: 'concrete', labelKey: 'dev.editor.style.finishes.concrete' },
  { value: 'marble', labelKey: 'dev.editor.style.finishes.marble' },
  { value: 'dark', labelKey: 'dev.editor.style.finishes.dark' },
  { value: 'plaster', labelKey: 'dev.editor.style.finishes.plaster' },
  { value: 'terrazzo', labelKey: 'dev.editor.style.finishes.terrazzo' },
  { value: 'carpet', labelKey: 'dev.editor.style.finishes.carpet' },
] as const;

export const defaultBrush: MaterialOverride = {
  base: 'wall',
  color: '#e8e4dc',
  tint: '#ffffff',
  roughness: 0.8,
  metalness: 0,
};

const environment = [
  {
    method: 'setSky',
    labelKey: 'dev.editor.style.skyUrl',
    applyKey: 'dev.editor.style.applySky',
  },
  {
    method: 'setTerrain',
    labelKey: 'dev.editor.style.terrainUrl',
    applyKey: 'dev.editor.style.applyTerrain',
  },
  {
    method: 'setAmbientSound',
    labelKey: 'dev.editor.style.soundUrl',
    applyKey: 'dev.editor.style.applySound',
  },
] as const;

/** An environment file: a file url or an http(s) one; empty removes it. */
function EnvironmentField({ entry, send }: { entry: (typeof environment)[number]; send: Send }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const invalid = url.trim() !== '' && !Uri.safeParse(url).success;
  const apply = () => {
    if (invalid) return;
    send(command('Editor.Design', entry.method, { uri: url.trim() || null }));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={t(entry.labelKey)}
        value={url}
        error={invalid}
        helperText={invalid ? t('dev.editor.style.invalidUri') : undefined}
        onChange={(e) => setUrl(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={invalid}
        onClick={apply}
        aria-label={t(entry.applyKey)}
      >
        {t('common.actions.apply')}
      </Button>
    </Stack>
  );
}

/**
 * Style (platform.md §2.6 Shape Style): a theme for every surface, the brush the paint tool puts
 * on one surface, and the environment (sky, terrain, ambient sound).
 */
export function StyleSection({ send }: { send: Send }) {
  const { t } = useTranslation();
  const [themeId, setThemeId] = useState('');
  const [brush, setBrush] = useState<MaterialOverride>(defaultBrush);
  const changeBrush = (patch: Partial<MaterialOverride>) => {
    const next = { ...brush, ...patch };
    setBrush(next);
    send(command('Editor.Design', 'setBrush', { brush: next }));
  };

  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label={t('dev.editor.style.theme')}
        value={themeId}
        onChange={(e) => {
          setThemeId(e.target.value);
          send(command('Editor.Design', 'applyTheme', { themeId: e.target.value }));
        }}
      >
        {spaceThemes.map((theme) => (
          <MenuItem key={theme.themeId} value={theme.themeId}>
            {theme.title}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dev.editor.style.brush')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('dev.editor.style.finish')}
        value={brush.base ?? 'wall'}
        onChange={(e) => changeBrush({ base: e.target.value })}
      >
        {brushFinishes.map((f) => (
          <MenuItem key={f.value} value={f.value}>
            {t(f.labelKey)}
          </MenuItem>
        ))}
      </TextField>
      <ColorInput
        label={t('dev.editor.style.colour')}
        value={brush.color}
        onChange={(color) => changeBrush({ color })}
      />
      <ColorInput
        label={t('dev.editor.style.tint')}
        value={brush.tint}
        onChange={(tint) => changeBrush({ tint })}
      />
      <Box>
        <Typography variant="body2" id="editor-brush-roughness">
          {t('dev.editor.style.roughness')}
        </Typography>
        <Slider
          size="small"
          aria-labelledby="editor-brush-roughness"
          min={0}
          max={1}
          step={0.05}
          value={brush.roughness}
          valueLabelDisplay="auto"
          onChange={(_, value) => setBrush({ ...brush, roughness: value as number })}
          onChangeCommitted={(_, value) => changeBrush({ roughness: value as number })}
        />
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dev.editor.style.environment')}
      </Typography>
      {environment.map((entry) => (
        <EnvironmentField key={entry.method} entry={entry} send={send} />
      ))}
    </Stack>
  );
}
