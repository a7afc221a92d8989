import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { command, costLines, type EditorStateData, type Send } from './editorSession';
import '../../i18n/devCatalogue';

const gizmoChoices = [
  { value: 'translate', labelKey: 'dev.editor.history.move', key: 'W' },
  { value: 'rotate', labelKey: 'dev.editor.history.rotate', key: 'E' },
  { value: 'scale', labelKey: 'dev.editor.history.scale', key: 'R' },
] as const;
const cameraChoices = [
  { value: 'orbit', labelKey: 'dev.editor.history.orbit' },
  { value: 'walk', labelKey: 'dev.editor.history.walk' },
] as const;
const unitChoices = [
  { value: 'metres', labelKey: 'dev.editor.history.metres' },
  { value: 'inches', labelKey: 'dev.editor.history.inches' },
] as const;

/** Snapping steps the workbench uses: a quarter metre, 15°, a tenth of the size. */
export const snappingSteps = { grid: 0.25, angle: 15, scale: 0.1 } as const;

/** History & view: undo and redo, the gizmo, snapping, the camera, units, help and the cost. */
export function HistorySection({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  // The engine does not report whether its help shows; the page remembers what it asked for.
  const [help, setHelp] = useState(false);
  const lines = costLines(state.cost);

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<UndoIcon />}
          disabled={!state.canUndo}
          title={state.undoLabel ? t('dev.editor.history.undoWhat', { what: state.undoLabel }) : undefined}
          aria-description={state.undoLabel ?? undefined}
          onClick={() => send(command('Editor.Content', 'undo', {}))}
        >
          {t('dev.editor.history.undo')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<RedoIcon />}
          disabled={!state.canRedo}
          title={state.redoLabel ? t('dev.editor.history.redoWhat', { what: state.redoLabel }) : undefined}
          aria-description={state.redoLabel ?? undefined}
          onClick={() => send(command('Editor.Content', 'redo', {}))}
        >
          {t('dev.editor.history.redo')}
        </Button>
      </Stack>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t('dev.editor.history.gizmo')}
        value={state.gizmoMode}
        onChange={(_, mode: EditorStateData['gizmoMode'] | null) =>
          mode && send(command('Editor.Content', 'setGizmoMode', { mode }))
        }
      >
        {gizmoChoices.map((c) => (
          <ToggleButton key={c.value} value={c.value} aria-keyshortcuts={c.key} title={c.key}>
            {t(c.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t('dev.editor.history.camera')}
        value={state.cameraMode}
        onChange={(_, mode: EditorStateData['cameraMode'] | null) =>
          mode && send(command('Editor.Content', 'setCameraMode', { mode }))
        }
      >
        {cameraChoices.map((c) => (
          <ToggleButton key={c.value} value={c.value}>
            {t(c.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t('dev.editor.history.units')}
        value={state.units}
        onChange={(_, units: EditorStateData['units'] | null) =>
          units && send(command('Editor.Construction', 'setUnits', { units }))
        }
      >
        {unitChoices.map((c) => (
          <ToggleButton key={c.value} value={c.value}>
            {t(c.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={state.snapping}
              onChange={(e) =>
                send(
                  command('Editor.Content', 'setSnapping', { enabled: e.target.checked, ...snappingSteps }),
                )
              }
            />
          }
          label={t('dev.editor.history.snapping')}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={help}
              onChange={(e) => {
                setHelp(e.target.checked);
                send(command('Editor.Content', 'setHelpVisible', { visible: e.target.checked }));
              }}
            />
          }
          label={t('dev.editor.history.help')}
        />
      </Box>
      <Box data-testid="editor-cost" aria-label={t('dev.editor.cost.title')} role="group">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('dev.editor.cost.title')}
        </Typography>
        {lines.map((line) => (
          <Typography key={line.labelKey} variant="body2">
            {line.count === null
              ? t('dev.editor.cost.single', { item: t(line.labelKey), credits: line.credits })
              : t('dev.editor.cost.line', {
                  item: t(line.labelKey),
                  n: line.count,
                  each: line.each,
                  credits: line.credits,
                })}
          </Typography>
        ))}
        <Typography variant="body2">
          {t('dev.editor.cost.total', { credits: state.cost.totalCredits })}
        </Typography>
      </Box>
    </Stack>
  );
}
