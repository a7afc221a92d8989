import { Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay, OverlayBox } from '../../views/kit/LoadingOverlay';
import type { EngineConnection } from './engineConnection';

/** What covers the engine until it is ready: its loading progress, or why it failed and Retry. */
export function EngineStatus({ connection }: { connection: EngineConnection }) {
  const { t } = useTranslation();
  const { actor } = connection;
  const ready = useSelector(actor, (s) => s.hasTag('inputEnabled'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const progress = useSelector(actor, (s) => s.context.progress);

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
      <Button variant="contained" color="primary" onClick={() => connection.retry()}>
        {t('common.actions.retry')}
      </Button>
    </OverlayBox>
  );
}
