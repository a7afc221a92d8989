import { Button, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../app/AppContext';
import { command, type EditorStateData, nextTourTitle, type Send } from './editorSession';
import { TourCard } from './TourCard';
import '../../i18n/devCatalogue';

/** Paths (platform.md §2.6 Create Stories or Paths): guided tours and the entry point. */
export function PathsSection({ state, send }: { state: EditorStateData; send: Send }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const setStart = () => {
    send(command('Editor.Curation', 'captureStartingPoint', {}));
    toasts.send({ type: 'toast.show', severity: 'success', message: 'toasts.startSet' });
  };
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
        <Tooltip title={t('dev.editor.paths.entryPointHint')}>
          <Button size="small" variant="outlined" onClick={setStart}>
            {t('dev.editor.paths.entryPoint')}
          </Button>
        </Tooltip>
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
