import { Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay, OverlayBox } from './LoadingOverlay';
import type { EngineActorRef } from '../../machines/engineReadinessMachine';

/** What covers the engine until it is ready: its loading progress, or why it failed and Retry. */
export function EngineStatus({ engine }: { engine: EngineActorRef }) {
  const { t } = useTranslation();
  const ready = useSelector(engine, (s) => s.hasTag('inputEnabled'));
  const failed = useSelector(engine, (s) => s.matches('failed'));
  const error = useSelector(engine, (s) => s.context.error);
  const progress = useSelector(engine, (s) => s.context.progress);

  if (ready) return null;
  if (!failed) return <LoadingOverlay label={t('engine.loading')} percent={progress} />;
  return (
    <OverlayBox>
      <div role="alert">
        <Typography component="p" variant="h6">
          {t('engine.unavailable')}
        </Typography>
        {error && <Typography component="p">{error}</Typography>}
      </div>
      <Button variant="contained" color="primary" onClick={() => engine.send({ type: 'engine.retry' })}>
        {t('common.actions.retry')}
      </Button>
    </OverlayBox>
  );
}
