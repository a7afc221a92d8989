import { useEffect } from 'react';
import type { EngineEventSource } from './engineEventHub';
import { changesContent, command, type Send } from './editorSession';

/** How long to wait after the last change before asking for the object list and document. */
export const refreshDelayMs = 150;

/**
 * While a view that shows the objects is open: asks the engine for the object list and the
 * document at once, and again a moment after the content changes (the engine reports every edit).
 * Nothing is asked while no such view is open.
 */
export function useContentRefresh(send: Send, events: EngineEventSource) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      send(command('Editor.Content', 'requestObjectList', {}));
      send(command('Editor.Content', 'exportContent', {}));
    };
    refresh();
    const unsubscribe = events.subscribe((event) => {
      if (!changesContent(event)) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, refreshDelayMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [send, events]);
}
