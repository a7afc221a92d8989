import {
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SpaceTemplateChoice,
  spaceTemplateKinds,
  spaceTemplateSizes,
} from '../../../contracts/sceneContent';
import { spaceTemplateFamilies } from '../../../contracts/spaceTemplates';
import { ConfirmDialog } from './ConfirmDialog';
import { command, type EditorStateData, hasWork, type Send } from './editorSession';

type Choice = 'premade' | 'custom';
const choiceOf = (space: EditorStateData['space']): Choice =>
  space.kind === 'template' ? 'premade' : 'custom';

const kindLabelKeys = {
  Standard: 'dev.editor.space.standard',
  Premium: 'dev.editor.space.premium',
} as const;

/**
 * Premade or custom space (platform.md §2.6 Define Space). Switching asks first when the document
 * has work in it (platform.md §4: switching discards the current work after confirmation).
 */
export function SpaceChoice({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(choiceOf(state.space));
  const [shownKind, setShownKind] = useState(state.space.kind);
  const current = state.space.kind === 'template' ? state.space.template : null;
  const [template, setTemplate] = useState<SpaceTemplateChoice>(
    current ?? { family: spaceTemplateFamilies[0].family, size: 'M', kind: 'Standard' },
  );
  /** The switch waiting for the author's confirmation; `fromRadio` when the radio asked for it. */
  const [pending, setPending] = useState<{ run: () => void; fromRadio: boolean } | null>(null);

  // Follow the engine when the space changes there (undo, a loaded document).
  if (state.space.kind !== shownKind) {
    setShownKind(state.space.kind);
    setChoice(choiceOf(state.space));
  }

  const guarded = (run: () => void, fromRadio: boolean) => {
    if (hasWork(state)) setPending({ run, fromRadio });
    else run();
  };
  const applyTemplate = () =>
    guarded(() => send(command('Editor.Construction', 'useTemplate', { template })), false);
  const changeChoice = (next: Choice) => {
    setChoice(next);
    if (next === 'custom' && state.space.kind !== 'custom') {
      guarded(() => send(command('Editor.Construction', 'useCustomSpace', {})), true);
    }
  };
  const cancel = () => {
    if (pending?.fromRadio) setChoice(choiceOf(state.space));
    setPending(null);
  };

  return (
    <Stack spacing={1.5}>
      <FormControl>
        <FormLabel id="editor-space-kind">{t('dev.editor.space.kind')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="editor-space-kind"
          value={choice}
          onChange={(e) => changeChoice(e.target.value as Choice)}
        >
          <FormControlLabel
            value="premade"
            control={<Radio size="small" />}
            label={t('dev.editor.space.premade')}
          />
          <FormControlLabel
            value="custom"
            control={<Radio size="small" />}
            label={t('dev.editor.space.custom')}
          />
        </RadioGroup>
      </FormControl>
      {choice === 'premade' && (
        <Stack spacing={1}>
          <TextField
            select
            size="small"
            label={t('dev.editor.space.family')}
            value={template.family}
            onChange={(e) => setTemplate({ ...template, family: e.target.value })}
          >
            {spaceTemplateFamilies.map((f) => (
              <MenuItem key={f.family} value={f.family}>
                {f.title}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              fullWidth
              label={t('dev.editor.space.size')}
              value={template.size}
              onChange={(e) =>
                setTemplate({ ...template, size: e.target.value as SpaceTemplateChoice['size'] })
              }
            >
              {spaceTemplateSizes.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              fullWidth
              label={t('dev.editor.space.templateKind')}
              value={template.kind}
              onChange={(e) =>
                setTemplate({ ...template, kind: e.target.value as SpaceTemplateChoice['kind'] })
              }
            >
              {spaceTemplateKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(kindLabelKeys[kind])}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Button variant="contained" size="small" onClick={applyTemplate}>
            {t('dev.editor.space.useTemplate')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('dev.editor.space.confirmTitle')}
        message={t('dev.editor.space.confirmSwitch')}
        onCancel={cancel}
        onConfirm={() => {
          pending?.run();
          setPending(null);
        }}
      />
    </Stack>
  );
}
