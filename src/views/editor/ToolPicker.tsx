import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolOptions } from '../../engine/protocol';
import { command, type EditorStateData, type Send } from './editorSession';
import {
  doorKinds,
  type OpeningMemory,
  rememberOpening,
  setToolPayload,
  stairsKindChoices,
  stairsTurnChoices,
  type ToolChoice,
  toolChoiceOf,
  toolChoices,
  windowKinds,
} from './editorTools';
import '../../i18n/devCatalogue';

/**
 * The construction and painting tools, showing the engine's current one, with the kinds the door,
 * window and stairs tools place (platform.md §2.6: door single or double; window single, center,
 * top, panoramic; stairs straight, L left/right, U left/right).
 */
export function ToolPicker({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  const [openings, setOpenings] = useState<OpeningMemory>(() =>
    rememberOpening({ door: 'door-single', window: 'window-single' }, state.toolOptions),
  );
  const [seenKind, setSeenKind] = useState(state.toolOptions.openingKind);
  if (state.toolOptions.openingKind !== seenKind) {
    setSeenKind(state.toolOptions.openingKind);
    setOpenings(rememberOpening(openings, state.toolOptions));
  }
  const choice = toolChoiceOf(state.tool, state.toolOptions);

  const choose = (next: ToolChoice, options: ToolOptions = state.toolOptions, memory = openings) =>
    send(command('Editor.Construction', 'setTool', setToolPayload(next, options, memory)));

  const chooseOpening = (kind: ToolOptions['openingKind'], tool: 'door' | 'window') => {
    const memory = { ...openings, [tool]: kind } as OpeningMemory;
    setOpenings(memory);
    choose(tool, { ...state.toolOptions, openingKind: kind }, memory);
  };

  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t('dev.editor.tools.label')}
        value={choice}
        onChange={(_, next: ToolChoice | null) => next && choose(next)}
        sx={{ flexWrap: 'wrap' }}
      >
        {toolChoices.map((c) => (
          <ToggleButton key={c.value} value={c.value} sx={{ px: 1 }}>
            {t(c.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {choice === 'door' && (
        <TextField
          select
          size="small"
          label={t('dev.editor.tools.doorKind')}
          value={openings.door}
          onChange={(e) => chooseOpening(e.target.value as ToolOptions['openingKind'], 'door')}
        >
          {doorKinds.map((k) => (
            <MenuItem key={k.value} value={k.value}>
              {t(k.labelKey)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {choice === 'window' && (
        <TextField
          select
          size="small"
          label={t('dev.editor.tools.windowKind')}
          value={openings.window}
          onChange={(e) => chooseOpening(e.target.value as ToolOptions['openingKind'], 'window')}
        >
          {windowKinds.map((k) => (
            <MenuItem key={k.value} value={k.value}>
              {t(k.labelKey)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {choice === 'stairs' && (
        <Stack direction="row" spacing={1}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('dev.editor.tools.stairsKind')}
            value={state.toolOptions.stairsKind}
            onChange={(e) =>
              choose('stairs', {
                ...state.toolOptions,
                stairsKind: e.target.value as ToolOptions['stairsKind'],
              })
            }
          >
            {stairsKindChoices.map((k) => (
              <MenuItem key={k.value} value={k.value}>
                {t(k.labelKey)}
              </MenuItem>
            ))}
          </TextField>
          {state.toolOptions.stairsKind !== 'straight' && (
            <TextField
              select
              fullWidth
              size="small"
              label={t('dev.editor.tools.turn')}
              value={state.toolOptions.stairsTurn}
              onChange={(e) =>
                choose('stairs', {
                  ...state.toolOptions,
                  stairsTurn: e.target.value as ToolOptions['stairsTurn'],
                })
              }
            >
              {stairsTurnChoices.map((k) => (
                <MenuItem key={k.value} value={k.value}>
                  {t(k.labelKey)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      )}
    </Stack>
  );
}
