import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { EngineEventSource } from './engineEventHub';
import { command, editorSessionReducer, initialEditorSession, type Send } from './editorSession';

/**
 * The editor session of the panel: follows the engine's events and offers the next exported
 * document as a promise.
 */
export function useEditorSession(send: Send, events: EngineEventSource) {
  const [session, dispatch] = useReducer(editorSessionReducer, initialEditorSession);
  const exportWaiters = useRef<((content: SceneContent) => void)[]>([]);

  useEffect(
    () =>
      events.subscribe((event) => {
        dispatch(event);
        if (event.type === 'exportResult') exportWaiters.current.splice(0).forEach((w) => w(event.content));
      }),
    [events],
  );

  // The page offers no props of its own: the engine's built-in ones are always there.
  useEffect(() => {
    send(command('Editor.Design', 'setPropLibrary', { props: [] }));
  }, [send]);

  const requestExport = useCallback(
    () =>
      new Promise<SceneContent>((resolve) => {
        exportWaiters.current.push(resolve);
        send(command('Editor.Content', 'exportContent', {}));
      }),
    [send],
  );
  const dismissRejection = useCallback(() => dispatch({ type: 'rejection.dismissed' }), []);

  return { session, requestExport, dismissRejection };
}
