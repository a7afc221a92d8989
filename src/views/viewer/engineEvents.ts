import { useCallback, useState } from 'react';
import type { EngineEvent } from '../../engine/protocol';

type Listener = (event: EngineEvent) => void;

/**
 * A small set of listeners to the engine's events: the page feeds it from EngineHost's `onEvent`
 * (`publish`), the panels listen (`onEngineEvent`, answering the function that stops listening).
 */
export function useEngineEventHub() {
  const [listeners] = useState(() => new Set<Listener>());
  const publish = useCallback(
    (event: EngineEvent) => {
      for (const listener of [...listeners]) listener(event);
    },
    [listeners],
  );
  const onEngineEvent = useCallback(
    (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [listeners],
  );
  return { publish, onEngineEvent };
}
