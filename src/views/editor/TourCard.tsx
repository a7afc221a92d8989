import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minTourPointSeconds } from '../../engine/protocol';
import { isDurationTooShort, parseDuration } from '../../lib/duration';
import { DurationField } from '../kit/DurationField';
import { DraftTextField } from './DraftTextField';
import { command, type EditorStateData, type Send } from './editorSession';
import { TourPointRow } from './TourPointRow';
import '../../i18n/devCatalogue';

type Tour = EditorStateData['tours'][number];

/** A tour: its title, its points, and a new point taken from where the camera is. */
export function TourCard({ tour, send }: { tour: Tour; send: Send }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [duration, setDuration] = useState('5');
  const nextTitle = `Point ${tour.points.length + 1}`;

  const capture = () => {
    const seconds = parseDuration(duration);
    if (seconds === null || isDurationTooShort(seconds, minTourPointSeconds)) return;
    send(
      command('Editor.GuidedTour', 'capturePoint', {
        tourId: tour.id,
        title: title.trim() || nextTitle,
        description: '',
        duration: seconds,
      }),
    );
    setTitle('');
  };

  return (
    <Paper variant="outlined" role="group" aria-label={tour.title} sx={{ p: 1 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <DraftTextField
            size="small"
            fullWidth
            label={t('dev.editor.paths.tourTitle')}
            value={tour.title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            validate={(value) => (value.trim() ? null : t('validation.requiredShort'))}
            onCommit={(value) =>
              send(command('Editor.GuidedTour', 'updateTour', { tourId: tour.id, title: value.trim() }))
            }
          />
          <IconButton
            aria-label={t('dev.editor.paths.deleteTour', { title: tour.title })}
            onClick={() => send(command('Editor.GuidedTour', 'removeTour', { tourId: tour.id }))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
        {tour.points.map((point, index) => (
          <TourPointRow
            key={point.id}
            tourId={tour.id}
            point={point}
            index={index}
            count={tour.points.length}
            send={send}
          />
        ))}
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            label={t('dev.editor.paths.newPointTitle')}
            placeholder={nextTitle}
            value={title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(e) => setTitle(e.target.value)}
          />
          <DurationField
            size="small"
            sx={{ width: 130, flexShrink: 0 }}
            label={t('dev.editor.paths.newPointDuration')}
            min={minTourPointSeconds}
            value={duration}
            onChange={setDuration}
          />
        </Stack>
        <Button size="small" variant="outlined" onClick={capture}>
          {t('dev.editor.paths.capturePoint')}
        </Button>
      </Stack>
    </Paper>
  );
}
