import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minTourPointSeconds } from '../../engine/protocol';
import { isDurationTooShort, parseDuration } from '../../lib/duration';
import { DurationField } from '../kit/DurationField';
import { DraftTextField } from './DraftTextField';
import { command, type EditorStateData, type Send } from './editorSession';
import '../../i18n/devCatalogue';

type Point = EditorStateData['tours'][number]['points'][number];

/** A point of a tour: title and duration, order, preview and delete. */
export function TourPointRow({
  tourId,
  point,
  index,
  count,
  send,
}: {
  tourId: string;
  point: Point;
  index: number;
  count: number;
  send: Send;
}) {
  const { t } = useTranslation();
  const ids = { tourId, pointId: point.id };
  const [duration, setDuration] = useState(String(point.duration));
  const [seenDuration, setSeenDuration] = useState(point.duration);
  const [editing, setEditing] = useState(false);
  if (!editing && point.duration !== seenDuration) {
    setSeenDuration(point.duration);
    setDuration(String(point.duration));
  }

  const commitDuration = (text: string) => {
    setEditing(false);
    const seconds = parseDuration(text);
    if (seconds === null || isDurationTooShort(seconds, minTourPointSeconds) || seconds === point.duration)
      return;
    send(command('Editor.GuidedTour', 'updatePoint', { ...ids, patch: { duration: seconds } }));
  };

  return (
    <Box role="group" aria-label={point.title} sx={{ pl: 1, borderLeft: 2, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ mb: 0.5 }}>
        <DraftTextField
          size="small"
          fullWidth
          label={t('dev.editor.paths.pointTitle')}
          value={point.title}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          validate={(value) => (value.trim() ? null : t('validation.requiredShort'))}
          onCommit={(title) =>
            send(command('Editor.GuidedTour', 'updatePoint', { ...ids, patch: { title: title.trim() } }))
          }
        />
        <DurationField
          size="small"
          sx={{ width: 110, flexShrink: 0 }}
          label={t('dev.editor.paths.pointDuration')}
          min={minTourPointSeconds}
          value={duration}
          onFocus={() => setEditing(true)}
          onChange={setDuration}
          onBlur={commitDuration}
        />
      </Stack>
      <Stack direction="row" spacing={0.5}>
        <IconButton
          size="small"
          disabled={index === 0}
          aria-label={t('dev.editor.paths.moveUp', { title: point.title })}
          onClick={() => send(command('Editor.GuidedTour', 'movePoint', { ...ids, toIndex: index - 1 }))}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          disabled={index === count - 1}
          aria-label={t('dev.editor.paths.moveDown', { title: point.title })}
          onClick={() => send(command('Editor.GuidedTour', 'movePoint', { ...ids, toIndex: index + 1 }))}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('dev.editor.paths.preview', { title: point.title })}
          onClick={() => send(command('Editor.GuidedTour', 'previewPoint', ids))}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('dev.editor.paths.deletePoint', { title: point.title })}
          onClick={() => send(command('Editor.GuidedTour', 'removePoint', ids))}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}
