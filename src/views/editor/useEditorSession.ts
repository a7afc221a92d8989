import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { EditorPanelActorRef } from '../../machines/editorPanelMachine';

/**
 * What the editor's side panel shows (its flow, editorPanelMachine): the session the engine
 * reported, the next exported document as a promise, and dismissing a rejected command.
 */
export function useEditorSession(panel: EditorPanelActorRef) {
  const session = useSelector(panel, (s) => s.context);
  const requestExport = useCallback(
    () =>
      new Promise<SceneContent>((resolve) => {
        const subscription = panel.on('document.exported', ({ content }) => {
          subscription.unsubscribe();
          resolve(content);
        });
        panel.send({ type: 'document.exportRequested' });
      }),
    [panel],
  );
  const dismissRejection = useCallback(() => panel.send({ type: 'rejection.dismissed' }), [panel]);
  return { session, requestExport, dismissRejection };
}
