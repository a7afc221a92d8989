import { useContext, useEffect, useRef } from 'react';
import type { NotificationTarget } from '../../services/notificationHub';
import { NotificationHubContext } from './context';

export { NotificationHubContext } from './context';
export { NotificationHubProvider } from './NotificationHubProvider';

/**
 * Calls `handler` with each `target` event the notification hub sends the signed-in user
 * ('Wallet': WalletNotification, 'Subscription': SubscriptionNotification, 'Notification').
 * Does nothing without a NotificationHubProvider (or while signed out). The latest handler is
 * used; it need not be memoised.
 */
export function useNotification(target: NotificationTarget, handler: (payload: unknown) => void): void {
  const hub = useContext(NotificationHubContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!hub) return;
    return hub.on(target, (payload: unknown) => latest.current(payload));
  }, [hub, target]);
}
