import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { command, type EditorStateData, nextTourTitle, type Send } from './editorSession';
import { TourCard } from './TourCard';

/** Paths (platform.md §2.6 Create Stories or Paths): guided tours and the entry point. */
export function PathsSection({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          onClick={() =>
            send(
              command('Editor.GuidedTour', 'addTour', {
                tour: { title: nextTourTitle(state.tours), description: '', public: true, points: [] },
              }),
            )
          }
        >
          {t('dev.editor.paths.addTour')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => send(command('Editor.Curation', 'captureStartingPoint', {}))}
        >
          {t('dev.editor.paths.entryPoint')}
        </Button>
      </Stack>
      {state.tours.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('viewer.paths.empty')}
        </Typography>
      )}
      {state.tours.map((tour) => (
        <TourCard key={tour.id} tour={tour} send={send} />
      ))}
    </Stack>
  );
}
