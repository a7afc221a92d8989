import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { EngineCommand } from '../../engine/protocol';
import type { TourState } from '../../lib/tourKeys';
import type { SceneContent } from '../../../contracts/sceneContent';

export type { TourState };

/** Paths (platform.md §2.7): the space's guided tours with Start, and the controls of the one playing. */
export function PathsPanel({
  content,
  tour,
  send,
  loaded,
}: {
  content: SceneContent;
  tour: TourState | null;
  send: (cmd: EngineCommand) => void;
  /** Whether the engine has the space: a tour can start only then. */
  loaded: boolean;
}) {
  const { t } = useTranslation();
  const tours = content.guidedTours ?? [];
  if (tours.length === 0) return <Typography>{t('viewer.paths.empty')}</Typography>;
  return (
    <Stack spacing={1}>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {tours.map((tourItem) => (
          <Stack
            component="li"
            key={tourItem.guidedTourId}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center' }}
          >
            <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
              {tourItem.title}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<PlayArrowIcon />}
              disabled={!loaded}
              onClick={() =>
                send({
                  channel: 'Viewer',
                  method: 'playGuidedTour',
                  payload: { tourId: tourItem.guidedTourId },
                })
              }
            >
              {t('viewer.paths.start')}
            </Button>
          </Stack>
        ))}
      </Stack>
      {tour && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <IconButton
            aria-label={t('viewer.paths.previous')}
            onClick={() => send({ channel: 'Viewer', method: 'previousGuidedTourPoint', payload: {} })}
          >
            <SkipPreviousIcon />
          </IconButton>
          <IconButton
            aria-label={tour.playing ? t('viewer.paths.pause') : t('viewer.paths.resume')}
            onClick={() =>
              tour.playing
                ? send({ channel: 'Viewer', method: 'pauseGuidedTour', payload: {} })
                : send({ channel: 'Viewer', method: 'playGuidedTour', payload: { tourId: tour.tourId } })
            }
          >
            {tour.playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <IconButton
            aria-label={t('viewer.paths.next')}
            onClick={() => send({ channel: 'Viewer', method: 'nextGuidedTourPoint', payload: {} })}
          >
            <SkipNextIcon />
          </IconButton>
          <Typography variant="body2" data-testid="viewer-tour-point">
            {t('viewer.paths.point', { index: tour.pointIndex + 1, count: tour.pointCount })}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
