import {
  Box,
  Card,
  CardActionArea,
  CardMedia,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SpaceTemplateChoice,
  spaceTemplateKinds,
  spaceTemplateSizes,
} from '../../../contracts/sceneContent';
import { templateCoverOf } from '../../../contracts/premadeSpaces';
import { spaceTemplateFamilies } from '../../../contracts/spaceTemplates';
import { ConfirmDialog } from './ConfirmDialog';
import { command, type EditorStateData, hasWork, type Send } from './editorSession';
import { RoomPreviewDialog } from './RoomPreviewDialog';
import '../../i18n/devCatalogue';

const cardGrid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 0.75 } as const;
const sameRoom = (a: SpaceTemplateChoice, b: SpaceTemplateChoice | null) =>
  b !== null && a.family === b.family && a.size === b.size && a.kind === b.kind;

type Choice = 'premade' | 'custom';
const choiceOf = (space: EditorStateData['space']): Choice =>
  space.kind === 'template' ? 'premade' : 'custom';

const kindLabelKeys = {
  Standard: 'dev.editor.space.standard',
  Premium: 'dev.editor.space.premium',
} as const;

/**
 * Premade or custom space (platform.md §2.6 Define Space). A premade room is chosen from cards with
 * their covers (in the size and kind chosen above them); a card opens the room in 3D
 * (RoomPreviewDialog) with 'Use this room'. Switching asks first when the document
 * has work in it (platform.md §4: switching discards the current work after confirmation).
 */
export function SpaceChoice({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(choiceOf(state.space));
  const [shownKind, setShownKind] = useState(state.space.kind);
  const currentTemplate = state.space.kind === 'template' ? state.space.template : null;
  const [template, setTemplate] = useState<SpaceTemplateChoice>(
    currentTemplate ?? { family: spaceTemplateFamilies[0].family, size: 'M', kind: 'Standard' },
  );
  /** The room whose preview is open. */
  const [previewed, setPreviewed] = useState<SpaceTemplateChoice | null>(null);
  /** The switch waiting for the author's confirmation; `fromRadio` when the radio asked for it. */
  const [pending, setPending] = useState<{ run: () => void; fromRadio: boolean } | null>(null);

  // Follow the engine when the space changes there (undo, a loaded document). The engine's first
  // report of an empty space (none → custom) keeps a choice the author already made meanwhile.
  if (state.space.kind !== shownKind) {
    setShownKind(state.space.kind);
    if (!(shownKind === 'none' && state.space.kind === 'custom')) setChoice(choiceOf(state.space));
  }

  const guarded = (run: () => void, fromRadio: boolean) => {
    if (hasWork(state)) setPending({ run, fromRadio });
    else run();
  };
  const chooseRoom = (room: SpaceTemplateChoice) => {
    setPreviewed(null);
    setTemplate(room);
    guarded(() => send(command('Editor.Construction', 'useTemplate', { template: room })), false);
  };
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
          <Box role="list" aria-label={t('dev.editor.space.family')} sx={cardGrid}>
            {spaceTemplateFamilies.map((f) => {
              const room = { ...template, family: f.family };
              const current = sameRoom(room, currentTemplate);
              return (
                <Card
                  key={f.family}
                  role="listitem"
                  variant="outlined"
                  sx={{ borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
                >
                  <CardActionArea
                    aria-label={t('editor.rooms.open', { room: f.title })}
                    aria-current={current || undefined}
                    onClick={() => setPreviewed(room)}
                  >
                    <CardMedia component="img" image={templateCoverOf(room)} alt="" sx={{ height: 64 }} />
                    <Typography variant="caption" component="p" noWrap sx={{ px: 0.75, py: 0.5 }}>
                      {f.title}
                    </Typography>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </Stack>
      )}
      <RoomPreviewDialog room={previewed} onClose={() => setPreviewed(null)} onUse={chooseRoom} send={send} />
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
