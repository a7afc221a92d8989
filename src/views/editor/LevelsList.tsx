import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLength } from '../../lib/units';
import { Modal } from '../kit/Modal';
import { ConfirmDialog } from './ConfirmDialog';
import { command, type EditorStateData, type Send } from './editorSession';
import '../../i18n/devCatalogue';

type Level = EditorStateData['levels'][number];

/**
 * The levels of a custom space (platform.md §2.6 'floors'): pick the one to work on, add, rename
 * and delete. Deleting asks first; for the last level it says its work is discarded (§4).
 */
export function LevelsList({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<Level | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Level | null>(null);
  const last = state.levels.length === 1;

  const rename = () => {
    if (!renaming || !name.trim()) return;
    send(command('Editor.Construction', 'renameLevel', { levelId: renaming.id, name: name.trim() }));
    setRenaming(null);
  };

  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} id="editor-levels">
        {t('dev.editor.levels.title')}
      </Typography>
      {state.levels.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('dev.editor.levels.none')}
        </Typography>
      )}
      <List dense disablePadding aria-labelledby="editor-levels">
        {state.levels.map((level) => (
          <ListItem
            key={level.id}
            disablePadding
            secondaryAction={
              <>
                <IconButton
                  size="small"
                  aria-label={t('dev.editor.levels.rename', { name: level.name })}
                  onClick={() => {
                    setName(level.name);
                    setRenaming(level);
                  }}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('dev.editor.levels.delete', { name: level.name })}
                  onClick={() => setDeleting(level)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            <ListItemButton
              selected={level.id === state.activeLevelId}
              aria-current={level.id === state.activeLevelId ? 'true' : undefined}
              onClick={() => send(command('Editor.Construction', 'setActiveLevel', { levelId: level.id }))}
            >
              <ListItemText
                primary={level.name}
                secondary={t('dev.editor.levels.details', {
                  elevation: formatLength(level.elevation, state.units),
                  count: level.walls,
                })}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Button
        size="small"
        variant="outlined"
        onClick={() => send(command('Editor.Construction', 'addLevel', {}))}
      >
        {t('dev.editor.levels.add')}
      </Button>
      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('dev.editor.levels.renameTitle')}
        maxWidth="xs"
        actions={
          <>
            <Button onClick={() => setRenaming(null)}>{t('common.actions.cancel')}</Button>
            <Button variant="contained" disabled={!name.trim()} onClick={rename}>
              {t('common.actions.save')}
            </Button>
          </>
        }
      >
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          label={t('dev.editor.levels.name')}
          value={name}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && rename()}
        />
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dev.editor.levels.deleteTitle')}
        message={
          last
            ? t('dev.editor.levels.confirmDeleteLast')
            : t('dev.editor.levels.confirmDelete', { name: deleting?.name ?? '' })
        }
        confirmLabel={t('common.actions.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) send(command('Editor.Construction', 'removeLevel', { levelId: deleting.id }));
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
