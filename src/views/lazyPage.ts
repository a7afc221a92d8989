import { type ComponentType, lazy } from 'react';
import { withTimeout } from '../lib/timeout';

/** A page loaded on first visit, failing with 'Failed to load chunked component due to timeout' after 60 s. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await withTimeout(load()) }));
}
