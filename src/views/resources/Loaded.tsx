import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadActorRef } from '../../machines/loadMachine';

/**
 * What a content read shows: a spinner, the page's own words for a 404 ('Article not found.'),
 * a failure with Retry, or its data.
 */
export function Loaded<T>({
  flow,
  notFound,
  children,
}: {
  flow: LoadActorRef | undefined;
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = useSelector(flow, (s) =>
    s?.matches('ready') ? 'ready' : s?.matches('failed') ? 'failed' : 'loading',
  );
  const data = useSelector(flow, (s) => s?.context.data as T | undefined);
  const status = useSelector(flow, (s) => (s?.context.error as { status?: number } | null)?.status);
  if (state === 'loading' || !flow)
    return (
      <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (state === 'failed')
    return status === 404 && notFound ? (
      <>{notFound}</>
    ) : (
      <Alert
        severity="error"
        action={
          <Button onClick={() => flow.send({ type: 'load.retry' })}>{t('common.actions.retry')}</Button>
        }
      >
        {t('resourcePages.loadFailed')}
      </Alert>
    );
  return <>{children(data as T)}</>;
}
