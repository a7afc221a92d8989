import {
  AppBar,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Switch,
  TextField,
  Toolbar,
  Tooltip,
} from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HomeIcon from '@mui/icons-material/Home';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneTitleMaxLength } from '../../../../contracts/scenes';
import type { SaveStatus } from '../../../machines/saveMachine';

/** How long typing in the title waits before the change counts (districts-commerce-spaces.md §5). */
export const titleDebounceMs = 200;

export type { SaveStatus };

const statusColor: Record<SaveStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  saved: 'success',
  saving: 'info',
  unsaved: 'warning',
  failed: 'error',
  conflict: 'error',
};

export interface EditorHeaderProps {
  title: string;
  /** Called 200 ms after the last keystroke, only with a title of at most 100 characters. */
  onTitleChange(title: string): void;
  published: boolean;
  status: SaveStatus;
  autoSave: boolean;
  onAutoSaveChange(on: boolean): void;
  saving: boolean;
  onSave(): void;
  /** null while the space has never been saved (there is nothing to preview yet). */
  previewHref: string | null;
  onPreview(): void;
  /** A district space's Upgrade (its Owners open the district wizard from it). */
  upgrade?: ReactNode;
  onHelp(): void;
  onHome(): void;
}

/**
 * The editor header (districts-commerce-spaces.md §2 'Editor header'): the editable title with the
 * Draft or Published badge, the save status, the autosave toggle, Save and Preview.
 */
export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.title);
  const typing = useRef(false);
  const tooLong = draft.length > sceneTitleMaxLength;

  // A title set from outside (the automatic 'Untitled space …' after a save) shows unless typing.
  useEffect(() => {
    if (!typing.current) setDraft(props.title);
  }, [props.title]);

  const { onTitleChange } = props;
  useEffect(() => {
    if (!typing.current) return;
    const timer = setTimeout(() => {
      typing.current = false;
      if (draft.length <= sceneTitleMaxLength) onTitleChange(draft);
    }, titleDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, onTitleChange]);

  /** Save takes the title as typed, without waiting for the debounce. */
  const save = () => {
    if (typing.current) {
      typing.current = false;
      if (draft.length <= sceneTitleMaxLength) onTitleChange(draft);
    }
    props.onSave();
  };

  return (
    <AppBar position="static" color="default" elevation={1} sx={{ zIndex: 2 }}>
      <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap', py: 0.5 }}>
        <Tooltip title={t('editor.header.home')}>
          <IconButton edge="start" aria-label={t('editor.header.home')} onClick={props.onHome}>
            <HomeIcon />
          </IconButton>
        </Tooltip>
        <TextField
          size="small"
          value={draft}
          placeholder={t('editor.header.titlePlaceholder')}
          onChange={(e) => {
            typing.current = true;
            setDraft(e.target.value);
          }}
          error={tooLong}
          helperText={tooLong ? t('editor.header.titleTooLong', { max: sceneTitleMaxLength }) : undefined}
          slotProps={{ htmlInput: { 'aria-label': t('editor.header.titleLabel') } }}
          sx={{ minWidth: 180, flex: '1 1 220px', maxWidth: 420 }}
        />
        <Chip
          size="small"
          label={props.published ? t('editor.header.badge.published') : t('editor.header.badge.draft')}
          color={props.published ? 'primary' : 'default'}
          data-testid="editor-state-badge"
        />
        <Chip
          size="small"
          variant="outlined"
          color={statusColor[props.status]}
          // The border carries the colour; the words stay readable (orange text fails contrast).
          sx={{ color: 'text.primary' }}
          label={t(`editor.header.status.${props.status}`)}
          role="status"
          aria-live="polite"
          data-testid="editor-save-status"
        />
        <Box sx={{ flex: 1 }} />
        <FormControlLabel
          control={
            <Switch
              checked={props.autoSave}
              onChange={(e) => props.onAutoSaveChange(e.target.checked)}
              slotProps={{ input: { 'aria-label': t('editor.header.autosave') } }}
            />
          }
          label={t('editor.header.autosave')}
        />
        <Tooltip title={t('editor.header.guide')}>
          <IconButton aria-label={t('editor.header.guide')} onClick={props.onHelp}>
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
        {props.upgrade}
        <Button variant="outlined" disabled={!props.previewHref} onClick={props.onPreview}>
          {t('editor.header.preview')}
        </Button>
        <Button variant="contained" disabled={props.saving} onClick={save}>
          {props.saving ? t('editor.header.saving') : t('editor.header.save')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
