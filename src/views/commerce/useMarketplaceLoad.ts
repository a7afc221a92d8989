import { useCallback, useEffect, useState } from 'react';
import { type MarketplaceApi, marketplaceApi } from '../../services/marketplace';
import { useOptionalApi } from '../AppContext';

export type Loaded<T> =
  | { status: 'loading'; reload: () => void }
  | { status: 'failed'; error: unknown; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void; set: (data: T) => void };

/**
 * One marketplace read for a view: loads on mount (aborted on unmount), `reload` fetches again and
 * `set` replaces the data with a newer copy (a push event, a checkout's refetch).
 */
export function useMarketplaceLoad<T>(
  read: (api: MarketplaceApi, signal: AbortSignal) => Promise<T>,
): Loaded<T> {
  const api = useOptionalApi();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: T }
  >({
    status: 'loading',
  });
  // The read is fixed for the view's life: it is the first one given.
  const [fixedRead] = useState(() => read);
  useEffect(() => {
    const controller = new AbortController();
    // Without an API client (a view rendered on its own) the read fails like a lost connection.
    const read = api
      ? fixedRead(marketplaceApi(api), controller.signal)
      : Promise.reject(new Error('No API client'));
    read.then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [api, fixedRead, attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return state.status === 'ready' ? { ...state, reload, set } : { ...state, reload };
}
