import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteListActorRef } from '../../machines/infiniteListMachine';

/**
 * What follows an infinite list (platform.md §4 'Infinite list'): the next page loads when the end
 * scrolls into view, with a Load more button (always, or only where scrolling cannot be watched);
 * a spinner while a page loads; `empty` once the list ended with nothing; a failure with Try
 * again, or `onFailed`'s own answer when it gives one (a sign-in prompt for a 401).
 */
export function ListFooter({
  list,
  empty = null,
  onFailed,
  failedText,
  loadMoreButton = 'always',
}: {
  list: InfiniteListActorRef;
  empty?: ReactNode;
  onFailed?: (error: unknown) => ReactNode;
  /** The failure's text (default: explore.listFailed). */
  failedText?: string;
  loadMoreButton?: 'always' | 'fallback';
}) {
  const { t } = useTranslation();
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const canLoadMore = useSelector(list, (s) => s.can({ type: 'list.loadMore' }));
  const failed = useSelector(list, (s) => s.matches('failed'));
  const error = useSelector(list, (s) => s.context.error);
  const emptyDone = useSelector(list, (s) => s.matches('done') && s.context.items.length === 0);

  const sentinel = useRef<HTMLDivElement>(null);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || !observable) return;
    // A new observer each time the list can grow again: observing reports at once whether the end
    // is already in view (a tall screen), so pages keep coming until it is not.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) list.send({ type: 'list.loadMore' });
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, observable, list]);

  const failure = failed ? onFailed?.(error) : null;
  return (
    <>
      {emptyDone && empty}
      {loading && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('list.loadingMore')} />
        </Box>
      )}
      {failed &&
        (failure ?? (
          <Alert
            severity="error"
            sx={{ mt: 3 }}
            action={
              <Button color="inherit" onClick={() => list.send({ type: 'list.retry' })}>
                {t('list.retry')}
              </Button>
            }
          >
            {failedText ?? t('explore.listFailed')}
          </Alert>
        ))}
      {canLoadMore && (loadMoreButton === 'always' || !observable) && (
        <Box sx={{ display: 'grid', placeItems: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => list.send({ type: 'list.loadMore' })}>
            {t('list.loadMore')}
          </Button>
        </Box>
      )}
      <Box ref={sentinel} aria-hidden sx={{ height: 1 }} />
    </>
  );
}

/** The empty state of a list: the text and an optional hint. */
export function EmptyList({ text, hint }: { text: string; hint?: string }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
      <Typography variant="h3" component="p">
        {text}
      </Typography>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
    </Stack>
  );
}
