import { useCallback } from 'react';
import { useAppActor } from '../../app/AppContext';

/** The systemId of the signed-in user's direct messages (the header's Messages window). */
export const directMessagesSystemId = 'directMessages';

/**
 * Opens the Messages window on a conversation with `userId` (made if there is none), and sends
 * `text` in it if given, when the signed-in user's direct messages run (the header's Messages
 * button); answers whether they do.
 */
export function useMessageSomeone(): (userId: string, text?: string) => boolean {
  const root = useAppActor();
  return useCallback(
    (userId: string, text?: string) => {
      const dms = root.system.get(directMessagesSystemId);
      if (!dms) return false;
      dms.send({ type: 'dm.start', userId, ...(text ? { text } : {}) });
      return true;
    },
    [root],
  );
}

/**
 * In the viewer: opens the Chat panel on its Direct tab with the conversation with `userId` (the
 * viewer page runs the direct messages of a signed-in visitor).
 */
export function useChatInViewer(): (userId: string, text?: string) => void {
  const root = useAppActor();
  const messageSomeone = useMessageSomeone();
  return useCallback(
    (userId: string, text?: string) => {
      if (messageSomeone(userId, text))
        root.system.get('viewerSidebar')?.send({ type: 'panel.open', panel: 'chat' });
    },
    [root, messageSomeone],
  );
}
